// One seed of the randomized reruns: a deployment from the `deployer` fixture (rerun-bench.ts) whose
// runs meet, at seeded points, lost answers, sends answered "nonce too low" after they took effect,
// hashes the endpoint shows only after a few lookups, endpoint restarts (connections refused for a
// while), stalls, resets and a SIGKILL of the run itself; the signer (here or the node) and the mining
// (automine, or blocks at an interval so that sends wait in the pool) are seeded too. The deployment
// is run again, with fewer faults each time and none the last time, until the record names a live
// proxy (a run killed after it saved the record has deployed). What must
// hold: each intended creation mined exactly once, none reverted, the record naming a live proxy, the
// last run completed in the journal.
import { seededRandom } from "../../support/seeded-random";
import { until } from "../../support/wait";
import type { FaultKind, FaultPlan } from "./faulty-rpc";
import { INTENDED_CREATIONS, type RerunBench, type Signer } from "./rerun-bench";

/** The seeds `npm test` runs; `npm run faults -- --randomized` runs many more. */
export const TEST_SEEDS = [20, 27];
/** Runs per seed at most: the last one without faults. */
const MAX_RUNS = 6;
const SENDS = new Set(["eth_sendRawTransaction", "eth_sendTransaction"]);

export interface SeedOutcome {
  seed: number;
  runs: number;
  /** What went wrong; undefined when everything holds. */
  problem?: string;
  /** The seed's draws and each run's fate, for a failure's message. */
  story: string[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random source for `seed`: neighbouring seeds scattered first (mulberry32's first draws for 1, 2, 3 are alike). */
const source = (seed: number) => seededRandom(Math.imul(seed, 0x9e3779b1) >>> 0);

/** A number in [0, 1) fixed by the seed and the hash: how long the endpoint hides that transaction. */
function hashDraw(seed: number, hash: string): number {
  return source(seed ^ parseInt(hash.slice(2, 10), 16))();
}

/** One run with its faults, drawn at `intensity` (1 for the first run, 0 for none); whether the record names a live proxy after it. */
async function oneRun(bench: RerunBench, seed: number, attempt: number, signer: Signer, intensity: number, story: string[]): Promise<boolean> {
  const random = source(seed * 1000 + attempt);
  const killAt = random() < 0.5 * intensity ? 3 + Math.floor(random() * 80) : undefined;
  const killForwards = random() < 0.5;
  const restartAt = random() < 0.35 * intensity ? 2 + Math.floor(random() * 80) : undefined;
  // Mostly a short restart the retries ride out; sometimes one long enough that the run gives up.
  const downMs = random() < 0.7 ? 100 + Math.floor(random() * 800) : 3000;
  let restart: Promise<void> = Promise.resolve();
  const events: string[] = [];
  const plan: FaultPlan = {
    stallMs: 700,
    retryAfterSeconds: 1,
    // Up to 3 lookups (ethers and the upgrades plugin wait 4 to 5 s before they look again).
    hide: (hash, lookups) => intensity > 0 && lookups < Math.floor(hashDraw(seed, hash) * 8) - 4,
    rule: (call) => {
      const roll = random();
      const pick = random();
      if (call.index === killAt) {
        events.push(`killed at call ${call.index} (${call.method}${killForwards ? ", forwarded" : ""})`);
        // The run has started by now: calls only come from it.
        setImmediate(() => current.kill());
        return killForwards ? "pass" : "reset";
      }
      if (call.index === restartAt) {
        events.push(`endpoint down ${downMs} ms at call ${call.index} (${call.method})`);
        restart = bench.proxy.down().then(() => wait(downMs).then(() => bench.proxy.up()));
        return "reset";
      }
      if (SENDS.has(call.method)) {
        const kinds: FaultKind[] = ["lost", "lost", "nonce too low", "reset"];
        return roll < 0.5 * intensity ? kinds[Math.floor(pick * kinds.length)] : "pass";
      }
      const kinds: FaultKind[] = ["reset", "lost", "stall", "429"];
      return roll < 0.05 * intensity ? kinds[Math.floor(pick * kinds.length)] : "pass";
    },
  };
  const started = Date.now();
  const current = bench.start(plan, { signer });
  const result = await current.done;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await restart;
  const proxy = await bench.recordedProxy();
  const faults = bench.proxy.calls.filter((call) => call.fault !== undefined).map((call) => `${call.fault} ${call.method}`);
  const hid = bench.proxy.calls.filter((call) => call.hid).length;
  const head = result.stderr.split("\n").find((line) => line.trim() !== "") ?? "";
  const calls = bench.proxy.calls;
  const gaps = calls.slice(1).map((call, i) => ({ ms: call.at - calls[i].at, method: call.method }));
  const quiet = gaps.reduce((longest, gap) => (gap.ms > longest.ms ? gap : longest), { ms: 0, method: "" });
  story.push(
    `  run ${attempt + 1}: ${result.killed ? "killed" : `exit ${result.code}`} after ${seconds} s, ${calls.length} calls (longest quiet ${quiet.ms} ms, before ${quiet.method}); ` +
      `${[...events, ...faults].join(", ") || "no fault"}` +
      `${hid > 0 ? `; ${hid} lookup(s) hidden` : ""}${result.killed || result.code === 0 ? "" : `; ${head.slice(0, 400)}`}`
  );
  // A run killed after it saved the record has deployed: a rerun would rightly refuse to deploy again.
  return proxy !== undefined;
}

/** What the chain, the record and the journal hold after the seed's runs; undefined when all is well. */
async function check(bench: RerunBench, completed: boolean): Promise<string | undefined> {
  await until("the pool to be mined", async () => (await bench.pending()).length === 0).catch(() => undefined);
  const creations = await bench.creations();
  const pending = await bench.pending();
  if (pending.length > 0) return `transactions still waiting in the pool: ${pending.map((tx) => `${tx.hash} (nonce ${Number(tx.nonce)})`).join(", ")}`;
  if (creations.length !== INTENDED_CREATIONS || new Set(creations.map((creation) => creation.data)).size !== INTENDED_CREATIONS) {
    return `${creations.length} creation(s) mined, ${new Set(creations.map((creation) => creation.data)).size} different: ${creations.map((c) => c.hash).join(", ")}`;
  }
  if (creations.some((creation) => creation.address === undefined)) return `a creation reverted: ${creations.map((c) => c.hash).join(", ")}`;
  if (!completed) return `the deployment did not complete in ${MAX_RUNS} runs`;
  const proxy = await bench.recordedProxy();
  if (proxy === undefined || !creations.some((creation) => creation.address?.toLowerCase() === proxy.toLowerCase())) {
    return `the record names ${proxy ?? "no live proxy"}, which is none of the creations`;
  }
  const last = bench.journal().at(-1);
  return last?.status === "completed" ? undefined : `the journal's last run is ${last?.status ?? "missing"}`;
}

/** A fresh chain, then runs of deploy-multiaccount until the record names a live proxy (at most MAX_RUNS), then the checks. */
export async function runSeed(bench: RerunBench, seed: number): Promise<SeedOutcome> {
  const random = source(seed);
  await bench.fresh();
  const signer: Signer = random() < 0.5 ? "local" : "node";
  // Blocks at an interval hold sends in the pool, and cost time: the upgrades plugin polls receipts every 5 s.
  const interval = random() < 0.3 ? 100 + Math.floor(random() * 500) : undefined;
  if (interval !== undefined) {
    await bench.node.rpc("evm_setAutomine", [false]);
    await bench.node.rpc("evm_setIntervalMining", [interval]);
  }
  const story = [
    `seed ${seed}: signed ${signer === "local" ? "here" : "by the node"}, ${interval === undefined ? "automine" : `a block every ${interval} ms`}`,
  ];
  let runs = 0;
  let completed = false;
  while (!completed && runs < MAX_RUNS) {
    const intensity = runs === MAX_RUNS - 1 ? 0 : 1 / (runs + 1);
    completed = await oneRun(bench, seed, runs, signer, intensity, story);
    runs++;
  }
  const problem = await check(bench, completed);
  return { seed, runs, problem, story };
}
