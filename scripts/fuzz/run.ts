// `npm run fuzz`: the stateful fuzz harness (test/contracts/fuzz) on long sequences and fresh seeds
// for a time budget, printing throughput, what the runs covered, and any counterexample shrunk.
//
// Knobs (environment variables; `hardhat run` passes no arguments):
//   FUZZ_SECONDS  time budget, default 60 (a seed's batch in progress finishes)
//   FUZZ_SEED     first seed, default random; batch n uses FUZZ_SEED + n
//   FUZZ_RUNS     sequences per seed, default 20
//   FUZZ_STEPS    longest sequence, default 150
//   FUZZ_TOKEN    plain6 | decimals24 | feeOnTransfer, default all three
//   FUZZ_PATH     replay one counterexample: with its FUZZ_SEED, FUZZ_RUNS and FUZZ_STEPS
//   FUZZ_REPLAY   replay a counterexample file written by an earlier run, step by step
//   FUZZ_OUT      where a counterexample is written, default test-output/fuzz-counterexample.json
import { mkdirSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import hre from "hardhat";
import { TOKEN_KINDS, type TokenKind } from "../../test/contracts/fuzz/env";
import { formatCounterexample, fuzz, parseActions, replay, serializeActions, type FuzzResult } from "../../test/contracts/fuzz/harness";
import { World } from "../../test/contracts/fuzz/world";
import { intFromEnv } from "./shared";

function kindsFromEnv(): readonly TokenKind[] {
  const raw = process.env.FUZZ_TOKEN;
  if (raw === undefined || raw.trim() === "") return TOKEN_KINDS;
  if (!(TOKEN_KINDS as readonly string[]).includes(raw)) throw new Error(`FUZZ_TOKEN must be one of ${TOKEN_KINDS.join(", ")}, got "${raw}"`);
  return [raw as TokenKind];
}

const seconds = intFromEnv("FUZZ_SECONDS", 60);
const firstSeed = intFromEnv("FUZZ_SEED", Math.floor(Math.random() * 2 ** 31));
const runs = intFromEnv("FUZZ_RUNS", 20);
const maxSteps = intFromEnv("FUZZ_STEPS", 150);
const kinds = kindsFromEnv();
const out = path.resolve(hre.config.paths.root, process.env.FUZZ_OUT ?? "test-output/fuzz-counterexample.json");

function reproduceCommand(seed: number, result: FuzzResult): string {
  const token = process.env.FUZZ_TOKEN ? ` FUZZ_TOKEN=${process.env.FUZZ_TOKEN}` : "";
  return (
    `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} FUZZ_STEPS=${maxSteps}${token} FUZZ_PATH="${result.counterexample?.path}" npm run fuzz` +
    `   (or FUZZ_REPLAY=${path.relative(hre.config.paths.root, out)} npm run fuzz)`
  );
}

/** One machine-readable line at the end, for scripts/fuzz/mutations.ts. */
function summaryLine(summary: Record<string, unknown>): void {
  console.log(`FUZZ_SUMMARY ${JSON.stringify(summary)}`);
}

async function main(): Promise<void> {
  await hre.run("compile", { quiet: true });
  const world = await World.create();

  if (process.env.FUZZ_REPLAY) {
    const { kind, actions } = parseActions(readFileSync(process.env.FUZZ_REPLAY, "utf8"));
    const { trace, failure } = await replay(world, kind, actions);
    console.log(
      [`Replaying ${actions.length} step(s) on ${kind} collateral`, ...trace, failure ? `Broken: ${failure}` : "Every step kept the rules."].join("\n")
    );
    process.exitCode = failure ? 1 : 0;
    return;
  }

  console.log(
    `Fuzzing MultiAccount: ${runs} sequences of up to ${maxSteps} steps per seed, ${kinds.join(", ")} collateral, for ${seconds} s from seed ${firstSeed}.`
  );
  const started = Date.now();
  let seed = firstSeed;
  let sequences = 0;
  do {
    const before = world.stats.steps;
    const batchStarted = Date.now();
    const result = await fuzz(world, { seed, runs, maxSteps, kinds, path: process.env.FUZZ_PATH });
    const steps = world.stats.steps - before;
    const elapsed = (Date.now() - batchStarted) / 1000;
    sequences += result.runs;
    console.log(`seed ${seed}: ${result.runs} sequences, ${steps} steps in ${elapsed.toFixed(1)} s (${Math.round(steps / elapsed)} steps/s)`);
    if (result.counterexample) {
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, serializeActions(result.counterexample.kind, result.counterexample.actions) + "\n");
      console.log(`\n${formatCounterexample(result, reproduceCommand(seed, result))}\n`);
      summaryLine({
        found: true,
        seed,
        path: result.counterexample.path,
        steps: result.counterexample.actions.length,
        trace: result.counterexample.trace,
        failure: result.counterexample.failure,
        seconds: (Date.now() - started) / 1000,
      });
      process.exitCode = 1;
      return;
    }
    seed += 1;
  } while (!process.env.FUZZ_PATH && Date.now() - started < seconds * 1000);

  const total = (Date.now() - started) / 1000;
  const { steps } = world.stats;
  console.log(`\nNo counterexample: ${sequences} sequences, ${steps} steps in ${total.toFixed(1)} s, ${Math.round(steps / total)} steps/s overall.`);
  console.log(`Coverage (steps that went through, and the reverts met, per action):\n${world.stats.table()}`);
  summaryLine({ found: false, sequences, steps, seconds: total });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
