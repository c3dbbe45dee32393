// The same creation must never be sent twice, whatever answers get lost: deploy-multiaccount from the
// `deployer` fixture (the ethers 5 stack) through the fault-injecting proxy in front of `hardhat node`, failed
// runs followed by reruns, as an operator runs them. What is checked is what the chain holds (each
// intended creation mined exactly once), the record, the journal, the exit codes and messages, and
// what crossed the wire. Then a few seeds of the randomized reruns (the rest: `npm run faults --
// --randomized`).
import { expect } from "chai";
import { ethers } from "ethers";
import type { JournalEntry } from "../../../../src/hardhat/internal/rpc/journal";
import { errorHead, type RunResult } from "../../helpers/processes";
import { runSeed, TEST_SEEDS } from "../../helpers/randomized-reruns";
import { FAST_RETRIES } from "../../helpers/faulty-rpc";
import { DEPLOYER, INTENDED_CREATIONS, startRerunBench, type RerunBench } from "../../helpers/rerun-bench";

describe("a rerun after lost answers sends no creation twice (the ethers 5 stack, the deployer fixture)", function () {
  let bench: RerunBench;

  before(async () => {
    bench = await startRerunBench();
  });
  after(() => bench?.close());

  /** Each intended creation mined exactly once, and the record naming the proxy, which is one of them. */
  async function expectOneDeployment(what: string): Promise<void> {
    const creations = await bench.creations();
    expect(creations.length, `${what}: contract creations from the deployer`).to.equal(INTENDED_CREATIONS);
    expect(new Set(creations.map((creation) => creation.data)).size, `${what}: two identical creations`).to.equal(INTENDED_CREATIONS);
    const proxy = await bench.recordedProxy();
    expect(proxy, `${what}: the record names no proxy with code`).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(creations.map((creation) => creation.address?.toLowerCase())).to.include(proxy!.toLowerCase());
  }

  const entries = (): JournalEntry[] => bench.journal().flatMap((run) => run.transactions);
  const exited = (result: RunResult, code: number) => expect(result.code, result.output).to.equal(code);

  it("node-signed: the answer lost, the endpoint down, the creation still pending: the rerun stops (outcome unknown) while it cannot see it, and reuses it once it can", async () => {
    await bench.fresh();
    await bench.node.rpc("evm_setAutomine", [false]);
    const first = await bench.run(
      { rule: (call) => (call.sendsForwarded >= 1 ? "down" : call.method === "eth_sendTransaction" ? "lost" : "pass") },
      { signer: "node" }
    );
    exited(first, 1);
    const [waiting] = await bench.pending();
    expect(waiting, "the first creation is not in the pool").to.not.equal(undefined);
    expect(entries().map((tx) => [tx.nonce, tx.state, tx.hash])).to.deep.equal([[Number(waiting.nonce), "maybe-sent", undefined]]);

    // A node that does not show its pool: the nonce is taken at "pending", and nothing of ours can be seen.
    /** Lets the chain move on (automine, and a block for what waits), and forwards the call. */
    const mineAndPass = (): "pass" => {
      void bench.node.rpc("evm_setAutomine", [true]).then(() => bench.node.rpc("evm_mine"));
      return "pass";
    };
    const blind = await bench.run(
      {
        hide: (hash) => hash === waiting.hash.toLowerCase(),
        hideInBlocks: true,
        // Should the run send anyway, the chain goes on, so that the run ends and the duplicate shows.
        rule: (call) => (call.method === "eth_sendTransaction" ? mineAndPass() : "pass"),
      },
      { signer: "node" }
    );
    exited(blind, 1);
    expect(bench.proxy.calls.filter((call) => call.method.startsWith("eth_send")).length, "the blind rerun sent something").to.equal(0);
    const head = errorHead(blind);
    expect(head).to.include(`Outcome unknown: the contract creation with nonce ${Number(waiting.nonce)} may or may not have taken effect`);
    expect(head).to.include(
      `nonce ${Number(waiting.nonce)} of ${DEPLOYER} is taken (transaction count: ${Number(waiting.nonce) + 1} pending, ${Number(waiting.nonce)} latest)`
    );
    expect(head).to.include(`compare eth_getTransactionCount of ${DEPLOYER} at "pending" and "latest"`);
    expect(head).to.include("Run the same command again once it is mined or dropped");
    expect((await bench.pending()).map((tx) => tx.hash)).to.deep.equal([waiting.hash]);

    // The node shows it: the rerun finds it by its nonce, still pending, and reuses it; the chain moves on once it has.
    const rerun = await bench.run(
      { rule: (call) => (call.method === "eth_getTransactionReceipt" || call.method === "eth_sendTransaction" ? mineAndPass() : "pass") },
      { signer: "node" }
    );
    exited(rerun, 0);
    expect(rerun.stdout).to.include(`reused contract creation ${waiting.hash}`);
    await expectOneDeployment("after the rerun");
    expect((await bench.creations())[0].hash).to.equal(waiting.hash);
  });

  it("node-signed: the answer lost, the endpoint down, the creation mined 200 blocks before the rerun (a fast chain): the rerun finds it and reuses it", async () => {
    await bench.fresh();
    const first = await bench.run(
      { rule: (call) => (call.sendsForwarded >= 1 ? "down" : call.method === "eth_sendTransaction" ? "lost" : "pass") },
      { signer: "node" }
    );
    exited(first, 1);
    const [mined] = await bench.creations();
    expect(entries().map((tx) => [tx.state, tx.hash])).to.deep.equal([["maybe-sent", undefined]]);
    // Arbitrum or opBNB make 200 blocks in a minute or less: further back than the blocks scanned one by one.
    // Block by block: hardhat_mine's reserved blocks answer eth_getTransactionCount with a wrong count.
    for (let i = 0; i < 200; i++) await bench.node.rpc("evm_mine");
    const rerun = await bench.run({}, { signer: "node" });
    exited(rerun, 0);
    expect(rerun.stdout).to.include(`reused contract creation ${mined.hash}`);
    await expectOneDeployment("after the rerun");
  });

  it("signed here: the answer lost, the retry answered nonce too low, the hash seen nowhere: the run stops (outcome unknown), keeps the entry, and the rerun reuses it by its hash", async () => {
    await bench.fresh();
    let lost: string | undefined;
    const first = await bench.run(
      {
        rule: (call) => {
          if (call.method !== "eth_sendRawTransaction" || lost !== undefined) return "pass";
          lost = ethers.utils.keccak256(String(call.params[0])).toLowerCase();
          return "lost";
        },
        hide: (hash) => hash === lost,
        hideInBlocks: true,
      },
      // The hash is looked for until totalTimeout: a short one, so that the test waits little.
      { signer: "local", rpc: { ...FAST_RETRIES, totalTimeout: 2000 } }
    );
    exited(first, 1);
    const sends = bench.proxy.calls.filter((call) => call.method === "eth_sendRawTransaction");
    expect(sends.length, "the retry did not go out").to.be.greaterThan(1);
    expect(new Set(sends.map((call) => String(call.params[0]))).size, "the retry was other bytes").to.equal(1);
    const head = errorHead(first);
    expect(head).to.include(`Outcome unknown: the contract creation ${lost} may or may not have taken effect (the node answered "Nonce too low.`);
    expect(head).to.include(`yet neither ${lost} nor another transaction with its nonce can be found`);
    expect(head).to.match(/Run the same command again once it is mined or dropped: .*addresses\.journal\.json holds this contract creation/);
    expect(entries().map((tx) => [tx.hash, tx.state])).to.deep.equal([[lost, "maybe-sent"]]);
    expect((await bench.creations()).map((creation) => creation.hash)).to.deep.equal([lost]);

    const rerun = await bench.run({}, { signer: "local" });
    exited(rerun, 0);
    expect(rerun.stdout).to.include(`reused contract creation ${lost}`);
    await expectOneDeployment("after the rerun");
  });

  it("signed here: the answer lost, the retry answered nonce too low, the first lookup of the hash answered null while the block holds it: the same run completes, the entry sent", async () => {
    await bench.fresh();
    let lost: string | undefined;
    const run = await bench.run(
      {
        rule: (call) => {
          if (call.method !== "eth_sendRawTransaction" || lost !== undefined) return "pass";
          lost = ethers.utils.keccak256(String(call.params[0])).toLowerCase();
          return "lost";
        },
        // An index behind its blocks: the block holds it, the first lookup by hash misses it.
        hide: (hash, lookups) => hash === lost && lookups < 1,
      },
      { signer: "local" }
    );
    exited(run, 0);
    expect(
      bench.proxy.calls.some((call) => call.hid),
      "no lookup was answered null"
    ).to.equal(true);
    expect(entries().find((tx) => tx.hash === lost)?.state).to.equal("sent");
    await expectOneDeployment("after the run");
  });

  it("signed here: the node takes the creation but never shows it (a lagging backend): the run ends once totalTimeout has passed with the outcome unknown, and the rerun reuses it", async () => {
    await bench.fresh();
    let sent: string | undefined;
    const first = await bench.run(
      {
        rule: (call) => {
          if (call.method === "eth_sendRawTransaction" && sent === undefined) sent = ethers.utils.keccak256(String(call.params[0])).toLowerCase();
          return "pass";
        },
        hide: (hash) => hash === sent,
        hideInBlocks: true,
      },
      { signer: "local", rpc: { ...FAST_RETRIES, totalTimeout: 4000 } }
    );
    exited(first, 1);
    expect(sent, "no creation was sent").to.not.equal(undefined);
    const head = errorHead(first);
    expect(head).to.include(`Outcome unknown: the contract creation ${sent} may or may not have taken effect ("docker" shows it neither mined nor pending`);
    expect(head).to.include("multiAccount.rpc.totalTimeout is 4000 ms");
    expect(entries().map((tx) => [tx.hash, tx.state])).to.deep.equal([[sent, "sent"]]);

    const rerun = await bench.run({}, { signer: "local" });
    exited(rerun, 0);
    expect(rerun.stdout).to.include(`reused contract creation ${sent}`);
    await expectOneDeployment("after the rerun");
  });

  for (const seed of TEST_SEEDS) {
    it(`randomized reruns, seed ${seed}: lost answers, nonce too low, hashes not yet shown, restarts and kills, rerun until done; each creation mined once`, async () => {
      const outcome = await runSeed(bench, seed);
      expect(outcome.problem, outcome.story.join("\n")).to.equal(undefined);
    });
  }
});
