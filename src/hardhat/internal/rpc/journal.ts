// The send journal: every transaction a task signs or asks the node to sign, written down before it
// is sent (for a locally signed one, with its hash and its signed bytes), and what became of it. It
// sits beside the addresses file (`addresses.json` -> `addresses.journal.json`), is replaced
// atomically, and lets a later run of the same task find what an unfinished run sent, including
// transactions whose answers were lost, instead of sending them again.
import crypto from "crypto";
import fs from "fs";
import path from "path";
import { AddressesFileError } from "../../errors";
import { writeFileAtomic } from "../files/atomic-write";

export type SendState =
  /** Written down, not yet sent. */
  | "signed"
  /** The node accepted it (or already held it). */
  | "sent"
  /** No answer came back: it may have reached the node. */
  | "maybe-sent"
  /** The node refused it; it cannot take effect. */
  | "rejected"
  /** Not sent: an identical transaction of an earlier run stood in for it. */
  | "reused";

export interface JournalEntry {
  /** Known before sending when signed locally; after the node answers when the node signs. */
  hash?: string;
  from: string;
  nonce: number;
  /** null for a contract creation. */
  to: string | null;
  /** sha256 of the lower-case calldata: equal data, equal digest. */
  dataDigest: string;
  value: string;
  signer: "local" | "node";
  state: SendState;
  /** The signed bytes, kept until the run completes, to send the very same transaction again. */
  raw?: string;
  /** For "reused": the run whose transaction stood in. */
  reusedFrom?: string;
  /** The last later run that reused this transaction; that run is not offered it again. */
  reusedBy?: string;
}

export type RunStatus = "running" | "failed" | "completed";

export interface JournalRun {
  id: string;
  task: string;
  network: string;
  chainId: number;
  started: string;
  status: RunStatus;
  /** A later run of the same task completed the work this one left unfinished. */
  settledBy?: string;
  transactions: JournalEntry[];
}

interface JournalFile {
  version: 1;
  runs: JournalRun[];
}

/** Runs kept in the file; beyond them, older runs that nothing can reuse any more (completed or settled) are dropped. */
const KEEP_RUNS = 50;

export function journalPathFor(addressesFile: string): string {
  const parsed = path.parse(addressesFile);
  return path.join(parsed.dir, `${parsed.ext === ".json" ? parsed.name : parsed.base}.journal.json`);
}

export function dataDigest(data: string): string {
  return crypto.createHash("sha256").update(data.toLowerCase()).digest("hex");
}

export interface TransactionShape {
  from: string;
  to: string | null;
  data: string;
  value: bigint;
}

export class Journal {
  private runs: JournalRun[];
  readonly run: JournalRun;

  /**
   * Opens the journal for a run. A journal that cannot be read stops the task before anything is
   * sent, and is left as it is: it may be the only trace of an earlier run's transactions.
   * `file` undefined keeps the journal in memory (the in-process network, which ends with the task).
   */
  constructor(
    readonly file: string | undefined,
    run: { task: string; network: string; chainId: number }
  ) {
    this.runs = file === undefined ? [] : Journal.read(file);
    this.run = {
      id: `${new Date().toISOString()}#${crypto.randomBytes(3).toString("hex")}`,
      task: run.task,
      network: run.network,
      chainId: run.chainId,
      started: new Date().toISOString(),
      status: "running",
      transactions: [],
    };
  }

  private static read(file: string): JournalRun[] {
    if (!fs.existsSync(file)) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      throw new AddressesFileError(file, `the send journal is not valid JSON (${(error as Error).message})`);
    }
    const runs = (parsed as Partial<JournalFile>)?.runs;
    if ((parsed as Partial<JournalFile>)?.version !== 1 || !Array.isArray(runs)) {
      throw new AddressesFileError(file, `not a send journal of this plugin (expected {"version": 1, "runs": [...]})`);
    }
    return runs;
  }

  /**
   * Transactions of earlier unfinished runs of this task on this chain, from `from`, that this run has
   * not reused. One that another run reused is still offered: that run did not complete either (a
   * completed one settles every earlier run), and what it reused has not become part of a deployment.
   */
  candidates(shape: TransactionShape): { run: JournalRun; transaction: JournalEntry }[] {
    const digest = dataDigest(shape.data);
    const found: { run: JournalRun; transaction: JournalEntry }[] = [];
    for (const run of this.runs) {
      if (run === this.run || run.status === "completed" || run.settledBy !== undefined) continue;
      if (run.chainId !== this.run.chainId || run.task !== this.run.task) continue;
      for (const transaction of run.transactions) {
        if (transaction.state === "rejected" || transaction.state === "reused" || transaction.reusedBy === this.run.id) continue;
        if (transaction.from !== shape.from.toLowerCase() || transaction.dataDigest !== digest) continue;
        if ((transaction.to ?? null) !== (shape.to === null ? null : shape.to.toLowerCase()) || BigInt(transaction.value) !== shape.value) continue;
        found.push({ run, transaction });
      }
    }
    return found;
  }

  /** Writes a transaction down (before it is sent) and returns the live entry to update. */
  add(transaction: JournalEntry): JournalEntry {
    this.run.transactions.push(transaction);
    this.save();
    return transaction;
  }

  update(transaction: JournalEntry, change: Partial<JournalEntry>): void {
    Object.assign(transaction, change);
    this.save();
  }

  /** Marks an earlier run's transaction (mined as `hash`) as reused by this run, and notes the reuse in this run. */
  reuse(from: { run: JournalRun; transaction: JournalEntry }, hash: string): JournalEntry {
    from.transaction.reusedBy = this.run.id;
    return this.add({ ...from.transaction, hash, raw: undefined, reusedBy: undefined, state: "reused", reusedFrom: from.run.id });
  }

  /**
   * Ends this run. A completed run settles the earlier unfinished runs of the same task on the same
   * chain (what they sent is either part of this deployment or known not to have taken effect), and
   * drops its signed bytes.
   */
  finish(status: "completed" | "failed"): void {
    this.run.status = status;
    if (status === "completed") {
      for (const run of this.runs) {
        if (run.status !== "completed" && run.settledBy === undefined && run.chainId === this.run.chainId && run.task === this.run.task)
          run.settledBy = this.run.id;
      }
      for (const transaction of this.run.transactions) delete transaction.raw;
    }
    this.save();
  }

  private save(): void {
    if (this.file === undefined) return;
    if (!this.runs.includes(this.run)) this.runs.push(this.run);
    const done = (run: JournalRun) => run.status === "completed" || run.settledBy !== undefined;
    if (this.runs.length > KEEP_RUNS) this.runs = this.runs.filter((run, index) => !done(run) || index >= this.runs.length - KEEP_RUNS);
    writeFileAtomic(this.file, JSON.stringify({ version: 1, runs: this.runs } satisfies JournalFile, null, 2) + "\n");
  }
}
