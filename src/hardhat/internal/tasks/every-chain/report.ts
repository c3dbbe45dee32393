// What a multi-chain run shows and gives back: the preflight table, the summary table, the result
// object a task returns, and the error it throws when a chain failed (exit code 1; Hardhat prints a
// plugin error's message alone, without a stack trace, below the summary).
import { MultiAccountKitError } from "../../../errors";
import { printTable, type Logger } from "../../output/log";
import type { ChainOutcome, PreflightRow } from "./job";

export interface EveryChainResult {
  /** One per chain, in the order of --networks. */
  rows: PreflightRow[];
  /** One per chain, in the same order. */
  outcomes: ChainOutcome[];
  /** --deterministic: the proxy's address, the same on every chain that reported one. */
  address?: string;
  /** Whether anything was sent (false: a dry run, a failed preflight, Ctrl-C before the sends). */
  sent: boolean;
  /** Ctrl-C stopped the run. */
  aborted: boolean;
  /** A chain failed, or was left undone: exit code 1. */
  failed: boolean;
  /** What the task throws when `failed`: its message names the chains and what to do. */
  error?: EveryChainError;
}

/** Some chain of a multi-chain run failed or was left undone; the tables above it say which and why. */
export class EveryChainError extends MultiAccountKitError {
  declare readonly result: EveryChainResult;

  constructor(message: string, result: EveryChainResult) {
    super(message);
    // Not enumerable: Hardhat prints the error, and the result is already on the screen as tables.
    Object.defineProperty(this, "result", { value: result, enumerable: false });
  }
}

const dash = (value: string | number | undefined) => (value === undefined || value === "" ? "-" : String(value));

export function printPreflight(log: Logger, rows: readonly PreflightRow[]): void {
  printTable(log, [
    ["network", "chain", "balance", "estimated cost", "proxy", "action", "preflight"],
    ...rows.map((row) => [
      row.network,
      dash(row.chainId),
      dash(row.balance),
      dash(row.cost),
      dash(row.proxy),
      dash(row.action),
      row.ok ? "ok" : `FAILED: ${row.reason ?? "?"}`,
    ]),
  ]);
}

export function printSummary(log: Logger, outcomes: readonly ChainOutcome[]): void {
  printTable(log, [
    ["network", "status", "proxy", "gas", "cost", "transactions", "verification"],
    ...outcomes.map((o) => [o.network, o.status, dash(o.proxy), dash(o.gasUsed), dash(o.cost), dash(o.transactions), dash(o.verification)]),
  ]);
  for (const outcome of outcomes) {
    if (outcome.error !== undefined && outcome.status !== "not sent") log.info(`${outcome.network}: ${outcome.status}: ${outcome.error}`);
  }
}

const names = (outcomes: readonly ChainOutcome[]) => outcomes.map((o) => o.network).join(", ");

/** The error's message: which chains, why in a word, and what to do next. */
export function failureMessage(task: string, result: EveryChainResult, options: { dryRun?: boolean; disagreement?: string }): string {
  const { outcomes } = result;
  const done = outcomes.filter((o) => o.status === "done" || o.status === "unchanged");
  const failedPreflight = outcomes.filter((o) => o.status === "preflight failed");
  const rerun = "Run the same command again: each chain does only what is still missing.";
  if (options.disagreement !== undefined) return `${task}: ${options.disagreement} Nothing was sent on any chain.`;
  if (result.aborted) {
    const undone = outcomes.filter((o) => !done.includes(o));
    return `${task} was stopped (Ctrl-C); ${done.length === 0 ? "no chain finished" : `finished on ${names(done)}`}, not on ${names(undone)}. ${rerun}`;
  }
  if (!result.sent) {
    const passed = outcomes.length - failedPreflight.length;
    const what = options.dryRun ? "Dry run: the preflight" : `${task} sent nothing: the preflight`;
    const next = options.dryRun
      ? "Fix what the table says."
      : `Fix what the table says and run again, or pass --skip-failing to send on the ${passed} chain(s) that passed.`;
    return `${what} failed on ${failedPreflight.length} of ${outcomes.length} chains (${names(failedPreflight)}). ${next}`;
  }
  const failed = outcomes.filter((o) => !done.includes(o));
  const doneText = done.length === 0 ? "" : `; done on ${names(done)}`;
  return `${task} failed on ${failed.length} of ${outcomes.length} chains (${names(failed)})${doneText}. The summary above says why. ${rerun}`;
}
