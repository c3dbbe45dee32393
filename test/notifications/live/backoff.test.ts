import { expect } from "chai";
import { DEFAULT_BACKOFF, backoffDelay, resolveBackoff } from "../../../src/notifications/live/backoff";

describe("reconnect backoff", () => {
  it("has the documented defaults", () => {
    expect(resolveBackoff()).to.deep.equal({ minDelayMs: 1000, maxDelayMs: 30000, factor: 2, jitter: 0.2, resetAfterMs: 5000, maxRetries: Infinity });
  });

  it("grows by the factor from the minimum up to the cap (no jitter at random 0.5)", () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => backoffDelay(DEFAULT_BACKOFF, attempt, 0.5));
    expect(delays).to.deep.equal([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("spreads by ±jitter and never exceeds the cap", () => {
    expect(backoffDelay(DEFAULT_BACKOFF, 1, 0)).to.equal(1600);
    expect(backoffDelay(DEFAULT_BACKOFF, 1, 0.999999)).to.equal(2400);
    expect(backoffDelay(DEFAULT_BACKOFF, 10, 0.999999)).to.equal(30000);
  });

  for (const [name, value] of [
    ["minDelayMs", -1],
    ["maxDelayMs", 10],
    ["factor", 0.5],
    ["jitter", 2],
    ["maxRetries", -1],
    ["resetAfterMs", Number.NaN],
  ] as const) {
    it(`rejects backoff.${name} = ${value}`, () => {
      expect(() => resolveBackoff({ [name]: value })).to.throw(TypeError, new RegExp(`backoff\\.${name} is invalid`));
    });
  }
});
