// The bounds on every exchange with an explorer (explorer-exchange.ts), with each HTTP client the
// explorer plugins use: undici 5 (@nomiclabs/hardhat-etherscan 3, hardhat-upgrades 1.x, hardhat-verify
// 2), undici 7 (hardhat-verify 3, through @nomicfoundation/hardhat-utils) and Node's fetch. Loopback
// servers hold a request, trickle an answer, stream a huge one, or answer "Pending in queue".
import { expect } from "chai";
import http from "http";
import type { AddressInfo } from "net";
import path from "path";
import * as undici5 from "undici";
import { Readable } from "stream";
import {
  explorerExchangesStopped,
  fetchExplorerJson,
  guardExplorerExchanges,
  resumeExplorerExchanges,
  stopExplorerExchanges,
} from "../../../../src/hardhat/internal/chains/explorer-exchange";
import { withRetries } from "../../../../src/hardhat/internal/tasks/verify-retry";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- hardhat-utils' own copy of undici 7, as hardhat-verify 3 sends through it
const undici7 = require(require.resolve("undici", { paths: [path.dirname(require.resolve("@nomicfoundation/hardhat-utils/package.json"))] })) as typeof undici5;

/** Node.js's own fetch, kept by test/support/native-fetch.cjs before any test loaded. */
const nativeFetch = (globalThis as unknown as Record<symbol, typeof fetch | undefined>)[Symbol.for("multiaccount-kit.test.nativeFetch")] ?? fetch;
const NAME = "Loopback explorer";
const ONE_MB = 1024 * 1024;

interface Server {
  url: string;
  /** Requests received, by path and query. */
  received: string[];
  /** Bytes of answers written. */
  written(): number;
  /** Resolves at the next request received. */
  nextRequest(): Promise<void>;
  close(): Promise<void>;
}

type Behaviour = "hold" | "trickle" | "huge" | "pending" | "ok";

async function startServer(behaviour: Behaviour): Promise<Server> {
  const received: string[] = [];
  let written = 0;
  const waiting: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    received.push(req.url ?? "");
    waiting.splice(0).forEach((resolve) => resolve());
    req.resume();
    if (behaviour === "hold") return;
    if (behaviour === "ok" || behaviour === "pending") {
      const result = behaviour === "ok" ? "Pass - Verified" : "Pending in queue";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: behaviour === "ok" ? "1" : "0", message: "NOTOK", result }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    if (behaviour === "trickle") {
      // One byte at a time, never the end: each byte keeps a per-chunk idle timeout from firing.
      const timer = setInterval(() => res.write(" ", () => void (written += 1)), 20);
      timers.add(timer);
      res.on("close", () => clearInterval(timer));
      return;
    }
    // huge: 64 KiB at a time, as fast as the client reads, up to 512 MB.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (written < 512 * ONE_MB && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api?chainid=56`,
    received,
    written: () => written,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => {
      timers.forEach(clearInterval);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const POLICY = { attempts: 3, backoffMs: 0 };
const LIMITS = { timeoutMs: 300, maxBytes: ONE_MB, policy: POLICY };

/** Each client as an explorer plugin uses it: the answer's text. */
const CLIENTS: Record<string, (url: string) => Promise<string>> = {
  "undici 5 (hardhat-etherscan 3, hardhat-verify 2)": async (url) => (await undici5.request(url)).body.text(),
  "undici 7 (hardhat-verify 3)": async (url) => (await undici7.request(url, { dispatcher: new undici7.Agent() })).body.text(),
  // Node's own, as a Hardhat 3 process has it (in this mocha process, a Hardhat 2 runtime may have replaced the global one).
  "Node's fetch": async (url) => (await nativeFetch(url)).text(),
};

/** The error's message, or its cause's (fetch wraps what failed it). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  throw new Error("the exchange did not fail");
}

describe("explorer exchanges, bounded", function () {
  let server: Server | undefined;
  afterEach(async () => {
    resumeExplorerExchanges();
    await server?.close();
    server = undefined;
  });

  for (const [client, read] of Object.entries(CLIENTS)) {
    describe(client, () => {
      it("a server that never answers: the exchange fails, naming the explorer", async () => {
        server = await startServer("hold");
        const message = await failure(guardExplorerExchanges([{ url: server.url, name: NAME }], LIMITS, () => read(server!.url)));
        expect(message).to.include(`${NAME} did not answer within 0.3 s: timed out`);
      });

      it("an answer trickled byte by byte: the whole exchange is bounded, not each byte", async () => {
        server = await startServer("trickle");
        const message = await failure(guardExplorerExchanges([{ url: server.url, name: NAME }], LIMITS, () => read(server!.url)));
        expect(message).to.include(`${NAME} did not answer within 0.3 s: timed out`);
      });

      it("a huge answer is cut off as it arrives, never buffered whole", async () => {
        server = await startServer("huge");
        // A time bound a busy machine cannot reach first: only the size bound may end this exchange.
        const sizeOnly = { ...LIMITS, timeoutMs: 60_000 };
        const message = await failure(guardExplorerExchanges([{ url: server.url, name: NAME }], sizeOnly, () => read(server!.url)));
        expect(message).to.include(`${NAME} sent an answer larger than 1 MB: cut off (not retried)`);
        // What crossed the loopback before the cut: socket buffers, far from the 512 MB offered.
        expect(server.written()).to.be.below(64 * ONE_MB);
      });
    });
  }

  it("a status check still pending past the retry policy's waits fails without being sent, naming the explorer", async () => {
    server = await startServer("pending");
    const status = `${server.url}&module=contract&action=checkverifystatus&guid=abc`;
    const oneTry = { ...LIMITS, policy: { attempts: 1, backoffMs: 5000 } };
    const message = await failure(
      guardExplorerExchanges([{ url: server.url, name: NAME }], oneTry, async () => {
        expect(await CLIENTS["undici 5 (hardhat-etherscan 3, hardhat-verify 2)"](status)).to.include("Pending in queue");
        // The explorer plugin polls again by itself: with one try in all, nothing is left to wait.
        return CLIENTS["undici 5 (hardhat-etherscan 3, hardhat-verify 2)"](status);
      })
    );
    expect(message).to.match(new RegExp(`${NAME} still answers "Pending in queue" after 1 status check in [\\d.]+ s: verification given up \\(not retried\\)`));
    expect(server.received.filter((url) => url.includes("checkverifystatus"))).to.have.length(1);
  });

  it("counts a POSTed status check too (hardhat-upgrades 1.x's checkproxyverification)", async () => {
    server = await startServer("pending");
    const body = "module=contract&action=checkproxyverification&guid=proxy-1";
    const post = () =>
      undici5.request(server!.url, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } }).then((r) => r.body.text());
    const message = await failure(
      guardExplorerExchanges([{ url: server.url, name: NAME }], { ...LIMITS, policy: { attempts: 1, backoffMs: 0 } }, async () => {
        expect(await post()).to.include("Pending in queue");
        return post();
      })
    );
    expect(message).to.include(`${NAME} still answers "Pending in queue"`);
    expect(server.received).to.have.length(1);
  });

  it("leaves other origins alone (the chain's RPC, a compiler download)", async () => {
    server = await startServer("trickle");
    const other = await startServer("ok");
    try {
      const answer = await guardExplorerExchanges([{ url: server.url, name: NAME }], LIMITS, () => undici5.request(other.url).then((r) => r.body.text()));
      expect(answer).to.include("Pass - Verified");
    } finally {
      await other.close();
    }
  });

  it("Ctrl-C fails the exchanges in flight at once, and the next ones before they are sent, until resumed", async () => {
    server = await startServer("hold");
    const held = { ...LIMITS, timeoutMs: 600_000 };
    const arrived = server.nextRequest();
    const running = failure(guardExplorerExchanges([{ url: server.url, name: NAME }], held, () => undici5.request(server!.url)));
    await arrived;
    stopExplorerExchanges();
    expect(await running).to.include("stopped (Ctrl-C) (not retried)");
    const next = await failure(guardExplorerExchanges([{ url: server.url, name: NAME }], held, () => undici5.request(server!.url)));
    expect(next).to.include(`${NAME}: stopped (Ctrl-C) (not retried)`);
    expect(server.received).to.have.length(1);
    resumeExplorerExchanges();
    expect(explorerExchangesStopped()).to.equal(undefined);
  });

  it("the retries never try again what the bounds ended", async () => {
    let calls = 0;
    const call = async () => {
      calls++;
      throw new Error(`${NAME} still answers "Pending in queue" after 15 s of status checks: verification given up (not retried)`);
    };
    await failure(
      withRetries(
        call,
        { attempts: 3, backoffMs: 0 },
        async () => undefined,
        () => undefined
      )
    );
    expect(calls).to.equal(1);
  });

  describe("the plugin's own calls (fetchExplorerJson), whatever fetch the project installed as the global one", () => {
    const original = globalThis.fetch;
    afterEach(() => (globalThis.fetch = original));
    /** A global fetch as node-fetch answers: the body a Node.js stream, with no getReader. */
    const nodeFetchLike = (chunks: string[]) =>
      (async () => ({ ok: true, status: 200, body: Readable.from(chunks.map((chunk) => Buffer.from(chunk))) })) as unknown as typeof fetch;

    it("reads a Node.js stream body (node-fetch's) as Node's own fetch's", async () => {
      globalThis.fetch = nodeFetchLike(['{"status":"1",', '"result":[{"SourceCode":"x"}]}']);
      const answer = await fetchExplorerJson(new URL("http://127.0.0.1:9/api"), {}, NAME);
      expect(answer).to.deep.equal({ ok: true, status: 200, body: { status: "1", result: [{ SourceCode: "x" }] } });
    });

    it("cuts a Node.js stream body off past the size bound, naming the explorer", async () => {
      globalThis.fetch = nodeFetchLike(["x".repeat(700_000), "x".repeat(700_000)]);
      const message = await failure(fetchExplorerJson(new URL("http://127.0.0.1:9/api"), {}, NAME, { maxBytes: 1024 * 1024 }));
      expect(message.trim()).to.equal(`${NAME} sent an answer larger than 1 MB: cut off (not retried)`);
    });
  });
});
