// The notifications the mock hedger holds per account, and the wire records it makes up for them.
import type { NotificationResponse } from "../notifications/wire/types";

/**
 * The wire fields a client classifies a notification by (its type, whether it shows in the modal,
 * its title): groupingNotification reads state_type, last_seen_action and action_status. The mock
 * hedger makes them up only for a notification that gives none of them (docs/mock-hedger.md#defaults).
 */
export const CLASSIFYING_FIELDS = ["state_type", "last_seen_action", "action_status"] as const;

/** What a generated notification (one that gives no classifying field) gets, in turn. */
const GENERATED_ACTIONS = ["SendQuote", "RequestToClosePosition", "FillLimitOrderOpen", "RequestToCancelQuote", "LiquidatePosition"];
const GENERATED_STATUSES = ["success", "seen", "failed"];

type Classifying = Pick<NotificationResponse, (typeof CLASSIFYING_FIELDS)[number]>;

/**
 * The classifying fields of a new record: all three made up when `fields` gives none of them;
 * otherwise null for each one it leaves out, so that the record is classified as the sender's
 * fields alone would be (a "failed" without a last_seen_action stays a hedger error).
 */
function classifying(fields: Partial<NotificationResponse>, counter: number): Classifying {
  if (CLASSIFYING_FIELDS.every((key) => fields[key] === undefined)) {
    return {
      state_type: "alert",
      last_seen_action: GENERATED_ACTIONS[counter % GENERATED_ACTIONS.length],
      action_status: GENERATED_STATUSES[counter % GENERATED_STATUSES.length],
    };
  }
  return { state_type: null, last_seen_action: null, action_status: null };
}

/** Accounts differ only in checksum case. */
export const accountKey = (account: string): string => account.toLowerCase();

export class NotificationRecords {
  private readonly byAccount = new Map<string, NotificationResponse[]>();
  private counter = 0;
  private lastTime = 0;

  /**
   * A wire record: id `mock-<n>`, a quote id, a strictly increasing modify_time, and defaults that
   * cannot change how a client classifies it for the rest (docs/mock-hedger.md#defaults).
   */
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
      failure_type: null,
      failure_message: null,
      error_code: null,
      version: 1,
      ...classifying(fields, this.counter),
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
