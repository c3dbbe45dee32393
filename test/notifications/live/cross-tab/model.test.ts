// The live notifications' model-based test on a few fixed seeds (`npm run fuzz:notifications` runs
// 500 sequences of a fresh seed): tabs open, close, crash, freeze and resume on the cross-tab fakes
// while the mock hedger emits (in order, each frame twice, reversed), drops every socket and
// restarts, and tabs read; then every tab's lists must equal the model's
// (docs/live-notifications.md#the-model-based-test).
import { expect } from "chai";
import type { MockHedger } from "../../../../src/mock-hedger";
import { Emit, FreezeTab, OpenTab, ReadOne, RestartHedger } from "./model/commands";
import { checkModel, failureReport, replayPathOf, runSequence, startModelHedger } from "./model/harness";

// Kept cheap: these run in the notifications lane, on Node.js 20 and again on 24.
const SEEDS = [28_001, 28_002];
const RUNS = 8;
const MAX_COMMANDS = 20;

describe("live: the model-based test of the tabs (fixed seeds)", () => {
  let hedger: MockHedger;
  before(async () => {
    hedger = await startModelHedger();
  });
  after(async () => {
    await hedger.close();
  });

  for (const seed of SEEDS) {
    it(`every tab's lists equal the model's after ${RUNS} random sequences of up to ${MAX_COMMANDS} commands (seed ${seed})`, async () => {
      const details = await checkModel(hedger, { seed, numRuns: RUNS, maxCommands: MAX_COMMANDS });
      if (details.failed) {
        const replay = `FUZZ_SEED=${seed} FUZZ_STEPS=${MAX_COMMANDS} FUZZ_PATH="${details.counterexamplePath}" FUZZ_REPLAY_PATH="${replayPathOf(details)}" npm run fuzz:notifications`;
        expect.fail(`${failureReport(details, seed)}\nReplay: ${replay}`);
      }
    });
  }

  it("keeps an update unread in a tab that joined while the tab that read the old copy was frozen (the sequence that found it)", async () => {
    // Two tabs; the leader reads an item, the other freezes before an update of it reaches it; a
    // third tab joins; on resume the frozen tab answers the newcomer with the old copy read.
    await runSequence(hedger, [new OpenTab(), new OpenTab(), new Emit(["new"], "in order"), new RestartHedger([]), new Emit([0], "in order"), new ReadOne(0, 0), new FreezeTab(1), new OpenTab()]);
  });
});
