// The retry policy on its own: the backoff schedule (doubling, capped, equal jitter), Retry-After as
// delta-seconds or an HTTP date, and how `multiAccount.rpc` and the network's timeout resolve.
import { expect } from "chai";
import { backoff, parseRetryAfter, retryPolicy } from "../../../../src/hardhat/internal/rpc/policy";

const POLICY = { minDelay: 500, maxDelay: 8000 };
/** The top of the jitter range: random() is below 1 in practice, 1 is its supremum. */
const top = () => 1;
const bottom = () => 0;

describe("rpc policy: backoff", () => {
  it("doubles from minDelay on each retry (at the top of the jitter range)", () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoff(retry, POLICY, top))).to.deep.equal([500, 1000, 2000, 4000, 8000]);
  });

  it("is capped at maxDelay however many retries have gone by", () => {
    expect(backoff(6, POLICY, top)).to.equal(8000);
    expect(backoff(10, POLICY, top)).to.equal(8000);
    expect(backoff(60, POLICY, top)).to.equal(8000);
  });

  it("never goes below half the ceiling (equal jitter), even when random() is 0", () => {
    expect([1, 2, 3, 4, 5, 9].map((retry) => backoff(retry, POLICY, bottom))).to.deep.equal([250, 500, 1000, 2000, 4000, 4000]);
  });

  it("lands in the middle of [ceiling/2, ceiling] when random() is 0.5", () => {
    expect(backoff(1, POLICY, () => 0.5)).to.equal(375);
    expect(backoff(3, POLICY, () => 0.5)).to.equal(1500);
    expect(backoff(8, POLICY, () => 0.5)).to.equal(6000);
  });

  it("stays within [ceiling/2, ceiling] for any draw in [0, 1)", () => {
    for (let retry = 1; retry <= 8; retry++) {
      const ceiling = Math.min(POLICY.maxDelay, POLICY.minDelay * 2 ** (retry - 1));
      for (const draw of [0, 0.1, 0.33, 0.5, 0.77, 0.999]) {
        const wait = backoff(retry, POLICY, () => draw);
        expect(wait, `retry ${retry}, random ${draw}`).to.be.within(ceiling / 2, ceiling);
      }
    }
  });

  it("treats retry 0 like the first retry (never below minDelay's range)", () => {
    expect(backoff(0, POLICY, top)).to.equal(500);
    expect(backoff(0, POLICY, bottom)).to.equal(250);
  });

  it("uses Math.random when no random function is given, and still stays in range", () => {
    for (let i = 0; i < 50; i++) expect(backoff(2, POLICY)).to.be.within(500, 1000);
  });
});

describe("rpc policy: parseRetryAfter", () => {
  const now = Date.parse("2024-05-01T12:00:00Z");

  it("reads whole delta-seconds as milliseconds", () => {
    expect(parseRetryAfter("2", now)).to.equal(2000);
    expect(parseRetryAfter("0", now)).to.equal(0);
  });

  it("reads fractional delta-seconds as milliseconds", () => {
    expect(parseRetryAfter("1.5", now)).to.equal(1500);
  });

  it("ignores surrounding whitespace", () => {
    expect(parseRetryAfter("  2 ", now)).to.equal(2000);
  });

  it("reads an HTTP date as the milliseconds from now until then", () => {
    const later = new Date(now + 3000).toUTCString();
    expect(later).to.match(/GMT$/);
    expect(parseRetryAfter(later, now)).to.equal(3000);
  });

  it("reads an HTTP date already past as 0 (no wait), never negative", () => {
    expect(parseRetryAfter(new Date(now - 60_000).toUTCString(), now)).to.equal(0);
  });

  it("is undefined for an absent, empty or unreadable header", () => {
    expect(parseRetryAfter("", now)).to.equal(undefined);
    expect(parseRetryAfter("   ", now)).to.equal(undefined);
    expect(parseRetryAfter(null, now)).to.equal(undefined);
    expect(parseRetryAfter(undefined, now)).to.equal(undefined);
    expect(parseRetryAfter("soon", now)).to.equal(undefined);
  });
});

describe("rpc policy: retryPolicy", () => {
  const config = { retries: 3, minDelay: 100, maxDelay: 1000, timeout: 5000, totalTimeout: 20_000 };

  it("keeps the configured values, and the configured timeout over the network's", () => {
    expect(retryPolicy(config, 2000)).to.deep.equal({ retries: 3, minDelay: 100, maxDelay: 1000, timeout: 5000, totalTimeout: 20_000 });
    expect(retryPolicy(config, 60_000).timeout).to.equal(5000);
  });

  it("without a configured timeout, uses the network's timeout when shorter than 30 s", () => {
    expect(retryPolicy({ ...config, timeout: undefined }, 10_000).timeout).to.equal(10_000);
  });

  it("without a configured timeout, caps a longer network timeout at 30 s", () => {
    expect(retryPolicy({ ...config, timeout: undefined }, 40_000).timeout).to.equal(30_000);
  });

  it("without any timeout (config nor network), uses 30 s", () => {
    expect(retryPolicy({ ...config, timeout: undefined }, undefined).timeout).to.equal(30_000);
  });

  it("without a config, uses the defaults (6 retries, 500..8000 ms, 120 s in all)", () => {
    expect(retryPolicy(undefined, undefined)).to.deep.equal({ retries: 6, minDelay: 500, maxDelay: 8000, timeout: 30_000, totalTimeout: 120_000 });
  });

  it("without a config, still takes the network's shorter timeout", () => {
    expect(retryPolicy(undefined, 7000)).to.deep.equal({ retries: 6, minDelay: 500, maxDelay: 8000, timeout: 7000, totalTimeout: 120_000 });
  });
});
