// wire/: the hedger's format and its way into the store. This file: wire (snake_case
// NotificationResponse) to store (NotificationDetails), item by item. An item that cannot be a
// notification is dropped, a field of the wrong type left out, and a frame's whole batch gets one
// warning: nothing a hedger sends takes the rest of its batch down (docs/contributing/design.md#wire-format).
import type { NotificationsLogger } from "../effects";
import { ActionStatus, LastSeenAction, NotificationType, OrderType, StateType } from "../enums";
import type { NotificationDetails } from "../types";
import { FieldNotes, amountOf, describe, nullableString, optionalInteger, optionalNumber, timeOf, type Raw } from "./fields";

type Ungrouped = Omit<NotificationDetails, "notificationType" | "showInModal"> & Partial<Pick<NotificationDetails, "notificationType" | "showInModal">>;

/**
 * Hedgers still send the old exchange-specific name. A Map, because the key is a wire string: an
 * object would answer "constructor" or "__proto__" from its prototype (docs/contributing/design.md#wire-format).
 */
const LEGACY_LAST_SEEN_ACTIONS: ReadonlyMap<string, string> = new Map([["FailedToPutOnBinance", LastSeenAction.FAILED_TO_PUT_ON_EXCHANGE]]);

/** Sets the type and modal visibility from stateType, lastSeenAction and actionStatus, in a new object. */
export function groupingNotification(n: Ungrouped): NotificationDetails {
  if (n.stateType === StateType.REPORT) {
    return { ...n, notificationType: NotificationType.PARTIAL_FILL, showInModal: false };
  }
  if (n.stateType === StateType.ALERT && n.lastSeenAction === LastSeenAction.LIQUIDATE_POSITION) {
    return { ...n, notificationType: NotificationType.LIQUIDATION_ALERT, showInModal: true };
  }
  return { ...n, notificationType: typeFromActionStatus(n.actionStatus), showInModal: true };
}

function typeFromActionStatus(status: string | null): NotificationType {
  switch (status) {
    case ActionStatus.FAILED:
      return NotificationType.HEDGER_ERROR;
    case ActionStatus.SEEN:
      return NotificationType.SEEN_BY_HEDGER;
    case ActionStatus.SUCCESS:
      return NotificationType.SUCCESS;
    default:
      return NotificationType.OTHER;
  }
}

/** Why a frame cannot be a notification at all; it is dropped. */
class Unusable extends Error {}

/** A non-empty id; a JSON number is taken as its text. */
function idOf(r: Raw, notes: FieldNotes): string | null {
  const v = r.id;
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  notes.ignore("id", `must be a string, got ${describe(v)}`);
  return null;
}

function convert(raw: unknown, notes: FieldNotes): NotificationDetails {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Unusable(`not a JSON object but ${describe(raw)}`);
  const r = raw as Raw;
  const id = idOf(r, notes);
  const quoteIdNumber = optionalInteger(r, "quote_id", notes);
  const tempQuoteId = optionalInteger(r, "temp_quote_id", notes);
  if (id === null && quoteIdNumber === undefined && tempQuoteId === undefined) throw new Unusable("it has no id, temp_quote_id or quote_id");
  // A usable time: modify_time, else create_time, and the other one in its place when it is missing.
  const modifyTime = timeOf(r, "modify_time", notes) ?? timeOf(r, "create_time", notes);
  if (modifyTime === undefined) throw new Unusable("it has no usable modify_time or create_time (unix seconds)");
  const createTime = timeOf(r, "create_time", new FieldNotes()) ?? modifyTime;

  const lastSeen = nullableString(r, "last_seen_action", notes);
  const errorCode = optionalNumber(r, "error_code", notes);
  const version = optionalNumber(r, "version", notes);
  const orderType = optionalNumber(r, "order_type", notes);
  const n: Ungrouped = {
    id,
    quoteId: quoteIdNumber === undefined ? null : String(quoteIdNumber),
    createTime,
    modifyTime,
    counterpartyAddress: nullableString(r, "counterparty_address", notes),
    filledAmountOpen: amountOf(r, "filled_amount_open", notes),
    filledAmountClose: amountOf(r, "filled_amount_close", notes),
    lastSeenAction: lastSeen === null ? null : (LEGACY_LAST_SEEN_ACTIONS.get(lastSeen) ?? lastSeen),
    actionStatus: nullableString(r, "action_status", notes),
    failureType: nullableString(r, "failure_type", notes),
    failureMessage: nullableString(r, "failure_message", notes),
    errorCode: errorCode ?? null,
    stateType: nullableString(r, "state_type", notes),
  };
  // Optional fields are left out rather than set to undefined, so the state stays plain JSON.
  for (const [key, field] of [
    ["avg_price_open", "avgPriceOpen"],
    ["avg_price_close", "avgPriceClose"],
  ] as const) {
    if (r[key] !== undefined) n[field] = amountOf(r, key, notes);
  }
  if (version !== undefined) n.version = version;
  if (tempQuoteId !== undefined) n.tempQuoteId = tempQuoteId;
  if (orderType !== undefined) n.orderType = orderType === 1 ? OrderType.MARKET : OrderType.LIMIT;
  return groupingNotification(n);
}

function label(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "";
  const r = raw as Raw;
  const parts = [];
  for (const key of ["id", "temp_quote_id", "quote_id"]) if (r[key] !== undefined) parts.push(`${key} ${describe(r[key])}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** What converting a frame's items left out, told in one warning. */
interface FrameReport {
  dropped: string[];
  droppedCount: number;
  ignored: string[];
  ignoredCount: number;
}

/** How many reasons one warning lists; the rest are counted. */
const LISTED = 3;

function noteItem(report: FrameReport, raw: unknown, notes: FieldNotes, unusable?: string): void {
  if (unusable !== undefined) {
    report.droppedCount++;
    if (report.dropped.length < LISTED) report.dropped.push(`${unusable}${label(raw)}`);
    return;
  }
  report.ignoredCount += notes.ignored.length;
  for (const why of notes.ignored) if (report.ignored.length < LISTED) report.ignored.push(`${why}${label(raw)}`);
}

function warnOnce(report: FrameReport, total: number, logger: NotificationsLogger): void {
  const more = (count: number, listed: string[]) => (count > listed.length ? `; and ${count - listed.length} more` : "");
  const parts: string[] = [];
  if (report.droppedCount > 0) {
    const what = total === 1 ? "a notification" : `${report.droppedCount} of ${total} notifications`;
    parts.push(`dropped ${what} that cannot be one: ${report.dropped.join("; ")}${more(report.droppedCount, report.dropped)}`);
  }
  if (report.ignoredCount > 0) parts.push(`left out ${report.ignoredCount} field(s): ${report.ignored.join("; ")}${more(report.ignoredCount, report.ignored)}`);
  if (parts.length > 0) logger.warn(`notifications: ${parts.join("; ")}`);
}

function convertAll(items: readonly unknown[], logger: NotificationsLogger): (NotificationDetails | null)[] {
  const report: FrameReport = { dropped: [], droppedCount: 0, ignored: [], ignoredCount: 0 };
  const converted = items.map((raw) => {
    const notes = new FieldNotes();
    try {
      const n = convert(raw, notes);
      noteItem(report, raw, notes);
      return n;
    } catch (err) {
      if (!(err instanceof Unusable)) throw err;
      noteItem(report, raw, notes, err.message);
      return null;
    }
  });
  warnOnce(report, items.length, logger);
  return converted;
}

/**
 * One NotificationResponse to a grouped NotificationDetails, or null (with one warning through
 * `logger`) when it cannot be a notification: not an object, no identity (id, temp_quote_id or
 * quote_id), or no usable time. A field of the wrong type is left out with a warning; unknown
 * fields are ignored; unknown enum strings are kept as they are.
 */
export function toNotification(raw: unknown, logger: NotificationsLogger = console): NotificationDetails | null {
  return convertAll([raw], logger)[0];
}

/**
 * Every usable notification in a REST page or a WebSocket message (one NotificationResponse or an
 * array of them). What was left out (items that cannot be notifications, fields of the wrong type)
 * is told in one warning for the whole frame; items grouped as OTHER are dropped silently, since
 * they are never shown.
 */
export function parseNotificationResponses(raw: unknown, logger: NotificationsLogger = console): NotificationDetails[] {
  const items = Array.isArray(raw) ? raw : [raw];
  const kept: NotificationDetails[] = [];
  for (const n of convertAll(items, logger)) if (n !== null && n.notificationType !== NotificationType.OTHER) kept.push(n);
  return kept;
}
