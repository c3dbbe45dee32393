// A multi-chain run (`--networks`): every chain's preflight at once (bounded), one table, then the
// sends on every chain at once (bounded) only if every chain passed (or, with skipFailing, on those
// that did), and a summary table. A chain that throws is that chain's failure, never the others'.
// Ctrl-C (the signal) starts nothing new, hands the running jobs the signal, and still prints the summary.
import type { ChainDisplay } from "../../output/chain-display";
import { InputError } from "../../../errors";
import type { ChainJob, ChainOutcome, JobContext, PreflightReport, PreflightRow } from "./job";
import { forEachBounded, resolveConcurrency } from "./pool";
import { EveryChainError, failureMessage, printPreflight, printSummary, type EveryChainResult } from "./report";

/** A multi-chain task's own options, as either major's task action receives them (the strings as typed). */
export interface EveryChainArgs {
  networks?: string;
  concurrency?: string;
  skipFailing: boolean;
  dryRun: boolean;
  noCompile: boolean;
  deterministic?: boolean;
  addressesFile?: string;
}

export interface EveryChainOptions {
  /** The task's name, for messages: "deploy-multiaccount". */
  task: string;
  /** How many chains work at once (resolveConcurrency); default every chain, up to 8. */
  concurrency?: number;
  /** Send on the chains whose preflight passed, even when others failed. */
  skipFailing?: boolean;
  /** Print the preflight table (and the one --deterministic address) and send nothing. */
  dryRun?: boolean;
  /** Every chain must report the same proxy address. */
  deterministic?: boolean;
  /** Ctrl-C. */
  signal?: AbortSignal;
}

const NOT_STARTED = "not started: stopped (Ctrl-C)";

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0].trim() || (error instanceof Error ? error.name : "unknown error");
}

function rowOf(network: string, report: PreflightReport, display: ChainDisplay): PreflightRow {
  const { chainId, balance, cost, proxy, action, problem } = report;
  const ok = problem === undefined;
  return {
    network,
    ok,
    reason: ok ? undefined : display.redact(problem),
    nothingToDo: ok && report.nothingToDo === true,
    chainId,
    balance,
    cost,
    proxy,
    action,
  };
}

async function preflightOne(job: ChainJob, context: JobContext, display: ChainDisplay): Promise<PreflightRow> {
  context.status("preflight: checking");
  let row: PreflightRow;
  try {
    row = rowOf(job.network, await job.preflight(context), display);
  } catch (error) {
    // A check stopped by Ctrl-C (a child told to stop leaves without answering) is aborted, not failed.
    const reason = context.signal.aborted ? NOT_STARTED : display.redact(firstLine(error));
    row = { network: job.network, ok: false, reason, nothingToDo: false };
  }
  context.status(row.ok ? `preflight ok: ${row.action ?? "ready"}` : `preflight FAILED: ${row.reason}`);
  return row;
}

/** Two networks on one chain would race for the deployer's nonces and record two deployments. */
function markSameChain(rows: PreflightRow[]): void {
  for (const row of rows) {
    const first = rows.find((other) => other.chainId !== undefined && other.chainId === row.chainId);
    if (row.ok && first !== undefined && first !== row) {
      row.ok = false;
      row.nothingToDo = false;
      row.reason = `same chain (${row.chainId}) as "${first.network}": run one of the two networks at a time`;
    }
  }
}

/** --deterministic: the one address every chain reported, or why they disagree. */
function sharedAddress(rows: readonly PreflightRow[]): { address?: string; disagreement?: string } {
  const reported = rows.filter((row) => row.proxy !== undefined);
  const distinct = [...new Set(reported.map((row) => row.proxy!.toLowerCase()))];
  if (distinct.length === 1) return { address: reported[0].proxy };
  if (distinct.length === 0) return {};
  const each = reported.map((row) => `${row.network} ${row.proxy}`).join(", ");
  return {
    disagreement:
      `--deterministic: the chains do not agree on the proxy's address (${each}). ` +
      `The address depends only on the deployer and the salt: check that every network signs with the same deployer.`,
  };
}

/** A chain's outcome before (or without) its send. */
function outcomeBefore(row: PreflightRow, why: string | undefined): ChainOutcome {
  if (!row.ok) return { network: row.network, status: row.reason === NOT_STARTED ? "aborted" : "preflight failed", error: row.reason };
  if (row.nothingToDo) return { network: row.network, status: "unchanged", proxy: row.proxy };
  return why === NOT_STARTED ? { network: row.network, status: "aborted", error: why } : { network: row.network, status: "not sent", error: why };
}

async function sendOne(job: ChainJob, context: JobContext, display: ChainDisplay): Promise<ChainOutcome> {
  context.status("sending");
  try {
    const { status, proxy, gasUsed, cost, transactions, verification } = await job.send(context);
    const outcome: ChainOutcome = { network: job.network, status: status ?? "done", proxy, gasUsed, cost, transactions, verification };
    context.status(outcome.status);
    return outcome;
  } catch (error) {
    const message = display.redact(error instanceof Error ? error.message : String(error));
    const status = context.signal.aborted ? "aborted" : "failed";
    context.log.error(`${status}: ${message}`);
    context.status(`${status}: ${message.split("\n")[0]}`);
    return { network: job.network, status, error: message };
  }
}

function checkJobs(jobs: readonly ChainJob[]): void {
  if (jobs.length === 0) throw new InputError("No network to run on: give --networks a list of network names, or all.");
  const names = jobs.map((job) => job.network);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new InputError(`The network "${twice}" is listed twice.`);
}

function contextsFor(jobs: readonly ChainJob[], display: ChainDisplay, signal: AbortSignal): JobContext[] {
  return jobs.map((job) => ({ log: display.logger(job.network), status: (text: string) => display.status(job.network, text), signal }));
}

async function preflightAll(jobs: readonly ChainJob[], contexts: JobContext[], limit: number, signal: AbortSignal, display: ChainDisplay) {
  const rows: (PreflightRow | undefined)[] = jobs.map(() => undefined);
  await forEachBounded(jobs, limit, async (job, index) => void (rows[index] = await preflightOne(job, contexts[index], display)), signal);
  return rows.map((row, index) => row ?? { network: jobs[index].network, ok: false, reason: NOT_STARTED, nothingToDo: false });
}

/** Runs every chain's preflight, then (unless stopped) their sends; never throws for a chain's failure. */
export async function runEveryChain(jobs: readonly ChainJob[], options: EveryChainOptions, display: ChainDisplay): Promise<EveryChainResult> {
  checkJobs(jobs);
  const limit = resolveConcurrency(options.concurrency, jobs.length);
  const signal = options.signal ?? new AbortController().signal;
  const contexts = contextsFor(jobs, display, signal);
  try {
    const rows = await preflightAll(jobs, contexts, limit, signal, display);
    markSameChain(rows);
    const shared = options.deterministic ? sharedAddress(rows) : {};
    printPreflight(display.log, rows);
    if (shared.address !== undefined) display.log.info(`--deterministic: the proxy's address on every chain: ${shared.address}`);
    const result: EveryChainResult = { rows, outcomes: [], address: shared.address, sent: false, aborted: signal.aborted, failed: false };
    const blocked = rows.some((row) => !row.ok) && !options.skipFailing;
    if (options.dryRun || blocked || signal.aborted || shared.disagreement !== undefined) {
      const why = signal.aborted ? NOT_STARTED : options.dryRun ? "dry run" : "nothing was sent: the preflight failed";
      result.outcomes = rows.map((row) => outcomeBefore(row, why));
      return settle(result, options, shared.disagreement, display);
    }
    result.sent = true;
    result.outcomes = await sendAll(jobs, rows, contexts, limit, signal, display);
    result.aborted = signal.aborted;
    display.close();
    printSummary(display.log, result.outcomes);
    return settle(result, options, undefined, display);
  } finally {
    display.close();
    await closeAll(jobs, display);
  }
}

/** Every job's close(), at once; a failure is a warning on that chain's lines. */
async function closeAll(jobs: readonly ChainJob[], display: ChainDisplay): Promise<void> {
  await Promise.all(
    jobs.map(async (job) => {
      try {
        await job.close?.();
      } catch (error) {
        display.logger(job.network).warn(`Warning: could not close this chain's connection (${display.redact(firstLine(error))}).`);
      }
    })
  );
}

async function sendAll(
  jobs: readonly ChainJob[],
  rows: readonly PreflightRow[],
  contexts: JobContext[],
  limit: number,
  signal: AbortSignal,
  display: ChainDisplay
): Promise<ChainOutcome[]> {
  const outcomes = rows.map((row) => outcomeBefore(row, NOT_STARTED));
  const toSend = rows.flatMap((row, index) => (row.ok && !row.nothingToDo ? [index] : []));
  for (const index of toSend) contexts[index].status("waiting to send");
  await forEachBounded(toSend, limit, async (index) => void (outcomes[index] = await sendOne(jobs[index], contexts[index], display)), signal);
  return outcomes;
}

function settle(result: EveryChainResult, options: EveryChainOptions, disagreement: string | undefined, display: ChainDisplay): EveryChainResult {
  // A dry run sends nothing by design; otherwise every chain must end done or unchanged.
  const undone = result.outcomes.some((o) => (o.status === "not sent" ? !options.dryRun : o.status !== "done" && o.status !== "unchanged"));
  result.failed = undone || result.aborted || disagreement !== undefined;
  if (result.failed) {
    const message = display.redact(failureMessage(options.task, result, { dryRun: options.dryRun, disagreement }));
    result.error = new EveryChainError(message, result);
  }
  return result;
}
