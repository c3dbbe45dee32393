// The notifications the mock hedger holds per account, and the wire records it makes up for them, in
// the shape real hedgers send (docs/mock-hedger.md#defaults) or the strict string-only one.
import type { NotificationResponse } from "../notifications/wire/types";
import type { MockNotification, WireShape } from "./types";

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

/**
 * The fields a record's shape decides, beside what it was given. "real": what hedgers send, a JSON
 * number 0 in each amount ("no value") on alerts, a decimal string filled amount on a report,
 * average prices, an order type and an error code of 0; "strict": amounts null, nothing optional.
 */
function shaped(shape: WireShape, stateType: string | null | undefined, counter: number): Partial<NotificationResponse> {
  if (shape === "strict") return { filled_amount_open: null, filled_amount_close: null, error_code: null };
  const report = stateType === "report";
  return {
    filled_amount_open: report ? `${counter}.5` : 0,
    filled_amount_close: 0,
    avg_price_open: report ? "1.2345" : 0,
    avg_price_close: 0,
    order_type: counter % 2 === 0 ? 1 : 0,
    error_code: 0,
  };
}

export class NotificationRecords {
  private readonly byAccount = new Map<string, NotificationResponse[]>();
  private counter = 0;
  private lastTime = 0;

  constructor(private readonly shape: WireShape = "real") {}

  /**
   * A wire record: id `mock-<n>`, a quote id, a strictly increasing modify_time (`sameSecond`: the
   * last record's, for the records of a burst after its first), and defaults that
   * cannot change how a client classifies it for the rest (docs/mock-hedger.md#defaults).
   */
  make(fields: Partial<NotificationResponse> = {}, sameSecond = false): MockNotification {
    this.counter += 1;
    // Strictly increasing modify times keep "newer" unambiguous for clients; the records of one
    // burst share a second, as a real hedger's replay does, rather than run ahead of the clock.
    const now = sameSecond && this.lastTime > 0 ? this.lastTime : Math.max(Math.floor(Date.now() / 1000), this.lastTime + 1);
    this.lastTime = fields.modify_time !== undefined ? Math.max(this.lastTime, fields.modify_time) : now;
    const classified = classifying(fields, this.counter);
    return {
      id: `mock-${this.counter}`,
      quote_id: 1000 + this.counter,
      create_time: now,
      modify_time: now,
      counterparty_address: "0x0000000000000000000000000000000000000b0b",
      failure_type: null,
      failure_message: null,
      version: 1,
      ...shaped(this.shape, fields.state_type ?? classified.state_type, this.counter),
      ...classified,
      ...fields,
    } as MockNotification;
  }

  /**
   * An instant order's first frame, as hedgers send it before the order has an id: no `id`, a
   * negative `temp_quote_id`, no quote id yet.
   */
  makeTemporary(fields: Partial<NotificationResponse> = {}): NotificationResponse {
    const { id: _id, ...record } = this.make({ last_seen_action: "InstantRFQ", action_status: "seen", state_type: "alert", ...fields });
    return { ...record, quote_id: null, temp_quote_id: -(record.quote_id as number) };
  }

  /** The frame that confirms `temporary`: an id and a quote id, the same temp_quote_id, a later time. */
  makeConfirmed(temporary: NotificationResponse, fields: Partial<NotificationResponse> = {}): MockNotification {
    const { id: _id, modify_time: _time, ...kept } = temporary;
    const confirmed = this.make({ ...kept, quote_id: -(temporary.temp_quote_id as number), ...fields });
    return { ...confirmed, temp_quote_id: temporary.temp_quote_id };
  }

  /** Replaces `old` in the account's history (a confirmed instant order replaces its temporary frame). */
  replace(account: string, old: NotificationResponse, record: MockNotification): void {
    const list = this.byAccount.get(accountKey(account)) ?? [];
    const at = list.indexOf(old);
    if (at === -1) list.push(record);
    else list[at] = record;
    this.byAccount.set(accountKey(account), list);
  }

  add<R extends NotificationResponse>(account: string, record: R): R {
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
