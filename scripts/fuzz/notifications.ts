// `npm run fuzz:notifications`: the live notifications' model-based test
// (test/notifications/live/cross-tab/model/) on many sequences of a fresh seed, printing the seed
// and the shrunk sequence of any failure (docs/live-notifications.md#the-model-based-test).
//
// Knobs (environment variables):
//   FUZZ_SEED   the seed, default random
//   FUZZ_RUNS   sequences, default 500
//   FUZZ_STEPS  longest sequence, default 30
//   FUZZ_PATH, FUZZ_REPLAY_PATH   replay one counterexample: with its FUZZ_SEED, FUZZ_STEPS and the
//               two paths printed with it
import {
  checkModel,
  counterexampleSteps,
  coverageReport,
  failureReport,
  replayPathOf,
  startModelHedger,
} from "../../test/notifications/live/cross-tab/model/harness";
import { intFromEnv } from "./shared";

async function main(): Promise<void> {
  const seed = intFromEnv("FUZZ_SEED", Math.floor(Math.random() * 2 ** 31));
  const numRuns = intFromEnv("FUZZ_RUNS", 500);
  const maxCommands = intFromEnv("FUZZ_STEPS", 30);
  const path = process.env.FUZZ_PATH || undefined;
  const replayPath = process.env.FUZZ_REPLAY_PATH || undefined;
  console.log(`Model-based test of the live notifications: ${numRuns} sequences of up to ${maxCommands} commands, seed ${seed}.`);
  const hedger = await startModelHedger();
  const started = Date.now();
  try {
    const details = await checkModel(hedger, { seed, numRuns, maxCommands, path, replayPath });
    const seconds = (Date.now() - started) / 1000;
    if (details.failed) {
      console.log(`\n${failureReport(details, seed)}\n`);
      const replay = `FUZZ_SEED=${seed} FUZZ_STEPS=${maxCommands} FUZZ_PATH="${details.counterexamplePath}" FUZZ_REPLAY_PATH="${replayPathOf(details)}"`;
      console.log(`Replay: ${replay} npm run fuzz:notifications`);
      const steps = counterexampleSteps(details).length;
      console.log(`FUZZ_SUMMARY ${JSON.stringify({ found: true, seed, path: details.counterexamplePath, steps, seconds })}`);
      process.exitCode = 1;
    } else {
      console.log(`No counterexample: ${details.numRuns} sequences in ${seconds.toFixed(1)} s.\n${coverageReport()}`);
      console.log(`FUZZ_SUMMARY ${JSON.stringify({ found: false, seed, sequences: details.numRuns, seconds })}`);
    }
  } finally {
    await hedger.close();
  }
}

main().then(
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(1);
  }
);
