// The JSON-RPC transports on their own. httpTransport against a real loopback HTTP server whose
// answer each test sets (what crosses the wire, statuses, Retry-After, JSON-RPC errors, a stalled
// answer, a reset, a refused port, credentials in the URL); providerTransport over a request function;
// behindHttpProxy over a given environment.
import { expect } from "chai";
import http from "http";
import net from "net";
import { RpcAnswerError, TransportError } from "../../../../src/hardhat/internal/rpc/failures";
import { behindHttpProxy, httpTransport, providerTransport } from "../../../../src/hardhat/internal/rpc/transport";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** The error a promise rejects with; fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    const value = await promise;
    expect.fail(`expected a rejection, got ${JSON.stringify(value)}`);
  } catch (error) {
    if ((error as Error)?.name === "AssertionError") throw error;
    return error;
  }
}

async function transportError(promise: Promise<unknown>): Promise<TransportError> {
  const error = await rejection(promise);
  expect(error, String(error)).to.be.instanceOf(TransportError);
  return error as TransportError;
}

async function answerError(promise: Promise<unknown>): Promise<RpcAnswerError> {
  const error = await rejection(promise);
  expect(error, String(error)).to.be.instanceOf(RpcAnswerError);
  return error as RpcAnswerError;
}

function reply(status: number, body: string, headers: Record<string, string> = { "content-type": "application/json" }): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("rpc transport: httpTransport over a loopback server", function () {
  let server: http.Server;
  let base: string;
  let handler: Handler;
  let seen: Seen[];
  /** Responses a test left unanswered; destroyed after it. */
  let pending: http.ServerResponse[];

  before(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen = [];
    pending = [];
    handler = reply(500, "no handler set");
  });
  afterEach(() => {
    for (const res of pending) res.destroy();
  });

  it("resolves the result of a 200 answer, after a JSON-RPC 2.0 POST with the method and params", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":"0x2a"}');
    const result = await httpTransport(base).call("eth_getBalance", ["0xabc", "latest"], 2000);
    expect(result).to.equal("0x2a");
    expect(seen).to.have.length(1);
    expect(seen[0].method).to.equal("POST");
    expect(seen[0].url).to.equal("/");
    expect(seen[0].headers["content-type"]).to.equal("application/json");
    const body = JSON.parse(seen[0].body);
    expect(body).to.include({ jsonrpc: "2.0", method: "eth_getBalance" });
    expect(body.params).to.deep.equal(["0xabc", "latest"]);
    expect(body.id).to.be.a("number");
  });

  it("gives each call of one transport a new id", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":null}');
    const transport = httpTransport(base);
    await transport.call("eth_chainId", [], 2000);
    await transport.call("eth_chainId", [], 2000);
    const ids = seen.map((request) => JSON.parse(request.body).id);
    expect(ids[0]).to.not.equal(ids[1]);
  });

  it("resolves a null result (not a malformed answer)", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":null}');
    expect(await httpTransport(base).call("eth_getTransactionReceipt", ["0x1"], 2000)).to.equal(null);
  });

  it("rejects HTTP 429 with Retry-After: 2 as a status error carrying 2000 ms", async () => {
    handler = reply(429, "slow down", { "retry-after": "2", "content-type": "text/plain" });
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect(error.kind).to.equal("status");
    expect(error.status).to.equal(429);
    expect(error.retryAfterMs).to.equal(2000);
  });

  it("rejects HTTP 503 with an HTML page as a status error", async () => {
    handler = reply(503, "<html><body>Service Unavailable</body></html>", { "content-type": "text/html" });
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect(error.kind).to.equal("status");
    expect(error.status).to.equal(503);
    expect(error.retryAfterMs).to.equal(undefined);
  });

  it("rejects HTTP 401, even with a JSON-RPC body, as a status error", async () => {
    handler = reply(401, '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"unauthorized"}}');
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect([error.kind, error.status]).to.deep.equal(["status", 401]);
  });

  it("rejects a 200 JSON-RPC error as the node's answer, keeping code, message and data", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"execution reverted","data":"0x08c379a0"}}');
    const error = await answerError(httpTransport(base).call("eth_call", [{ to: "0x1" }, "latest"], 2000));
    expect(error.code).to.equal(3);
    expect(error.message).to.equal("execution reverted");
    expect(error.data).to.equal("0x08c379a0");
  });

  it("reads HTTP 400 with a JSON-RPC error body as the node's answer", async () => {
    handler = reply(400, '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has length 3"}}');
    const error = await answerError(httpTransport(base).call("eth_getBalance", ["0xabc"], 2000));
    expect(error.code).to.equal(-32602);
    expect(error.message).to.equal("invalid argument 0: hex string has length 3");
  });

  it("rejects HTTP 400 without JSON as a status error", async () => {
    handler = reply(400, "Bad Request", { "content-type": "text/plain" });
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect([error.kind, error.status]).to.deep.equal(["status", 400]);
  });

  it("rejects an answer that never comes as a timeout, within the time limit", async () => {
    handler = (_req, res) => void pending.push(res);
    // The server never answers: a rejection at all is the limit at work (no wall-clock bound, which a busy machine breaks).
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 200));
    expect(error.kind).to.equal("timeout");
    expect(error.message).to.equal("no answer within 0.2 s");
    expect(pending).to.have.length(1);
  });

  it("rejects a connection the server drops as a reset", async () => {
    handler = (req) => req.socket.destroy();
    const error = await transportError(httpTransport(base).call("eth_sendRawTransaction", ["0x00"], 2000));
    expect(error.kind).to.equal("reset");
  });

  it("rejects a closed port as refused", async () => {
    const port = await closedPort();
    const error = await transportError(httpTransport(`http://127.0.0.1:${port}`).call("eth_chainId", [], 2000));
    expect(error.kind).to.equal("refused");
    expect(error.message).to.equal("connection refused");
  });

  it("sends URL credentials as Basic authorization, never in the URL, with the path kept", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    const port = (server.address() as net.AddressInfo).port;
    const realFetch = globalThis.fetch;
    const urls: string[] = [];
    globalThis.fetch = (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
    try {
      await httpTransport(`http://user:p%40ss@127.0.0.1:${port}/path`).call("eth_chainId", [], 2000);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(urls).to.deep.equal([`http://127.0.0.1:${port}/path`]);
    expect(seen).to.have.length(1);
    expect(seen[0].url).to.equal("/path");
    expect(seen[0].headers.authorization).to.equal(`Basic ${Buffer.from("user:p@ss").toString("base64")}`);
  });

  it("sends no authorization header when the URL has no credentials", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    await httpTransport(base).call("eth_chainId", [], 2000);
    expect(seen[0].headers).to.not.have.property("authorization");
  });

  it("passes extra headers to the server", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    await httpTransport(base, { "x-api-key": "k123", "x-trace": "t" }).call("eth_chainId", [], 2000);
    expect(seen[0].headers["x-api-key"]).to.equal("k123");
    expect(seen[0].headers["x-trace"]).to.equal("t");
    expect(seen[0].headers["content-type"]).to.equal("application/json");
  });

  it("rejects a 200 that is not JSON as malformed", async () => {
    handler = reply(200, "<html>captive portal</html>", { "content-type": "text/html" });
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect(error.kind).to.equal("malformed");
  });

  it("rejects a 200 JSON with neither result nor error as malformed", async () => {
    handler = reply(200, '{"jsonrpc":"2.0","id":1}');
    const error = await transportError(httpTransport(base).call("eth_chainId", [], 2000));
    expect(error.kind).to.equal("malformed");
  });
});

describe("rpc transport: providerTransport", () => {
  it("resolves the provider's answer, given the method and a copy of the params", async () => {
    const calls: { method: string; params?: unknown[] }[] = [];
    const params = ["0xabc", "latest"] as const;
    const result = await providerTransport(async (args) => {
      calls.push(args);
      return "0x2a";
    }).call("eth_getBalance", params, 1000);
    expect(result).to.equal("0x2a");
    expect(calls).to.deep.equal([{ method: "eth_getBalance", params: ["0xabc", "latest"] }]);
    expect(calls[0].params).to.not.equal(params);
  });

  it("rejects as a timeout when the provider answers after the limit", async () => {
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    const slow = () =>
      new Promise<unknown>((resolve) => {
        timer = setTimeout(() => {
          answered = true;
          resolve("0x1");
        }, 500);
      });
    try {
      const error = await transportError(providerTransport(slow).call("eth_chainId", [], 100));
      expect(error.kind).to.equal("timeout");
      expect(answered, "rejected only after the provider answered").to.equal(false);
    } finally {
      clearTimeout(timer);
    }
  });

  it("passes the provider's own error through unchanged", async () => {
    const original = Object.assign(new Error("nonce too low"), { code: -32000, data: { x: 1 } });
    const error = await rejection(
      providerTransport(async () => {
        throw original;
      }).call("eth_sendRawTransaction", ["0x00"], 1000)
    );
    expect(error).to.equal(original);
  });
});

describe("rpc transport: behindHttpProxy", () => {
  const PUBLIC = "https://rpc.example.com/v1/key";

  it("is false when no proxy is set", () => {
    expect(behindHttpProxy(PUBLIC, {})).to.equal(false);
    expect(behindHttpProxy(PUBLIC, { http_proxy: "" })).to.equal(false);
  });

  it("is true for a public host when http_proxy is set", () => {
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128" })).to.equal(true);
    expect(behindHttpProxy("http://1.2.3.4:8545", { http_proxy: "http://proxy:3128" })).to.equal(true);
  });

  it("is true for a public host when HTTP_PROXY (upper case) is set", () => {
    expect(behindHttpProxy(PUBLIC, { HTTP_PROXY: "http://proxy:3128" })).to.equal(true);
  });

  it("is false for loopback hosts even with a proxy", () => {
    const env = { http_proxy: "http://proxy:3128" };
    expect(behindHttpProxy("http://127.0.0.1:8545", env)).to.equal(false);
    expect(behindHttpProxy("http://localhost:8545", env)).to.equal(false);
    expect(behindHttpProxy("http://[::1]:8545", env)).to.equal(false);
  });

  it("is false when NO_PROXY lists the host", () => {
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: "other.org, rpc.example.com" })).to.equal(false);
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", no_proxy: "rpc.example.com" })).to.equal(false);
  });

  it("is false when NO_PROXY lists a parent domain", () => {
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: ".example.com" })).to.equal(false);
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: "example.com" })).to.equal(false);
  });

  it("is false when NO_PROXY is *", () => {
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: "*" })).to.equal(false);
  });

  it("is still true when NO_PROXY lists only other hosts, or a name that merely ends the same", () => {
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: "other.org,.example.net" })).to.equal(true);
    expect(behindHttpProxy(PUBLIC, { http_proxy: "http://proxy:3128", NO_PROXY: "ple.com" })).to.equal(true);
  });
});
