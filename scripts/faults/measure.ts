// `npm run faults`: deploys MultiAccount from the host projects through the fault-injecting endpoint
// at the given fault rates and seeds, and prints, per stack and rate: first runs that exit 0, records
// naming a live proxy, what a second run (the same rate, another seed) leaves after a failed first
// one, duplicate creations, and failed runs whose message misses a transaction that landed.
// Figures, not pass/fail: the tests in test/hardhat/hosts/unreliable-rpc.test.ts assert.
//
//   npm run faults -- [--stacks ethers5,ethers6,hardhat3] [--rates 0.02,0.1] [--seeds 6] [--stall 3000]
//
// `--mixed` runs the mixed faults of unreliable-rpc.test.ts (10% of calls failing, every kind, short
// retry waits) over seeds 1 to 8 and `npm test`'s seed 39, each kind on its own (10% of calls, seed 7),
// and upgrades through mixed faults on seeds 21 and 22, the stacks side by side, and exits 1 when a run fails or leaves anything but exactly the
// deployment's creations, recorded; it prints the fault kinds each seed drew:
//
//   npm run faults -- --mixed [--stacks ethers5,ethers6,hardhat3] [--seeds 8] [--upgrades 2]
//
// `--randomized` runs the randomized reruns of test/hardhat/internal/rpc/sends.test.ts instead, on the ethers 5 stack
// (the deployer fixture), seed after seed on one `hardhat node`, and exits 1 when any seed ends with
// a creation mined twice, a deployment left incomplete, or anything else the seed checks:
//
//   npm run faults -- --randomized [--seeds 200] [--from 1] [--verbose]
//   npm run faults -- --randomized --list 68,82 (those seeds only: to look at a failure again)
//
// `--every-chain` runs `deploy-multiaccount --deterministic --networks all` of Hardhat 2 (the deployer
// fixture, four `hardhat node`s, each behind the fault proxy; test/hardhat/helpers/every-chain.ts):
// killed with SIGKILL at a seeded point (the parent alone, or one chain's child, when the Nth call
// reaches one node), then run again; then through 10% of calls failing on every chain (MIXED), each
// fault seed plain (`--networks all`) and with --deterministic. It
// prints per seed what was killed where and the outcome, and exits 1 when a seed does not converge:
//
//   npm run faults -- --every-chain [--seeds 20] [--from 1] [--faults 4]
import { STACKS, type StackCase } from "../../test/hardhat/hosts/cases";
import { ALONE, MIXED, MIXED_TEST_SEEDS, startFaultBench, type FaultBench } from "../../test/hardhat/helpers/fault-bench";
import { DRAWN_KINDS, FAST_RETRIES } from "../../test/hardhat/helpers/faulty-rpc";
import { runSeed, type SeedOutcome } from "../../test/hardhat/helpers/randomized-reruns";
import { startRerunBench } from "../../test/hardhat/helpers/rerun-bench";
import { killAndRerun, startFourChains, throughFaults, warmUp } from "../../test/hardhat/helpers/every-chain";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}

/** Seeds `from` to `from + seeds - 1` (or the `--list`); prints a line per seed, then the failures' stories. */
async function randomized(): Promise<boolean> {
  const from = Number(option("from", "1"));
  const list = option("list", "")
    .split(",")
    .filter((seed) => seed !== "")
    .map(Number);
  const chosen = list.length > 0 ? list : Array.from({ length: Number(option("seeds", "200")) }, (_, i) => from + i);
  const started = Date.now();
  const bench = await startRerunBench();
  const failed: SeedOutcome[] = [];
  try {
    for (const seed of chosen) {
      const at = Date.now();
      const outcome = await runSeed(bench, seed);
      if (outcome.problem !== undefined) failed.push(outcome);
      console.error(`seed ${seed}: ${outcome.runs} run(s), ${((Date.now() - at) / 1000).toFixed(1)} s, ${outcome.problem ?? "ok"}`);
      if (process.argv.includes("--verbose")) console.error(outcome.story.join("\n"));
    }
  } finally {
    await bench.close();
  }
  for (const outcome of failed) console.error(`\n${outcome.problem}\n${outcome.story.join("\n")}`);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const which = list.length > 0 ? list.join(", ") : `${chosen[0]}..${chosen.at(-1)}`;
  console.log(`randomized reruns, the ethers 5 stack: ${chosen.length - failed.length}/${chosen.length} seeds hold (seeds ${which}), ${minutes} min`);
  return failed.length === 0;
}

/** What is wrong with the chain and the record after a run that had to deploy (`expected` creations), or undefined. */
async function deploymentProblem(bench: FaultBench, code: number | null, expected: number): Promise<string | undefined> {
  const creations = await bench.creations();
  const proxy = await bench.recordedProxy();
  if (code !== 0) return `exit ${code}`;
  if (creations.length !== expected) return `${creations.length} creation(s), expected ${expected}`;
  if (new Set(creations.map((creation) => creation.data)).size !== creations.length) return "two identical creations";
  if (proxy === undefined || !creations.some((creation) => creation.address.toLowerCase() === proxy.toLowerCase()))
    return "the record names no proxy it created";
  return undefined;
}

/** The fault kinds the last run drew, with their counts. */
function kindsDrawn(bench: FaultBench): string {
  const counts = new Map<string, number>();
  for (const call of bench.proxy.calls) if (call.fault !== undefined) counts.set(call.fault, (counts.get(call.fault) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${kind} x${count}`).join(", ") || "none";
}

/** One stack's mixed-fault seeds, each kind on its own, then its upgrades through mixed faults: how many runs, and how many failed. */
async function mixedOn(stack: StackCase, seeds: number, upgrades: number): Promise<{ runs: number; failed: number }> {
  const bench = await startFaultBench(stack, { FIXTURE_RPC: JSON.stringify(FAST_RETRIES) });
  let failed = 0;
  let runs = 0;
  const report = (what: string, problem: string | undefined) => {
    runs++;
    if (problem !== undefined) failed++;
    console.error(`${stack.host} ${what}: faults ${kindsDrawn(bench)}; ${problem ?? "ok"}`);
  };
  try {
    const chosen = [...new Set([...Array.from({ length: seeds }, (_, i) => i + 1), ...MIXED_TEST_SEEDS])];
    for (const seed of chosen) {
      await bench.fresh();
      const run = await bench.run(MIXED(seed));
      report(`seed ${seed}`, await deploymentProblem(bench, run.code, stack.deployTransactions));
    }
    for (const kind of DRAWN_KINDS) {
      await bench.fresh();
      const run = await bench.run(ALONE(kind));
      const drawn = bench.proxy.calls.some((call) => call.fault === kind);
      report(`${kind} alone`, drawn ? await deploymentProblem(bench, run.code, stack.deployTransactions) : `no ${kind} happened`);
    }
    for (let seed = 21; seed < 21 + upgrades; seed++) {
      await bench.fresh();
      const deployed = await bench.run({});
      const upgraded = deployed.code === 0 ? await bench.run(MIXED(seed), UPGRADE_ARGS) : deployed;
      report(`upgrade seed ${seed}`, await deploymentProblem(bench, upgraded.code, stack.deployTransactions + 1));
    }
  } finally {
    await bench.close();
  }
  return { runs, failed };
}

async function mixed(): Promise<boolean> {
  const stacks = option("stacks", "ethers5,ethers6,hardhat3").split(",");
  const seeds = Number(option("seeds", "8"));
  const upgrades = Number(option("upgrades", "2"));
  const chosen = stacks.map((name) => {
    const stack = STACKS.find((candidate) => candidate.host === name);
    if (stack === undefined) throw new Error(`no stack ${name}`);
    return stack;
  });
  const outcomes = await Promise.all(chosen.map((stack) => mixedOn(stack, seeds, upgrades)));
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  const runs = outcomes.reduce((sum, outcome) => sum + outcome.runs, 0);
  console.log(
    `mixed faults: ${failed} of ${runs} runs failed (seeds 1..${seeds} and ${MIXED_TEST_SEEDS.join(", ")}, each kind alone, upgrade seeds 21..${20 + upgrades})`
  );
  return failed === 0;
}

/** Kill seeds `from`.. and fault seeds 1..; a line per seed, then the summary. */
async function everyChain(): Promise<boolean> {
  const from = Number(option("from", "1"));
  const seeds = Number(option("seeds", "20"));
  const faults = Number(option("faults", "4"));
  const started = Date.now();
  const four = await startFourChains();
  await warmUp(four);
  const failed: string[] = [];
  const killedWhat = new Map<string, number>();
  try {
    for (let seed = from; seed < from + seeds; seed++) {
      const at = Date.now();
      const outcome = await killAndRerun(four, seed);
      const what = outcome.killed === "none" ? "nothing (the run ended first)" : `${outcome.killed} at call ${outcome.point.call} to ${outcome.point.at}`;
      killedWhat.set(
        outcome.killed === "none" ? "none" : outcome.point.victim === "parent" ? "parent" : "child",
        1 + (killedWhat.get(outcome.killed === "none" ? "none" : outcome.point.victim === "parent" ? "parent" : "child") ?? 0)
      );
      const gone = outcome.childrenGone === undefined ? "" : `, its ${outcome.childrenGone.count} child processes gone ${outcome.childrenGone.ms} ms after`;
      const orphans = outcome.orphans.length > 0 ? `, children still running: ${outcome.orphans.join(", ")}` : gone;
      const adopted = outcome.adopted.length > 0 ? ` (recorded the proxy the killed run created on ${outcome.adopted.join(", ")})` : "";
      console.error(
        `kill seed ${seed}: killed ${what}; first run exit ${outcome.first.code ?? outcome.first.signal}${orphans}; rerun exit ${outcome.rerun.code}${adopted}; ${((Date.now() - at) / 1000).toFixed(1)} s; ${outcome.problem ?? "converged"}`
      );
      if (outcome.problem !== undefined) failed.push(`kill seed ${seed}`);
    }
    for (let seed = 1; seed <= faults; seed++) {
      for (const deterministic of [false, true]) {
        const at = Date.now();
        const outcome = await throughFaults(four, seed, deterministic);
        const what = `fault seed ${seed}${deterministic ? " --deterministic" : ""}`;
        const seconds = ((Date.now() - at) / 1000).toFixed(1);
        console.error(`${what}: ${outcome.runs} run(s), faults ${outcome.kinds}; ${seconds} s; ${outcome.problem ?? "converged"}`);
        if (outcome.problem !== undefined) failed.push(what);
      }
    }
  } finally {
    await four.close();
  }
  const kills = [...killedWhat].map(([what, count]) => `${what} ${count}`).join(", ");
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `every chain: ${seeds + 2 * faults - failed.length}/${seeds + 2 * faults} converged (kill seeds ${from}..${from + seeds - 1}: killed ${kills}; fault seeds 1..${faults}, plain and --deterministic), ${minutes} min` +
      (failed.length > 0 ? `; failed: ${failed.join(", ")}` : "")
  );
  return failed.length === 0;
}

const UPGRADE_ARGS = ["upgrade-multiaccount", "--network", "bsc", "--contract", "MultiAccountV2", "--no-verify"];

async function main(): Promise<void> {
  if (process.argv.includes("--every-chain")) {
    if (!(await everyChain())) process.exitCode = 1;
    return;
  }
  if (process.argv.includes("--randomized") || process.argv.includes("--mixed")) {
    if (!(await (process.argv.includes("--mixed") ? mixed() : randomized()))) process.exitCode = 1;
    return;
  }
  const stacks = option("stacks", "ethers5,ethers6,hardhat3").split(",");
  const rates = option("rates", "0.02,0.1").split(",").map(Number);
  const seeds = Number(option("seeds", "6"));
  const stallMs = Number(option("stall", "3000"));
  const rows: string[] = [];
  for (const name of stacks) {
    const stack = STACKS.find((candidate) => candidate.host === name);
    if (stack === undefined) throw new Error(`no stack ${name}`);
    const bench = await startFaultBench(stack);
    try {
      for (const rate of rates) {
        let firstOk = 0;
        let firstComplete = 0;
        let secondComplete = 0;
        let duplicates = 0;
        let misleading = 0;
        const notes: string[] = [];
        for (let seed = 1; seed <= seeds; seed++) {
          await bench.fresh();
          const started = Date.now();
          const first = await bench.run({ seed, rate, stallMs, retryAfterSeconds: 1 });
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          if (first.code === 0) firstOk++;
          const afterFirst = await bench.recordedProxy();
          if (afterFirst !== undefined) firstComplete++;
          let complete = afterFirst !== undefined;
          if (first.code !== 0) {
            const landed = await bench.creations();
            if (landed.some((creation) => !first.stderr.includes(creation.hash))) misleading++;
            const head = first.stderr.split("\n").find((line) => line.trim() !== "") ?? "";
            notes.push(`seed ${seed}: ${head.slice(0, 160)}`);
            const second = await bench.run({ seed: seed + 1000, rate, stallMs, retryAfterSeconds: 1 });
            complete = second.code === 0 && (await bench.recordedProxy()) !== undefined;
          }
          if (complete) secondComplete++;
          const creations = await bench.creations();
          const extra = Math.max(0, creations.length - stack.deployTransactions);
          duplicates += extra;
          console.error(`${name} rate ${rate} seed ${seed}: first exit ${first.code} in ${seconds} s, ${creations.length} creation(s), complete ${complete}`);
        }
        rows.push(
          `| ${name} | ${rate * 100}% | ${firstOk}/${seeds} | ${firstComplete}/${seeds} | ${secondComplete}/${seeds} | ${duplicates} | ${misleading}/${seeds - firstOk} |`
        );
        for (const note of notes) console.error(`  ${note}`);
      }
    } finally {
      await bench.close();
    }
  }
  console.log(
    `| stack | faults | first runs exit 0 | record after the first run | complete after at most two runs | duplicate creations | failed runs whose error message misses a landed transaction |`
  );
  console.log(`|---|---|---|---|---|---|---|`);
  for (const row of rows) console.log(row);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  }
);
