// The RPC session on its own, over a real `hardhat node` behind the fault-injecting proxy: sends
// whose answers are lost or never arrive, signed here (a key in the accounts) or by the node, the
// journal, reuse of an earlier run's transaction, a nonce taken by another transaction, a refusing
// endpoint, a chain id that does not match. The provider stands in for Hardhat's: plain JSON-RPC over
// HTTP to the proxy, with the node's errors as Hardhat shapes them.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import os from "os";
import path from "path";
import { RpcUnavailableError } from "../../../../src/hardhat/errors";
import { journalPathFor } from "../../../../src/hardhat/internal/rpc/journal";
import { RpcSession, type RpcEndpoint } from "../../../../src/hardhat/internal/rpc/session";
import { NonceTakenError } from "../../../../src/hardhat/internal/rpc/sends";
import { ethers5Stack } from "../../../../src/hardhat/internal/stack/ethers5";
import { REPO_ROOT } from "../../helpers/environment";
import { startFaultyRpc, type FaultPlan, type FaultyRpc } from "../../helpers/faulty-rpc";
import { freePort, startNode, type LocalNode } from "../../helpers/processes";

/** `hardhat node`'s first two accounts (Hardhat's published test mnemonic). */
const KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
/** PUSH1 1 PUSH1 0 SSTORE STOP, behind a constructor returning nothing: a tiny creation. */
const CREATION = "0x6001600055";
const stack = ethers5Stack({ ethers, ethersVersion: ethers.version, upgrades: undefined, upgradesDir: REPO_ROOT, upgradesVersion: "none" });
const quiet = { info() {}, warn() {}, error() {} };

/** Hardhat's provider, in the shape the session sees it: JSON-RPC over HTTP; node errors carry their code. */
function plainProvider(url: string) {
  let id = 0;
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
      });
      if (response.status === 429) throw Object.assign(new Error("Too Many Requests error received from 127.0.0.1"), { code: -32005 });
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
  };
}

describe("the RPC session over a flaky endpoint", function () {
  let node: LocalNode;
  let proxy: FaultyRpc;
  let dir: string;
  let snapshot: string;

  before(async () => {
    node = await startNode(REPO_ROOT);
    proxy = await startFaultyRpc(node.url);
    snapshot = await node.rpc<string>("evm_snapshot");
  });
  after(async () => {
    await proxy?.close();
    await node?.stop();
  });
  beforeEach(async () => {
    await node.rpc("evm_revert", [snapshot]);
    snapshot = await node.rpc<string>("evm_snapshot");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-rpc-"));
    proxy.reset();
    proxy.setPlan({});
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function session(keys: string[], options: Partial<RpcEndpoint> = {}) {
    const provider = plainProvider(proxy.url);
    const endpoint: RpcEndpoint = {
      provider,
      network: "testnet",
      description: `network "testnet" (${proxy.url})`,
      url: proxy.url,
      keys,
      chainId: 31337,
      gas: "auto",
      gasPrice: "auto",
      gasMultiplier: 1,
      policy: { retries: 5, minDelay: 10, maxDelay: 50, timeout: 1000, totalTimeout: 10_000 },
      ...options,
    };
    const rpc = new RpcSession(endpoint, () => stack);
    const lines: string[] = [];
    return {
      rpc,
      provider,
      lines,
      begin: () =>
        rpc.begin({
          task: "deploy-multiaccount",
          journalFile: journalPathFor(path.join(dir, "addresses.json")),
          chainId: 31337,
          log: { ...quiet, info: (line) => lines.push(line) },
        }),
    };
  }

  /** Every transaction the chain holds from FROM, oldest first. */
  async function transactionsFrom(address = FROM): Promise<{ hash: string; input: string }[]> {
    const latest = Number(await node.rpc<string>("eth_blockNumber"));
    const found: { hash: string; input: string }[] = [];
    for (let number = 0; number <= latest; number++) {
      const block = await node.rpc<{ transactions: { hash: string; from: string; input: string }[] }>("eth_getBlockByNumber", [
        `0x${number.toString(16)}`,
        true,
      ]);
      found.push(...block.transactions.filter((tx) => tx.from.toLowerCase() === address));
    }
    return found;
  }

  /** The first attempt of the first send fails with `kind`; everything else passes. */
  const firstSend = (kind: "lost" | "reset"): FaultPlan => ({
    rule: (call) => (call.method.startsWith("eth_send") && call.sendsForwarded === 0 && !proxy.calls.some((c) => c.fault === kind) ? kind : "pass"),
  });

  for (const [kind, signer] of [
    ["lost", "signed here"],
    ["reset", "signed here"],
    ["lost", "signed by the node"],
    ["reset", "signed by the node"],
  ] as const) {
    it(`a send ${signer} whose first attempt is ${kind === "lost" ? "answered, but the answer lost" : "dropped before the node sees it"}: one transaction on the chain, its hash returned`, async () => {
      const { rpc, provider, lines, begin } = session(signer === "signed here" ? [KEY] : []);
      rpc.install();
      try {
        begin();
        proxy.setPlan(firstSend(kind));
        const hash = await provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
        const mined = await transactionsFrom();
        expect(mined.map((tx) => tx.hash)).to.deep.equal([hash]);
        const faulted = proxy.calls.filter((call) => call.fault === kind);
        expect(faulted.length).to.equal(1);
        expect(faulted[0].forwarded).to.equal(kind === "lost");
        const attempts = proxy.calls.filter((call) => call.method.startsWith("eth_send"));
        if (signer === "signed by the node") expect((attempts[0].params[0] as { nonce?: string }).nonce, "the nonce was not pinned").to.equal("0x0");
        if (signer === "signed by the node" && kind === "lost") {
          // The node took the nonce: the transaction was found by it, and not sent again.
          expect(attempts.length).to.equal(1);
        } else {
          // Every attempt carried the same transaction: the same bytes, or the same pinned nonce.
          expect(attempts.length).to.be.greaterThan(1);
          expect(new Set(attempts.map((call) => JSON.stringify(call.params))).size).to.equal(1);
          expect(
            lines.some((line) => /eth_send\w+: connection reset; retry 1 of 5/.test(line)),
            lines.join("\n")
          ).to.equal(true);
        }
        expect(rpc.sent.map((tx) => [tx.hash, tx.state])).to.deep.equal([[hash, "sent"]]);
      } finally {
        rpc.uninstall();
      }
    });
  }

  it("writes a locally signed transaction to the journal, hash and bytes, before its first attempt", async () => {
    const { rpc, provider, begin } = session([KEY]);
    const journal = journalPathFor(path.join(dir, "addresses.json"));
    let written: { runs: { transactions: { hash: string; raw: string; state: string }[] }[] } | undefined;
    proxy.setPlan({
      rule: (call) => {
        if (call.method === "eth_sendRawTransaction" && written === undefined) written = JSON.parse(fs.readFileSync(journal, "utf8"));
        return "pass";
      },
    });
    rpc.install();
    try {
      begin();
      const hash = await provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
      const entry = written!.runs[0].transactions[0];
      expect(entry.hash).to.equal(hash);
      expect(entry.state).to.equal("signed");
      expect(ethers.utils.keccak256(entry.raw)).to.equal(hash);
    } finally {
      rpc.uninstall();
    }
  });

  it("a second run reuses the first run's mined transaction when it would send the same one, and sends nothing", async () => {
    const first = session([KEY]);
    first.rpc.install();
    let hash: unknown;
    try {
      first.begin();
      hash = await first.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
      first.rpc.fail();
    } finally {
      first.rpc.uninstall();
    }
    const second = session([KEY]);
    second.rpc.install();
    try {
      second.begin();
      proxy.reset();
      const again = await second.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
      expect(again).to.equal(hash);
      expect(proxy.calls.filter((call) => call.method.startsWith("eth_send"))).to.deep.equal([]);
      expect((await transactionsFrom()).length).to.equal(1);
      expect(second.lines.some((line) => line.includes(`reused contract creation ${String(hash)}`))).to.equal(true);
      // Other data is a new transaction.
      await second.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: "0x6002600055" }] });
      expect((await transactionsFrom()).length).to.equal(2);
      second.rpc.complete();
    } finally {
      second.rpc.uninstall();
    }
    // The completed second run settled the first: a third run sends anew.
    const third = session([KEY]);
    third.rpc.install();
    try {
      third.begin();
      await third.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
      expect((await transactionsFrom()).length).to.equal(3);
    } finally {
      third.rpc.uninstall();
    }
  });

  // Found by the randomized reruns (seed 5): run 1 sent the creation and was killed, run 2 reused it and
  // was killed too, and run 3 was offered nothing, so it created the contract a second time.
  it("a run that reused an earlier run's transaction and then stopped unfinished does not use it up: the next run reuses it too", async () => {
    const hashes: unknown[] = [];
    for (let run = 1; run <= 3; run++) {
      const { rpc, provider, begin } = session([KEY]);
      rpc.install();
      try {
        begin();
        proxy.reset();
        hashes.push(await provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] }));
        if (run > 1) expect(proxy.calls.filter((call) => call.method.startsWith("eth_send")).length, `run ${run} sent`).to.equal(0);
        // Killed here: the run's status stays "running", and nothing settles the earlier runs.
      } finally {
        rpc.uninstall();
      }
    }
    expect(new Set(hashes).size).to.equal(1);
    expect((await transactionsFrom()).map((tx) => tx.hash)).to.deep.equal([hashes[0]]);
  });

  it("an earlier run's transaction that never reached the node goes out as its very bytes, not as a new one", async () => {
    const first = session([KEY]);
    first.rpc.install();
    let caught: unknown;
    try {
      first.begin();
      // Every send is dropped: the transaction is signed and journaled, and never delivered.
      proxy.setPlan({ rule: (call) => (call.method === "eth_sendRawTransaction" ? "down" : "pass") });
      await Promise.race([first.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] }), first.rpc.aborted]).catch(
        (error) => (caught = error)
      );
      first.rpc.fail();
    } finally {
      first.rpc.uninstall();
    }
    expect(caught).to.be.instanceOf(RpcUnavailableError);
    const [journaled] = first.rpc.sent;
    expect(journaled.state).to.equal("maybe-sent");
    expect(await transactionsFrom()).to.deep.equal([]);

    proxy.setPlan({});
    proxy.reset();
    const second = session([KEY]);
    second.rpc.install();
    try {
      second.begin();
      const hash = await second.provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] });
      expect(hash).to.equal(journaled.hash);
      const wire = proxy.calls.filter((call) => call.method.startsWith("eth_send"));
      expect(wire.map((call) => call.method)).to.deep.equal(["eth_sendRawTransaction"]);
      expect(wire[0].params).to.deep.equal([journaled.raw]);
      expect((await transactionsFrom()).map((tx) => tx.hash)).to.deep.equal([hash]);
    } finally {
      second.rpc.uninstall();
    }
  });

  it("a nonce taken by another transaction before an identical re-send: NonceTakenError, the entry rejected", async () => {
    // The retry waits at least 150 ms: time for the node to mine the other transaction first.
    const { rpc, provider, begin } = session([KEY], { policy: { retries: 5, minDelay: 300, maxDelay: 300, timeout: 1000, totalTimeout: 10_000 } });
    rpc.install();
    try {
      begin();
      // The first attempt is dropped; before the retry, the node mines another transaction with that nonce.
      proxy.setPlan({
        rule: (call) => {
          if (call.method !== "eth_sendRawTransaction") return "pass";
          if (proxy.calls.filter((c) => c.method === "eth_sendRawTransaction").length === 1) {
            void node.rpc("eth_sendTransaction", [{ from: FROM, to: FROM, value: "0x1", nonce: "0x0" }]);
            return "reset";
          }
          return "pass";
        },
      });
      let caught: unknown;
      // The run cannot go on: the session ends the task through `aborted` (the caller's promise stays pending).
      await Promise.race([provider.request({ method: "eth_sendTransaction", params: [{ from: FROM, data: CREATION }] }), rpc.aborted]).catch(
        (error) => (caught = error)
      );
      expect(caught).to.be.instanceOf(NonceTakenError);
      expect((caught as Error).message).to.match(
        /Nonce 0 of 0xf39f.* was used by another transaction \(0x[0-9a-f]{64}\), so 0x[0-9a-f]{64} did not take effect/
      );
      expect(rpc.sent.map((tx) => tx.state)).to.deep.equal(["rejected"]);
      expect(rpc.describeSent()).to.equal(undefined);
    } finally {
      rpc.uninstall();
    }
  });

  it("an endpoint that refuses before it ever answered fails at once, without retries", async () => {
    const closed = await freePort();
    const provider = plainProvider(`http://127.0.0.1:${closed}`);
    const { rpc, lines } = session([], { url: `http://127.0.0.1:${closed}`, provider });
    rpc.install();
    try {
      rpc.begin({ task: "t", chainId: 31337, log: { ...quiet, info: (line) => lines.push(line) } });
      const outcome = await Promise.race([provider.request({ method: "eth_blockNumber" }), rpc.aborted]).catch((error) => error);
      expect(outcome).to.be.instanceOf(RpcUnavailableError);
      expect((outcome as RpcUnavailableError).detail).to.equal("connection refused");
      expect(lines, "it retried").to.deep.equal([]);
    } finally {
      rpc.uninstall();
    }
  });

  it("an endpoint on another chain than the network's chainId is refused before anything is sent", async () => {
    const { rpc, provider } = session([KEY], { chainId: 56 });
    rpc.install();
    try {
      let caught: unknown;
      await provider.request({ method: "eth_chainId" }).catch((error) => (caught = error));
      expect((caught as Error).message).to.match(/runs chain 31337, but network "testnet" is configured with chainId 56/);
    } finally {
      rpc.uninstall();
    }
  });

  it("the provider is Hardhat's again after uninstall", async () => {
    const { rpc, provider } = session([KEY]);
    const request = provider.request;
    rpc.install();
    expect(provider.request).to.not.equal(request);
    rpc.uninstall();
    expect(provider.request).to.equal(request);
    expect(Object.prototype.hasOwnProperty.call(provider, "send")).to.equal(false);
  });
});
