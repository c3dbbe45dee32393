// Failure classification on its own: for each error shape our transport or Hardhat's providers
// (either major) throw, whether another attempt may help, whether the node saw the call, whether the
// endpoint is unreachable, and the reason shown. Then the two message patterns that mean "the node
// already has this transaction" and "this nonce is used".
import { expect } from "chai";
import { ALREADY_KNOWN, NONCE_USED, RpcAnswerError, TransportError, classify } from "../../../../src/hardhat/internal/rpc/failures";

interface Expected {
  retry: boolean;
  answered: boolean;
  unreachable: boolean;
  reason?: string | RegExp;
  retryAfterMs?: number;
}

interface Row {
  title: string;
  error: () => unknown;
  expected: Expected;
}

/** A Hardhat 2 HardhatError as classify sees it: an Error flagged `_isHardhatError`. */
function hardhatError(message: string): Error {
  return Object.assign(new Error(message), { _isHardhatError: true });
}

function check(row: Row): void {
  const failure = classify(row.error());
  expect({ retry: failure.retry, answered: failure.answered, unreachable: failure.unreachable }, row.title).to.deep.equal({
    retry: row.expected.retry,
    answered: row.expected.answered,
    unreachable: row.expected.unreachable,
  });
  const reason = row.expected.reason;
  if (typeof reason === "string") expect(failure.reason).to.equal(reason);
  else if (reason !== undefined) expect(failure.reason).to.match(reason);
  expect(failure.retryAfterMs).to.equal(row.expected.retryAfterMs);
}

const TRANSPORT: Row[] = [
  {
    title: "a timeout: retry; the answer, if any, was lost",
    error: () => new TransportError("timeout", "no answer within 30 s"),
    expected: { retry: true, answered: false, unreachable: false, reason: "no answer within 30 s" },
  },
  {
    title: "a reset connection: retry; the answer, if any, was lost",
    error: () => new TransportError("reset", "connection reset"),
    expected: { retry: true, answered: false, unreachable: false, reason: "connection reset" },
  },
  {
    title: "a refused connection: retry only as an unreachable endpoint",
    error: () => new TransportError("refused", "connection refused"),
    expected: { retry: true, answered: false, unreachable: true, reason: "connection refused" },
  },
  {
    title: "HTTP 429: retry, keeping the endpoint's Retry-After",
    error: () => new TransportError("status", "rate limited (HTTP 429)", 429, 2000),
    expected: { retry: true, answered: false, unreachable: false, reason: "rate limited (HTTP 429)", retryAfterMs: 2000 },
  },
  {
    title: "HTTP 503: retry",
    error: () => new TransportError("status", "HTTP 503", 503),
    expected: { retry: true, answered: false, unreachable: false, reason: "HTTP 503" },
  },
  {
    title: "HTTP 503 with Retry-After: retry, keeping Retry-After",
    error: () => new TransportError("status", "HTTP 503", 503, 5000),
    expected: { retry: true, answered: false, unreachable: false, reason: "HTTP 503", retryAfterMs: 5000 },
  },
  {
    title: "HTTP 408 (request timeout): retry",
    error: () => new TransportError("status", "HTTP 408", 408),
    expected: { retry: true, answered: false, unreachable: false, reason: "HTTP 408" },
  },
  {
    title: "HTTP 401 (unauthorized): no retry, another attempt gets the same answer",
    error: () => new TransportError("status", "HTTP 401", 401),
    expected: { retry: false, answered: false, unreachable: false, reason: "HTTP 401" },
  },
  {
    title: "HTTP 200 without a JSON-RPC answer (malformed): retry",
    error: () => new TransportError("malformed", "HTTP 200 with no JSON-RPC answer", 200),
    expected: { retry: true, answered: false, unreachable: false, reason: "HTTP 200 with no JSON-RPC answer" },
  },
];

const ANSWERS: Row[] = [
  {
    title: "code -32005 (limit exceeded): retry; the node answered",
    error: () => new RpcAnswerError("limit exceeded", -32005),
    expected: { retry: true, answered: true, unreachable: false, reason: 'the node answered "limit exceeded"' },
  },
  {
    title: '"header not found" (a load-balanced node behind): retry; the node answered',
    error: () => new RpcAnswerError("header not found", -32000),
    expected: { retry: true, answered: true, unreachable: false, reason: 'the node answered "header not found"' },
  },
  {
    title: '"execution reverted: timeout" is a revert, not a timeout: no retry',
    error: () => new RpcAnswerError("execution reverted: timeout", 3, "0x08c379a0"),
    expected: { retry: false, answered: true, unreachable: false, reason: 'the node answered "execution reverted: timeout"' },
  },
  {
    title: '"insufficient funds": no retry; the node answered',
    error: () => new RpcAnswerError("insufficient funds for gas * price + value", -32000),
    expected: { retry: false, answered: true, unreachable: false, reason: /insufficient funds/ },
  },
  {
    title: "a multi-line answer is reported by its first line",
    error: () => new RpcAnswerError("invalid argument 0\nmore detail", -32602),
    expected: { retry: false, answered: true, unreachable: false, reason: 'the node answered "invalid argument 0"' },
  },
];

const HARDHAT: Row[] = [
  {
    title: "Hardhat 2 HH108 (cannot connect): unreachable",
    error: () => hardhatError("HH108: Cannot connect to the network localhost.\nPlease make sure your node is running"),
    expected: { retry: true, answered: false, unreachable: true, reason: "connection refused" },
  },
  {
    title: "Hardhat 3 CONNECTION_REFUSED: unreachable",
    error: () =>
      Object.assign(new Error('HHE703: Cannot connect to the network "localhost".', { cause: new Error("Connection to http://x was refused") }), {
        _isHardhatError: true,
      }),
    expected: { retry: true, answered: false, unreachable: true, reason: "connection refused" },
  },
  {
    title: "Hardhat 2 HH109 (network timeout): retry, timed out",
    error: () => hardhatError("HH109: Network connection timed out.\nPlease check your internet connection and networks config"),
    expected: { retry: true, answered: false, unreachable: false, reason: "timed out" },
  },
  {
    title: "Hardhat 3 NETWORK_TIMEOUT: retry, timed out",
    error: () =>
      Object.assign(new Error("HHE704: Network connection timed out.", { cause: new Error("Request to http://x timed out") }), { _isHardhatError: true }),
    expected: { retry: true, answered: false, unreachable: false, reason: "timed out" },
  },
  {
    title: "a Hardhat error named NETWORK_TIMEOUT (Network timeout): retry, timed out",
    error: () => hardhatError("NETWORK_TIMEOUT: Network timeout"),
    expected: { retry: true, answered: false, unreachable: false, reason: "timed out" },
  },
  {
    title: "ProviderError -32005 (Hardhat 2 after HTTP 429): retry, rate limited",
    error: () => Object.assign(new Error("Too Many Requests error received from host"), { code: -32005 }),
    expected: { retry: true, answered: false, unreachable: false, reason: "rate limited (HTTP 429)" },
  },
  {
    title: "a bare undici socket error (other side closed): retry, connection reset",
    error: () => Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
    expected: { retry: true, answered: false, unreachable: false, reason: "connection reset" },
  },
  {
    title: "Hardhat 3 UnknownError (Failed to make POST request, ECONNRESET cause): retry, connection reset",
    error: () => new Error("Failed to make POST request to http://x", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }),
    expected: { retry: true, answered: false, unreachable: false, reason: "connection reset" },
  },
  {
    title: "Hardhat 3 UnknownError with an ECONNREFUSED cause: unreachable",
    error: () =>
      new Error("Failed to make POST request to http://x", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }) }),
    expected: { retry: true, answered: false, unreachable: true, reason: "connection refused" },
  },
  {
    title: "a ProviderError the node answered (nonce too low, numeric code): no retry; answered",
    error: () => Object.assign(new Error("nonce too low"), { code: -32000 }),
    expected: { retry: false, answered: true, unreachable: false, reason: 'the node answered "nonce too low"' },
  },
  {
    title: "a ProviderError the node answered with a transient message (header not found): retry; answered",
    error: () => Object.assign(new Error("header not found"), { code: -32000 }),
    expected: { retry: true, answered: true, unreachable: false },
  },
  {
    title: "a programming error (TypeError): no retry, not an answer",
    error: () => new TypeError("x is not a function"),
    expected: { retry: false, answered: false, unreachable: false, reason: "x is not a function" },
  },
  {
    title: "a plain Error mentioning a timeout, not from Hardhat: no retry",
    error: () => new Error("timeout must be a number"),
    expected: { retry: false, answered: false, unreachable: false },
  },
];

describe("rpc failures: classify", () => {
  describe("our transport's errors", () => {
    for (const row of TRANSPORT) it(row.title, () => check(row));
  });

  describe("the node's JSON-RPC error answers", () => {
    for (const row of ANSWERS) it(row.title, () => check(row));
  });

  describe("Hardhat's providers' errors", () => {
    for (const row of HARDHAT) it(row.title, () => check(row));

    // A ProviderError with a numeric code is the node's JSON-RPC answer whatever its text: a revert
    // reason containing "terminated" must not be taken for a lost connection (retried, journaled
    // "maybe-sent", and finally reported as an unavailable endpoint).
    it("a ProviderError revert whose reason contains 'terminated' is still the node's answer, not a reset", () => {
      check({
        title: "revert with 'terminated'",
        error: () => Object.assign(new Error("execution reverted: Sale terminated"), { code: 3, data: "0x08c379a0" }),
        expected: { retry: false, answered: true, unreachable: false, reason: 'the node answered "execution reverted: Sale terminated"' },
      });
    });

    // Behind an HTTP proxy the session uses Hardhat 2's provider, which turns any non-JSON body (a
    // load balancer's 502/503 page) into HH110; it is retried like our own transport's HTTP 502.
    it("Hardhat 2 HH110 (a 502 page instead of a JSON-RPC answer) is retried like an HTTP 502", () => {
      check({
        title: "HH110 502",
        error: () => hardhatError("HH110: Invalid JSON-RPC response received: <html><h1>502 Bad Gateway</h1></html>"),
        expected: { retry: true, answered: false, unreachable: false },
      });
    });
  });

  it("tells its own error classes apart by name", () => {
    expect(new RpcAnswerError("x", 1).name).to.equal("ProviderError");
    expect(new TransportError("reset", "x").name).to.equal("TransportError");
    const answer = new RpcAnswerError("execution reverted", 3, "0x08c379a0");
    expect([answer.code, answer.data, answer.message]).to.deep.equal([3, "0x08c379a0", "execution reverted"]);
  });
});

describe("rpc failures: ALREADY_KNOWN and NONCE_USED", () => {
  const alreadyKnown = ["already known", "Known transaction: 0xab", "ALREADY_EXISTS: already known"];
  const nonceUsed = ["nonce too low", "Nonce too low. Expected nonce to be 3 but got 2.", "replacement transaction underpriced"];
  const neither = "insufficient funds for gas * price + value";

  for (const message of alreadyKnown) {
    it(`ALREADY_KNOWN matches "${message}"`, () => expect(ALREADY_KNOWN.test(message)).to.equal(true));
  }
  for (const message of nonceUsed) {
    it(`NONCE_USED matches "${message}"`, () => expect(NONCE_USED.test(message)).to.equal(true));
  }

  it("the two patterns do not overlap on these messages", () => {
    for (const message of alreadyKnown) expect(NONCE_USED.test(message), message).to.equal(false);
    for (const message of nonceUsed) expect(ALREADY_KNOWN.test(message), message).to.equal(false);
  });

  it(`neither matches "${neither}"`, () => {
    expect(ALREADY_KNOWN.test(neither)).to.equal(false);
    expect(NONCE_USED.test(neither)).to.equal(false);
  });
});
