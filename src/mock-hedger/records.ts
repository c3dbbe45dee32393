// The notifications the mock hedger holds per account, and the wire records it makes up for them.
import type { NotificationResponse } from "../notifications/wire/types";

const ACTIONS = ["SendQuote", "RequestToClosePosition", "FillLimitOrderOpen", "RequestToCancelQuote", "LiquidatePosition"];
const STATUSES = ["success", "seen", "failed"];

/** Accounts differ only in checksum case. */
export const accountKey = (account: string): string => account.toLowerCase();

export class NotificationRecords {
  private readonly byAccount = new Map<string, NotificationResponse[]>();
  private counter = 0;
  private lastTime = 0;

  /** A wire record: id `mock-<n>`, a quote id, a strictly increasing modify_time, defaults for the rest. */
  make(fields: Partial<NotificationResponse> = {}): NotificationResponse {
    this.counter += 1;
    // Strictly increasing modify times keep "newer" unambiguous for clients.
    const now = Math.max(Math.floor(Date.now() / 1000), this.lastTime + 1);
    this.lastTime = fields.modify_time !== undefined ? Math.max(this.lastTime, fields.modify_time) : now;
    return {
      id: `mock-${this.counter}`,
      quote_id: 1000 + this.counter,
      create_time: now,
      modify_time: now,
      counterparty_address: "0x0000000000000000000000000000000000000b0b",
      filled_amount_open: null,
      filled_amount_close: null,
      last_seen_action: ACTIONS[this.counter % ACTIONS.length],
      action_status: STATUSES[this.counter % STATUSES.length],
      failure_type: null,
      failure_message: null,
      error_code: null,
      state_type: "alert",
      version: 1,
      ...fields,
    };
  }

  add(account: string, record: NotificationResponse): NotificationResponse {
    const list = this.byAccount.get(accountKey(account)) ?? [];
    list.push(record);
    this.byAccount.set(accountKey(account), list);
    return record;
  }

  /** Stored notifications of `account`, oldest first. */
  history(account: string): NotificationResponse[] {
    return [...(this.byAccount.get(accountKey(account)) ?? [])];
  }

  accounts(): string[] {
    return [...this.byAccount.keys()];
  }

  /** What `POST /position-state/{start}/{size}` answers: the matching records, oldest first. */
  page(body: Record<string, unknown>, start: number, size: number): NotificationResponse[] {
    const account = typeof body.address === "string" ? body.address : "";
    const modifyGte = Number(body.modify_time_gte ?? 0);
    const createGte = body.create_time_gte === undefined ? undefined : Number(body.create_time_gte);
    const quoteId = body.quote_id === undefined ? undefined : Number(body.quote_id);
    return this.history(account)
      .filter((n) => n.modify_time >= modifyGte)
      .filter((n) => createGte === undefined || n.create_time >= createGte)
      .filter((n) => quoteId === undefined || n.quote_id === quoteId)
      .sort((a, b) => a.modify_time - b.modify_time)
      .slice(start, start + size);
  }
}
