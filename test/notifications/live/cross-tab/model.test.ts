// The live notifications' model-based test on a few fixed seeds (`npm run fuzz:notifications` runs
// 500 sequences of a fresh seed): tabs open, close, crash, freeze and resume on the cross-tab fakes
// while the mock hedger emits (in order, each frame twice, reversed), drops every socket and
// restarts, and tabs read; then every tab's lists must equal the model's
// (docs/live-notifications.md#the-model-based-test).
import { expect } from "chai";
import type { MockHedger } from "../../../../src/mock-hedger";
import { CloseTab, coverage, DropConnections, Emit, FreezeTab, OpenTab, ReadOne, ResumeTab, SlowRest } from "./model/commands";
import { checkModel, checked, coverageReport, failureReport, replayPathOf, runSequence, startModelHedger } from "./model/harness";

// Kept cheap: these run in the notifications lane, on Node.js 20 and again on 24.
const SEEDS = [28_001, 28_002, 28_003];
const RUNS = 12;
const MAX_COMMANDS = 25;

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

  it("reached every command and compared read items too: the sequences are not empty", () => {
    console.log(`      ${coverageReport().replace(/\n/g, "\n      ")}`);
    const kinds = [
      "open",
      "close",
      "crash",
      "freeze",
      "freeze with its event",
      "resume",
      "emit in order",
      "emit each twice",
      "emit reversed",
      "drop",
      "restart",
      "read one",
      "read all",
    ];
    for (const kind of kinds) expect(coverage.get(kind) ?? 0, `${kind} never ran:\n${coverageReport()}`).to.be.greaterThan(0);
    expect(checked.read, "no read item was compared").to.be.greaterThan(0);
    expect(checked.updates, "no update was emitted").to.be.greaterThan(0);
  });

  it("keeps an update unread in a tab that joined while a tab that read the old copy was frozen (the bug it found)", async () => {
    // Tabs A and B; A reads an item and B freezes; C joins (A answers: the item read) and then the
    // item is updated; on resume B answers C's hello with the old copy read, which must not hide the update.
    await runSequence(hedger, [
      new OpenTab(),
      new OpenTab(),
      new Emit(["new"], "in order"),
      new ReadOne(0, 0),
      new FreezeTab(1),
      new OpenTab(),
      new Emit([0], "in order"),
    ]);
  });

  it("a tab back from a freeze tells a leader elected meanwhile what it holds, so that the leader's late backfill announces none of it again (found by the fuzz run)", async () => {
    // B leads after A closes, announces an item, and freezes with its event; C opens alone and leads,
    // its backfill held back; B resumes and joins; C's backfill then brings the item B announced.
    await runSequence(hedger, [
      new OpenTab(),
      new OpenTab(),
      new SlowRest(true),
      new CloseTab(0),
      new DropConnections([], [0]),
      new FreezeTab(0, true),
      new OpenTab(),
      new ResumeTab(0),
    ]);
  });
});
