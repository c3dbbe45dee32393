// The session on its own, against a real `ws` server on a loopback port: the subscription on every
// open, reconnect timing, the connect timeout, the retry limit, and ending a session.
import { expect } from "chai";
import WebSocket from "ws";
import type { ConnectNotificationsPayload } from "../../../src/notifications";
import { buildSessionHandler, type SessionEvents } from "../../../src/notifications/live/session";
import type { Session } from "../../../src/notifications/live/types";
import { startSilentServer, startSocketServer, type TestSocketServer } from "../../support/loopback";
import { sleep, until } from "../../support/wait";
import { FAST_BACKOFF, liveContext } from "../helpers/live";

const ALICE = "0x00000000000000000000000000000000000a11ce";
const BOB = "0x0000000000000000000000000000000000000b0b";

function setup(options: Parameters<typeof liveContext>[0] = {}) {
  const live = liveContext(options);
  const seen = { opened: [] as Session[], attemptsAtOpen: [] as number[], received: [] as string[], closed: [] as Session[] };
  const events: SessionEvents = {
    opened: (s) => {
      seen.opened.push(s);
      seen.attemptsAtOpen.push(s.attempts);
    },
    received: (_s, data) => void seen.received.push(String(data)),
    closed: (s) => void seen.closed.push(s),
  };
  const session = buildSessionHandler(live.ctx, events);
  const statuses: string[] = [];
  live.store.subscribe(() => {
    const status = live.state().connectionStatus;
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  return { ...live, session, seen, statuses };
}

describe("live session", () => {
  let server: TestSocketServer;
  let t: ReturnType<typeof setup> | undefined;
  beforeEach(async () => {
    server = await startSocketServer();
  });
  afterEach(async () => {
    t?.session.end();
    t = undefined;
    await server.close();
  });

  const payload = (more: Partial<ConnectNotificationsPayload> = {}): ConnectNotificationsPayload => ({
    socketUrl: server.socketUrl,
    account: ALICE,
    whitelisted: true,
    ...more,
  });

  it("opens, sends the subscription, reports open and hands over messages", async () => {
    t = setup();
    t.session.start(payload());
    await until("opened", () => t!.seen.opened.length === 1);
    expect(t.statuses).to.deep.equal(["connecting", "open"]);
    await until("the subscription", () => server.messages.length === 1);
    expect(JSON.parse(server.messages[0])).to.deep.equal({ address: [ALICE] });
    expect(t.seen.opened[0]).to.equal(t.ctx.session);
    server.sockets[0].send("hello");
    await until("the message", () => t!.seen.received.length === 1);
    expect(t.seen.received).to.deep.equal(["hello"]);
  });

  it("reconnects after the server drops it, subscribes again, and resets the attempt counter once stable", async () => {
    t = setup({ backoff: { ...FAST_BACKOFF, resetAfterMs: 50 } });
    t.session.start(payload());
    await until("opened", () => t!.seen.opened.length === 1);
    // The client sends its subscription on open; dropping the socket before the server has it would
    // leave one subscription in all (on a busy machine it may still be on its way).
    await until("the first subscription", () => server.messages.length === 1);
    server.sockets[0].terminate();
    await until("reopened", () => t!.seen.opened.length === 2);
    expect(t.seen.closed).to.have.length(1);
    expect(t.seen.attemptsAtOpen, "one failed attempt counted until the connection is stable").to.deep.equal([0, 1]);
    expect(t.statuses).to.deep.equal(["connecting", "open", "reconnecting", "open"]);
    await until("subscribed twice", () => server.messages.length === 2);
    expect(server.messages.map((m) => JSON.parse(m))).to.deep.equal([{ address: [ALICE] }, { address: [ALICE] }]);
    await until("the counter reset", () => t!.ctx.session!.attempts === 0);
  });

  it("opens nothing for a user who is not whitelisted", async () => {
    t = setup();
    t.session.start(payload({ whitelisted: false }));
    await sleep(100);
    expect(server.sockets).to.have.length(0);
    expect(t.ctx.session).to.equal(undefined);
    expect(t.state().connectionStatus).to.equal("idle");
  });

  it("knows the connection it has: the same payload is current, another account is not", async () => {
    t = setup();
    t.session.start(payload());
    expect(t.session.isCurrent(payload())).to.equal(true);
    expect(t.session.isCurrent(payload({ account: BOB }))).to.equal(false);
    expect(t.session.isCurrent(payload({ baseUrl: "http://127.0.0.1:1" }))).to.equal(false);
  });

  it("end closes the socket, tells the other parts, and nothing it started comes back", async () => {
    t = setup();
    t.session.start(payload());
    await until("opened", () => t!.seen.opened.length === 1);
    const ended = t.session.end();
    expect(ended?.stopped).to.equal(true);
    expect(t.ctx.session).to.equal(undefined);
    expect(t.seen.closed).to.deep.equal([ended]);
    await until("the server saw the close", () => server.sockets[0].readyState === WebSocket.CLOSED);
    await sleep(150);
    expect(server.sockets, "no reconnect").to.have.length(1);
    expect(t.session.end(), "ending twice is harmless").to.equal(undefined);
  });

  it("abandons a connect that does not open within connectTimeoutMs, and retries", async () => {
    const silent = await startSilentServer();
    try {
      t = setup({ connectTimeoutMs: 50 });
      t.session.start(payload({ socketUrl: `ws://127.0.0.1:${silent.port}/ws` }));
      await until("three attempts", () => silent.accepted() >= 3);
      expect(t.logger.warnings.some((w) => /no connection to ws:\/\/127\.0\.0\.1:\d+\/ws within 50 ms/.test(w))).to.equal(true);
      expect(t.seen.opened).to.have.length(0);
    } finally {
      t?.session.end();
      await silent.close();
    }
  });

  it("gives up after maxRetries: status closed and an error naming the URL", async () => {
    const port = server.port;
    await server.close();
    t = setup({ backoff: { ...FAST_BACKOFF, maxRetries: 2 } });
    t.session.start(payload({ socketUrl: `ws://127.0.0.1:${port}/ws` }));
    await until("closed", () => t!.state().connectionStatus === "closed");
    expect(t.logger.errors.join("\n")).to.match(/gave up reconnecting to ws:\/\/127\.0\.0\.1:\d+\/ws after 2 retries/);
    expect(t.statuses).to.deep.equal(["connecting", "reconnecting", "closed"]);
    server = await startSocketServer();
  });

  it("revive after maxRetries: a fresh count of retries from the same session; before that, and once revived, revive does nothing", async () => {
    const port = server.port;
    await server.close();
    t = setup({ backoff: { ...FAST_BACKOFF, maxRetries: 1 } });
    t.session.start(payload({ socketUrl: `ws://127.0.0.1:${port}/ws` }));
    const first = t.ctx.session;
    expect(t.session.revive(), "still trying").to.equal(false);
    await until("given up", () => t!.state().connectionStatus === "closed");
    expect(t.session.revive()).to.equal(true);
    expect(t.session.revive(), "already trying again").to.equal(false);
    expect(t.ctx.session).to.equal(first);
    await until("given up again", () => t!.logger.errors.length === 2);
    expect(t.statuses).to.deep.equal(["connecting", "reconnecting", "closed", "reconnecting", "closed"]);
    server = await startSocketServer();
  });

  it("revive does nothing after end()", async () => {
    t = setup();
    t.session.start(payload());
    await until("opened", () => t!.seen.opened.length === 1);
    t.session.end();
    expect(t.session.revive()).to.equal(false);
    expect(t.ctx.session).to.equal(undefined);
  });

  it("retries when the WebSocket constructor throws, saying why", async () => {
    let calls = 0;
    const Failing = function () {
      calls += 1;
      throw new Error("blocked by policy");
    } as unknown as typeof WebSocket;
    t = setup({ WebSocket: Failing, backoff: { ...FAST_BACKOFF, maxRetries: 1 } });
    t.session.start(payload());
    await until("closed", () => t!.state().connectionStatus === "closed");
    expect(calls).to.equal(2);
    expect(t.logger.warnings[0]).to.include(`cannot open ${server.socketUrl}: blocked by policy`);
  });
});
