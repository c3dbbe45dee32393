// What one chain of a multi-chain run (`--networks`) is to the runner: a preflight that never sends,
// then a send. A job may run in this process (Hardhat 3: one connection per network) or drive a
// child Hardhat process over IPC (Hardhat 2); the runner sees only this interface.
import type { Logger } from "../../output/log";

/** What the runner hands a job: where its lines go, its live status, and Ctrl-C. */
export interface JobContext {
  /** Prefixed with the job's network and redacted (every network's secrets) by the display. */
  readonly log: Logger;
  /** The job's one live status line ("deploying the implementation"); a plain prefixed line off a terminal. */
  status(text: string): void;
  /** Aborted on Ctrl-C: a job stops what it runs (a child: signal it) and rejects, or finishes what cannot be stopped. */
  readonly signal: AbortSignal;
}

/** The cells of the preflight table for one chain, as the job found them; every field is text to show. */
export interface PreflightCells {
  /** As the chain's endpoint reported it. */
  chainId?: number;
  /** The deployer's balance in the chain's native currency: "1.5 BNB". */
  balance?: string;
  /** The estimated cost of what send() would do, in the chain's native currency. */
  cost?: string;
  /** The proxy: recorded, or where a --deterministic deployment will put it. */
  proxy?: string;
  /** What send() will do: "deploy", "upgrade", "already deployed", "nothing to upgrade". */
  action?: string;
}

export interface PreflightReport extends PreflightCells {
  /** The first check that failed, and why ("deployer balance: holds 0.01 BNB, needs about 0.05 BNB"); absent when all passed. */
  problem?: string;
  /** Every check passed and there is nothing to send (already deployed, nothing to upgrade): send() is not called. */
  nothingToDo?: boolean;
}

/** What send() reports once its chain's work is done; thrown errors are the failures. */
export interface SendReport {
  /** "unchanged": it found nothing left to send after all. Default "done". */
  status?: "done" | "unchanged";
  proxy?: string;
  /** Gas used by this run's transactions, as text. */
  gasUsed?: string;
  /** What they cost, in the chain's native currency: "0.0021 BNB". */
  cost?: string;
  transactions?: number;
  /** "verified", "skipped (--no-verify)", "failed: <why>". */
  verification?: string;
}

export interface ChainJob {
  /** The network's name in the config: the prefix of its lines and its row in the tables. */
  readonly network: string;
  /** Every check of this chain, reading only; never sends. Throwing counts as a failed check. */
  preflight(context: JobContext): Promise<PreflightReport>;
  /** Sends on this chain (called only when every chain's preflight passed, or with skipFailing). Throwing is this chain's failure. */
  send(context: JobContext): Promise<SendReport>;
  /** Called once the run is over, whatever happened (a child told to leave, a connection closed); a failure is a warning. */
  close?(): Promise<void>;
}

/** A chain's row in the preflight table. */
export interface PreflightRow extends PreflightCells {
  network: string;
  ok: boolean;
  /** Why it failed (redacted): the job's problem, or its error's message. */
  reason?: string;
  nothingToDo: boolean;
}

/**
 * done: sent and finished; unchanged: nothing to send; failed: send failed; preflight failed: not
 * sent because its own checks failed; not sent: another chain's checks failed, or a dry run;
 * aborted: stopped or never started because of Ctrl-C.
 */
export type ChainStatus = "done" | "unchanged" | "failed" | "preflight failed" | "not sent" | "aborted";

/** A chain's row in the summary table. */
export interface ChainOutcome extends Omit<SendReport, "status"> {
  network: string;
  status: ChainStatus;
  /** Why it failed, was not sent or was aborted (redacted). */
  error?: string;
}
