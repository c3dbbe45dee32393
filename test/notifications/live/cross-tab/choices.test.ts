// The crossTab option's choices: true (the best available), "leader", false, or the two APIs passed
// in; anything else is rejected when the middleware is created, each bad value with its own test.
import { expect } from "chai";
import { createNotificationsMiddleware, type NotificationsMiddlewareOptions } from "../../../../src/notifications";
import { resolveCrossTabEffects } from "../../../../src/notifications/live/cross-tab/environment";

class Channel {
  onmessage = null;
  postMessage(): void {}
  close(): void {}
}
const locks = { request: () => Promise.resolve() };
const browser = { isSecureContext: true, navigator: { locks }, BroadcastChannel: Channel };

describe("live: the crossTab option's choices", () => {
  it('"leader" shares the socket where true does, with the browser\'s two APIs, and nowhere else', () => {
    expect(resolveCrossTabEffects("leader", browser)).to.deep.equal(resolveCrossTabEffects(true, browser));
    expect(resolveCrossTabEffects("leader", browser)).to.not.equal(undefined);
    expect(resolveCrossTabEffects("leader", { ...browser, isSecureContext: false })).to.equal(undefined);
    expect(resolveCrossTabEffects("leader")).to.equal(undefined); // Node
  });

  it('accepts true, false, "leader" and the two APIs', () => {
    for (const crossTab of [true, false, "leader", { locks, BroadcastChannel: Channel }] as const)
      expect(() => createNotificationsMiddleware({ crossTab })).to.not.throw();
  });

  const rejects = (crossTab: unknown, message: RegExp) => () =>
    expect(() => createNotificationsMiddleware({ crossTab } as NotificationsMiddlewareOptions)).to.throw(TypeError, message);
  it(
    'rejects "worker" (the SharedWorker design, measured and not kept)',
    rejects("worker", /crossTab must be true, false, "leader" or \{ locks, BroadcastChannel \}, got "worker"$/)
  );
  it("rejects another string", rejects("tabs", /crossTab must be true, false, "leader" or \{ locks, BroadcastChannel \}, got "tabs"$/));
  it("rejects a number", rejects(1, /crossTab must be .* got 1/));
  it("rejects an object without BroadcastChannel", rejects({ locks }, /crossTab must be .* got \{"locks":\{\}\}/));
});
