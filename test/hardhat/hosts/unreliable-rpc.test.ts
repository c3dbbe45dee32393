// Deploys through a flaky JSON-RPC endpoint, on each stack's host project, the operator's way
// (`--network bsc`, PRIVATE_KEY signing locally): a fault-injecting proxy on loopback in front of a
// `hardhat node` running chain 56, with deterministic seeds. Every fault kind mixed, from a seed that
// draws each kind early; lost answers to sends; an endpoint that goes down for good; a read failing
// once the deployment is recorded; Retry-After. What is checked is what the chain holds (every
// creation, no duplicate), the record, the exit code and the messages, and what crossed the wire.
// `npm run faults -- --mixed` runs the mixed faults over more seeds, and each kind on its own, with
// the same checks.
//
// Every stack runs the mixed faults and the lost sends (a deploy and an upgrade), which go through
// its own way of routing the plugin's calls; the rest (an endpoint down for good, a lost proxy
// creation, a failing read after the record, Retry-After) is the neutral session's behaviour
// whichever stack routes to it, and runs on FULL_STACK alone.
//
// The runs of one stack follow each other on its own node; the three stacks run side by side (most
// of the time goes to waits the faults impose), from the moment the host installs start: in `npm
// test`, at the notifications lane's end. They run in copies of the host projects (their own
// sources, build output, records and manifests), so the first run of each stack compiles a fresh
// project. Each test checks what its runs left behind.
import { expect } from "chai";
import fs from "fs";
import { ethers } from "ethers";
import { journalPathFor } from "../../../src/hardhat/internal/rpc/journal";
import { MIXED, MIXED_TEST_SEEDS, MIXED_UPGRADE_TEST_SEEDS, startFaultBench, type Creation, type FaultBench } from "../helpers/fault-bench";
import { FAST_RETRIES, type CallLog, type FaultPlan } from "../helpers/faulty-rpc";
import { startHosts } from "../helpers/hosts";
import { errorHead, type RunResult } from "../helpers/processes";
import { IMPLEMENTATION_SLOT, STACKS, type StackCase } from "./cases";

/** The stack that runs every fault below, not only those its routing could change. */
const FULL_STACK = "ethers6";
const UPGRADE_ARGS = ["upgrade-multiaccount", "--network", "bsc", "--contract", "MultiAccountV2", "--no-verify"];

/** What a run left behind. */
interface Outcome {
  result: RunResult;
  creations: Creation[];
  /** The record's multiAccountAddress, when it names a contract with code. */
  proxy?: string;
  calls: CallLog[];
  journalStatus?: string;
}

async function observe(bench: FaultBench, result: RunResult): Promise<Outcome> {
  const journal = journalPathFor(bench.file);
  return {
    result,
    creations: await bench.creations(),
    proxy: await bench.recordedProxy(),
    calls: [...bench.proxy.calls],
    journalStatus: fs.existsSync(journal) ? JSON.parse(fs.readFileSync(journal, "utf8")).runs.at(-1)?.status : undefined,
  };
}

/** One stack's runs, one after another on its bench, started together with the other stacks'. */
class Lab {
  private begin!: () => void;
  private readonly bench: Promise<FaultBench>;
  private last: Promise<unknown>;

  constructor(stack: StackCase) {
    this.bench = new Promise<void>((resolve) => (this.begin = resolve)).then(() =>
      startFaultBench(stack, { FIXTURE_RPC: JSON.stringify(FAST_RETRIES) }, { copy: "faults" })
    );
    this.bench.catch(() => undefined);
    this.last = this.bench;
  }

  start(): void {
    this.begin();
  }

  /** Runs `body` after the previous step (whether or not it failed); the test awaits what it returns. */
  step<T>(body: (bench: FaultBench) => Promise<T>): Promise<T> {
    const next = this.last.then(
      () => this.bench.then(body),
      () => this.bench.then(body)
    );
    next.catch(() => undefined);
    this.last = next;
    return next;
  }

  async close(): Promise<void> {
    await this.last.catch(() => undefined);
    await (await this.bench.catch(() => undefined))?.close();
  }
}

describe("deploys through a flaky JSON-RPC endpoint, on each stack", function () {
  const labs = STACKS.map((stack) => new Lab(stack));
  before(() => {
    startHosts();
    labs.forEach((lab) => lab.start());
  });
  after(() => Promise.all(labs.map((lab) => lab.close())));

  STACKS.forEach((stack, index) => {
    describe(stack.label, function () {
      const lab = labs[index];

      /** The run exited 0 and the chain holds exactly one deployment, recorded. */
      function expectOneDeployment(outcome: Outcome, what: string): string {
        expect(outcome.result.code, `${what}\n${outcome.result.output}`).to.equal(0);
        expect(outcome.creations.length, `${what}: contract creations besides the stand-in`).to.equal(stack.deployTransactions);
        expect(new Set(outcome.creations.map((creation) => creation.data)).size, `${what}: two identical creations`).to.equal(outcome.creations.length);
        expect(outcome.proxy, `${what}: the record names no proxy with code`).to.match(/^0x[0-9a-fA-F]{40}$/);
        expect(
          outcome.creations.map((creation) => creation.address.toLowerCase()),
          what
        ).to.include(outcome.proxy!.toLowerCase());
        return outcome.proxy!;
      }

      const mixed = lab.step(async (bench) => {
        const outcomes: Outcome[] = [];
        for (const seed of MIXED_TEST_SEEDS) {
          await bench.fresh();
          outcomes.push(await observe(bench, await bench.run(MIXED(seed))));
        }
        return outcomes;
      });
      it(`10% of calls failing, every kind mixed (seed ${MIXED_TEST_SEEDS.join(", ")}): every first run exits 0 with exactly the deployment's creations, recorded`, async () => {
        const outcomes = await mixed;
        outcomes.forEach((outcome, i) => {
          expectOneDeployment(outcome, `seed ${MIXED_TEST_SEEDS[i]}`);
          // The run is closed in the journal: a later run has nothing of it to reuse.
          expect(outcome.journalStatus, `seed ${MIXED_TEST_SEEDS[i]}`).to.equal("completed");
        });
        const seen = new Set(outcomes.flatMap((outcome) => outcome.calls.map((call) => call.fault)).filter((fault) => fault !== undefined));
        expect([...seen].sort(), "fault kinds the seed produced").to.deep.equal(["429", "lost", "reset", "stall"]);
      });

      const lostSends = lab.step(async (bench) => {
        await bench.fresh();
        let sends = 0;
        const plan: FaultPlan = {
          rule: (call) => {
            if (call.method !== "eth_sendRawTransaction") return "pass";
            return sends++ % 5 === 0 ? "lost" : "pass";
          },
        };
        const deployed = await observe(bench, await bench.run(plan));
        const upgraded = await observe(bench, await bench.run(plan, UPGRADE_ARGS));
        const implementation =
          deployed.proxy === undefined ? undefined : await bench.node.rpc<string>("eth_getStorageAt", [deployed.proxy, IMPLEMENTATION_SLOT, "latest"]);
        return { deployed, upgraded, implementation: implementation === undefined ? undefined : ethers.utils.getAddress("0x" + implementation.slice(-40)) };
      });
      it("every 5th answer to a send lost (from the first): the deploy and then the upgrade succeed, nothing created twice", async () => {
        const { deployed, upgraded, implementation } = await lostSends;
        expectOneDeployment(deployed, "deploy");
        const lost = deployed.calls.filter((call) => call.fault === "lost");
        expect(lost.length, "no send answer was lost").to.be.greaterThan(0);
        // The lost sends reached the node; the retries were the same bytes, which the node knew.
        expect(lost.every((call) => call.forwarded)).to.equal(true);
        expect(upgraded.result.code, upgraded.result.output).to.equal(0);
        expect(upgraded.creations.length, "the upgrade creates one implementation").to.equal(stack.deployTransactions + 1);
        expect(upgraded.result.stdout).to.include(`New implementation: ${implementation}`);
        expect(upgraded.creations.at(-1)!.address.toLowerCase()).to.equal(implementation!.toLowerCase());
      });

      if (stack.host === FULL_STACK) {
        const upgrades = lab.step(async (bench) => {
          const outcomes: { deployed: Outcome; upgraded: Outcome }[] = [];
          for (const seed of MIXED_UPGRADE_TEST_SEEDS) {
            await bench.fresh();
            const deployed = await observe(bench, await bench.run({}));
            outcomes.push({ deployed, upgraded: await observe(bench, await bench.run(MIXED(seed), UPGRADE_ARGS)) });
          }
          return outcomes;
        });
        it(`10% of calls failing during upgrade-multiaccount, seed ${MIXED_UPGRADE_TEST_SEEDS.join(", ")}: each upgrade exits 0 with one new implementation`, async () => {
          (await upgrades).forEach(({ deployed, upgraded }, i) => {
            const seed = `seed ${MIXED_UPGRADE_TEST_SEEDS[i]}`;
            expectOneDeployment(deployed, `${seed}: deploy`);
            expect(upgraded.result.code, `${seed}\n${upgraded.result.output}`).to.equal(0);
            expect(upgraded.creations.length, `${seed}: creations after the upgrade`).to.equal(stack.deployTransactions + 1);
            expect(
              upgraded.calls.some((call) => call.fault !== undefined),
              `${seed}: no fault happened`
            ).to.equal(true);
          });
        });

        const down = lab.step(async (bench) => {
          await bench.fresh();
          const failed = await observe(bench, await bench.run({ rule: (call) => (call.sendsForwarded >= 1 ? "down" : "pass") }));
          return { failed, rerun: await observe(bench, await bench.run({})) };
        });
        it("the endpoint down for good after the first creation: exit 1 naming the sent transaction; a re-run on a healthy endpoint completes it, nothing created twice", async () => {
          const { failed, rerun } = await down;
          expect(failed.result.code, failed.result.output).to.equal(1);
          const [first] = failed.creations;
          expect(first, "the first creation did not land").to.not.equal(undefined);
          const head = errorHead(failed.result);
          expect(head, failed.result.output).to.match(
            /Cannot reach the JSON-RPC endpoint of network "bsc" \(http:\/\/127\.0\.0\.1:\d+\) while deploying: eth_\w+ failed, connection reset \(\d+ attempts over [\d.]+ s; multiAccount\.rpc\.retries is 8\)/
          );
          expect(head).to.include(`Transactions this run sent: ${first.hash} (contract creation)`);
          expect(head).to.include(`run the same command again once the endpoint answers`);
          expect(head).to.not.match(/unexpected error|Unhandled|SocketError|other side closed|HH\d{3}/i);
          expect(failed.proxy).to.equal(undefined);
          expectOneDeployment(rerun, "re-run");
          expect(rerun.creations[0].hash, "the re-run replaced the first creation").to.equal(first.hash);
        });

        const lostProxy = lab.step(async (bench) => {
          await bench.fresh();
          const last = stack.deployTransactions;
          const failed = await observe(
            bench,
            await bench.run({
              rule: (call) => {
                if (call.sendsForwarded >= last) return "down";
                return call.method === "eth_sendRawTransaction" && call.sendsForwarded === last - 1 ? "lost" : "pass";
              },
            })
          );
          return { failed, rerun: await observe(bench, await bench.run({})) };
        });
        it("the answer to the proxy's creation lost and the endpoint down after it: a re-run reuses that creation instead of sending it again", async () => {
          const { failed, rerun } = await lostProxy;
          expect(failed.result.code, failed.result.output).to.equal(1);
          expect(failed.creations.length, "every creation landed").to.equal(stack.deployTransactions);
          const proxyCreation = failed.creations.at(-1)!;
          expect(errorHead(failed.result)).to.include(`${proxyCreation.hash} (contract creation; no answer came back, so it may have been sent)`);
          expect(failed.proxy).to.equal(undefined);
          const proxy = expectOneDeployment(rerun, "re-run");
          expect(proxy.toLowerCase()).to.equal(proxyCreation.address.toLowerCase());
          expect(rerun.result.stdout).to.include(`reused contract creation ${proxyCreation.hash}`);
        });

        const slotsFail = lab.step(async (bench) => {
          await bench.fresh();
          const sends = stack.deployTransactions;
          return observe(bench, await bench.run({ rule: (call) => (call.sendsForwarded >= sends && call.method === "eth_getStorageAt" ? "reset" : "pass") }));
        });
        it("a read failing after the record is saved: exit 0, a warning, and the deployment printed", async () => {
          const outcome = await slotsFail;
          const proxy = expectOneDeployment(outcome, "deploy");
          expect(outcome.result.stdout).to.include(`Proxy:          ${proxy}`);
          expect(outcome.result.stdout).to.match(/Saved multiAccountAddress to .*faults\.json/);
          expect(outcome.result.stdout).to.match(/Gas used: +\d+ in \d transaction/);
          expect(outcome.result.stderr).to.match(/Warning: could not read the proxy's ERC-1967 slots \(.*\); the deployment itself is complete and recorded\./);
        });

        const limited = lab.step(async (bench) => {
          await bench.fresh();
          return observe(bench, await bench.run({ rule: (call) => (call.index % 15 === 9 ? "429" : "pass"), retryAfterSeconds: 2 }));
        });
        it("429 with Retry-After: 2 on every 15th call: no call arrives before the time it asks for", async () => {
          const outcome = await limited;
          expectOneDeployment(outcome, "deploy");
          const answers = outcome.calls.filter((call) => call.fault === "429");
          expect(answers.length).to.be.greaterThan(1);
          for (const answer of answers) {
            const early = outcome.calls.filter((call) => call.at > answer.answeredAt! && call.at < answer.answeredAt! + 2000);
            expect(
              early.map((call) => `${call.method} ${call.at - answer.answeredAt!} ms after the 429`),
              `calls too early after call ${answer.index}`
            ).to.deep.equal([]);
          }
        });
      }
    });
  });
});
