// The wait for a transaction this run sent: the plugins poll its receipt (or the transaction) until
// they see it, for as long as it takes. Here each poll of one of our hashes is watched: what it waits
// for is printed at least every 30 s, and a transaction the node still shows nowhere (neither mined
// nor pending, as a lagging backend answers) after multiAccount.rpc.totalTimeout ends the run with
// its outcome unknown, instead of a wait without end. One still pending in the pool is waited for.
import type { Logger } from "../output/log";
import { seconds } from "./retry";

/** How often a wait says what it waits for, at most. */
export const WAIT_REPORT_MS = 30_000;
const LOOKUPS = new Set(["eth_getTransactionReceipt", "eth_getTransactionByHash"]);

interface Watched {
  what: string;
  since: number;
  reported: number;
  /** The node has shown it (pending, or mined): it is no longer at risk of being lost. */
  seen: boolean;
}

export interface WaitEffects {
  now?: () => number;
}

export class SentWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly totalTimeout: number,
    private readonly network: string,
    private readonly effects: WaitEffects = {}
  ) {}

  private now(): number {
    return (this.effects.now ?? Date.now)();
  }

  /** `hash` was just sent; `what`: "contract creation", "call to 0x…". */
  sent(hash: string, what: string): void {
    const now = this.now();
    this.watched.set(hash.toLowerCase(), { what, since: now, reported: now, seen: false });
  }

  /**
   * After a poll `method` for `params[0]` answered `result`. `visible` asks the node whether it shows
   * the transaction at all; `unknown` makes the error that ends the run. Throws that error when the
   * transaction stayed out of sight past totalTimeout.
   */
  async polled(
    method: string,
    params: readonly unknown[],
    result: unknown,
    log: Logger | undefined,
    visible: () => Promise<boolean>,
    unknown: (hash: string, why: string) => Error
  ): Promise<void> {
    if (!LOOKUPS.has(method) || typeof params[0] !== "string") return;
    const hash = params[0].toLowerCase();
    const entry = this.watched.get(hash);
    if (entry === undefined) return;
    if (result !== null && result !== undefined) {
      if (method === "eth_getTransactionReceipt") this.watched.delete(hash);
      else entry.seen = true;
      return;
    }
    const now = this.now();
    const overdue = !entry.seen && now - entry.since >= this.totalTimeout;
    if (!overdue && now - entry.reported < Math.min(WAIT_REPORT_MS, this.totalTimeout / 4)) return;
    entry.reported = now;
    if (!entry.seen) entry.seen = await visible();
    const waited = seconds(now - entry.since);
    if (entry.seen) {
      log?.info(`  waiting for ${hash} (${entry.what}) to be mined on "${this.network}": pending for ${waited}`);
      return;
    }
    if (now - entry.since >= this.totalTimeout) {
      this.watched.delete(hash);
      throw unknown(
        hash,
        `"${this.network}" shows it neither mined nor pending ${waited} after it was sent (multiAccount.rpc.totalTimeout is ${this.totalTimeout} ms)`
      );
    }
    log?.info(`  waiting for ${hash} (${entry.what}) to show on "${this.network}": ${waited} of at most ${seconds(this.totalTimeout)}`);
  }
}
