// The model-based test's property: a random sequence of commands (commands.ts) on a fresh world
// (world.ts) and model (model.ts); then every frozen tab resumes, the wire and the hedger heal, and
// every living tab's unread and read lists must come to equal what the model says, exactly: every
// notification once, at its newest version, read where the tab knows it read. Used by the fixed
// seeds of model.test.ts, by `npm run fuzz:notifications` and by its planted bugs.
import fc from "fast-check";
import { startMockHedger, type MockHedger } from "../../../../../src/mock-hedger";
import { until } from "../../../../support/wait";
import { COMMANDS, coverage } from "./commands";
import { emptyModel, expectedLists, frozen, resume, type Model } from "./model";
import { World, holds, type RealTab } from "./world";

export interface ModelRunOptions {
  seed: number;
  numRuns: number;
  /** Longest sequence. */
  maxCommands: number;
  /** Replays one counterexample: fast-check's path and the commands' replay path, printed with it. */
  path?: string;
  replayPath?: string;
}

const listsOf = (t: RealTab) => ({
  unread: t.state().unreadNotifications.map((n) => `${n.id}@${n.modifyTime}`),
  read: t.state().readNotifications.map((n) => `${n.id}@${n.modifyTime}`),
});

/** Heals everything, then waits until every tab shows what the model says; throws with the differences. */
async function verify(m: Model, w: World): Promise<void> {
  w.wire.release();
  w.rest.release();
  if (!w.hedger.isUp) await w.hedger.up();
  for (const tab of frozen(m)) {
    resume(m, tab.key);
    w.resume(tab.key);
    await w.settle("the final resume");
  }
  if (m.tabs.length === 0) return;
  checked.sequences += 1;
  const differences = () =>
    m.tabs
      .map((tab) => ({ tab, want: expectedLists(tab, w.hedger.history(w.account)), got: listsOf(w.tab(tab.key)) }))
      .filter(({ want, got }) => JSON.stringify(want) !== JSON.stringify(got));
  try {
    await until("every tab's lists as the model says", () => differences().length === 0);
    await until("one socket", () => w.hedger.subscribers(w.account) === 1);
    for (const tab of m.tabs) {
      const { unread, read } = expectedLists(tab, w.hedger.history(w.account));
      checked.unread += unread.length;
      checked.read += read.length;
    }
    checked.updates += w.hedger.history(w.account).length - new Set(w.hedger.history(w.account).map((r) => r.id)).size;
    checkAnnouncements(w);
  } catch (error) {
    const lines = differences().map(({ tab, want, got }) => `  tab ${tab.key}: want ${JSON.stringify(want)}\n         got  ${JSON.stringify(got)}`);
    throw new Error(`${(error as Error).message}\n${lines.join("\n")}\n  the hedger has ${w.hedger.subscribers(w.account)} subscriber(s)`);
  }
}

/**
 * onNewNotification: every item a living tab holds was announced, and each announcement was the
 * leader's, of an item no running peer held (World.announce). An item is announced again only
 * once no running tab held it: every tab that did closed or crashed, or was frozen.
 */
function checkAnnouncements(w: World): void {
  const unannounced = [...new Set(w.hedger.history(w.account).map((r) => String(r.id)))].filter(
    (id) => !w.announced.has(id) && [...w.tabs.values()].some((t) => holds(t, id))
  );
  const problems = [...w.announceProblems, ...unannounced.map((id) => `${id} is in a tab's lists but was never announced`)];
  if (problems.length > 0) throw new Error(`onNewNotification broke the rules:\n  ${problems.join("\n  ")}`);
  checked.announced += w.announced.size;
  checked.announcedAgain += [...w.announced.values()].filter((count) => count > 1).length;
}

/** What the final checks covered, over every sequence of this process. */
export const checked = { sequences: 0, unread: 0, read: 0, updates: 0, announced: 0, announcedAgain: 0 };

/** The coverage of this process's sequences, one line each. */
export function coverageReport(): string {
  const commands = [...coverage.entries()].sort().map(([what, n]) => `${what} ${n}`);
  return [
    `commands run: ${commands.join(", ")}`,
    `final checks: ${checked.sequences} sequences ending with tabs open; ${checked.unread} unread and ${checked.read} read items compared (per tab); ${checked.updates} updates emitted`,
    `announcements: ${checked.announced} items announced, ${checked.announcedAgain} of them again after every running tab that held them had gone or frozen`,
  ].join("\n");
}

let accounts = 0;
const nextAccount = () => `0x${(0xd00d0000 + ++accounts).toString(16).padStart(40, "0")}`;

/** A hedger whose clock runs ahead of the tabs' (one day), so that a tab opened late still backfills every item. */
export async function startModelHedger(): Promise<MockHedger> {
  const hedger = await startMockHedger({ port: 0 });
  hedger.record("0x00000000000000000000000000000000000c10c0", { modify_time: Math.floor(Date.now() / 1000) + 86_400 });
  return hedger;
}

/** One sequence of commands on a fresh world and model, then the final check; throws what broke. */
export async function runSequence(hedger: MockHedger, commands: Iterable<fc.AsyncCommand<Model, World>>): Promise<void> {
  const world = new World(hedger, nextAccount());
  const model = emptyModel();
  try {
    await fc.asyncModelRun(() => ({ model, real: world }), commands);
    await verify(model, world);
  } finally {
    world.dispose();
    if (!hedger.isUp) await hedger.up();
  }
}

export function modelProperty(hedger: MockHedger, maxCommands: number, replayPath?: string) {
  return fc.asyncProperty(fc.commands(COMMANDS, { maxCommands, size: "max", replayPath }), (commands) => runSequence(hedger, commands));
}

/** Runs the property; resolves with fast-check's details (a failure's seed, path and shrunk counterexample). */
export async function checkModel(hedger: MockHedger, options: ModelRunOptions) {
  return fc.check(modelProperty(hedger, options.maxCommands, options.replayPath), {
    seed: options.seed,
    numRuns: options.numRuns,
    path: options.path,
    endOnFailure: false,
  });
}

export type ModelRunDetails = Awaited<ReturnType<typeof checkModel>>;

/** The commands' replay path that fast-check prints after a sequence of commands. */
export function replayPathOf(details: ModelRunDetails): string | undefined {
  return details.counterexample === null ? undefined : /replayPath="([^"]*)"/.exec(String(details.counterexample[0]))?.[1];
}

/** The commands of a failed run's shrunk counterexample, as text. */
export function counterexampleSteps(details: ModelRunDetails): string[] {
  if (details.counterexample === null) return [];
  const text = String(details.counterexample[0]).replace(/\s*\/\*replayPath=.*\*\//, "");
  return text === "" ? [] : text.split(",").map((c) => c.trim());
}

/** The report of a failed run: the seed, the path to replay it, the shrunk sequence and the error. */
export function failureReport(details: ModelRunDetails, seed: number): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return [
    `Counterexample after ${details.numRuns} sequence(s) (seed ${seed}, path "${details.counterexamplePath}", ${details.numShrinks} shrink(s)):`,
    ...counterexampleSteps(details).map((c) => `  ${c}`),
    `Broken: ${error}`,
  ].join("\n");
}
