// `npm run faults`: deploys MultiAccount from the host projects through the fault-injecting endpoint
// at the given fault rates and seeds, and prints, per stack and rate: first runs that exit 0, records
// naming a live proxy, what a second run (the same rate, another seed) leaves after a failed first
// one, duplicate creations, and failed runs whose message misses a transaction that landed.
// Figures, not pass/fail: the tests in test/hardhat/hosts/unreliable-rpc.test.ts assert.
//
//   npm run faults -- [--stacks stack-a,stack-b,hardhat3] [--rates 0.02,0.1] [--seeds 6] [--stall 3000]
//
// `--randomized` runs the randomized reruns of test/hardhat/internal/rpc/sends.test.ts instead, on the ethers 5 stack
// (the deployer fixture), seed after seed on one `hardhat node`, and exits 1 when any seed ends with
// a creation mined twice, a deployment left incomplete, or anything else the seed checks:
//
//   npm run faults -- --randomized [--seeds 200] [--from 1] [--verbose]
//   npm run faults -- --randomized --list 68,82 (those seeds only: to look at a failure again)
import { STACKS } from "../../test/hardhat/hosts/cases";
import { startFaultBench } from "../../test/hardhat/helpers/fault-bench";
import { runSeed, type SeedOutcome } from "../../test/hardhat/helpers/randomized-reruns";
import { startRerunBench } from "../../test/hardhat/helpers/rerun-bench";

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

async function main(): Promise<void> {
  if (process.argv.includes("--randomized")) {
    if (!(await randomized())) process.exitCode = 1;
    return;
  }
  const stacks = option("stacks", "stack-a,stack-b,hardhat3").split(",");
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
