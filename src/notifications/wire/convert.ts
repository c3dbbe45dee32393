// wire/: one hedger item (snake_case NotificationResponse) to the store's NotificationDetails, and
// its type and modal flag. What an item lacks is noted, never thrown (docs/contributing/design.md#wire-format).
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

/** Why an item cannot be a notification at all: it is dropped. */
export interface Unusable {
  unusable: string;
}

/** A non-empty id; a JSON number is taken as its text. */
function idOf(r: Raw, notes: FieldNotes): string | null {
  const v = r.id;
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  notes.ignore("id", `must be a string, got ${describe(v)}`);
  return null;
}

/** One wire item to a grouped notification, or why it cannot be one; `notes` gets the fields left out. */
export function convertItem(raw: unknown, notes: FieldNotes): NotificationDetails | Unusable {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { unusable: `not a JSON object but ${describe(raw)}` };
  const r = raw as Raw;
  const id = idOf(r, notes);
  const quoteIdNumber = optionalInteger(r, "quote_id", notes);
  const tempQuoteId = optionalInteger(r, "temp_quote_id", notes);
  if (id === null && quoteIdNumber === undefined && tempQuoteId === undefined) return { unusable: "it has no id, temp_quote_id or quote_id" };
  // A usable time: modify_time, else create_time, and the other one in its place when it is missing.
  const modifyTime = timeOf(r, "modify_time", notes) ?? timeOf(r, "create_time", notes);
  if (modifyTime === undefined) return { unusable: "it has no usable modify_time or create_time (unix seconds)" };
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

/** How a warning names an item: its id, temp_quote_id and quote_id, as sent. */
export function label(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "";
  const r = raw as Raw;
  const parts = [];
  for (const key of ["id", "temp_quote_id", "quote_id"]) if (r[key] !== undefined) parts.push(`${key} ${describe(r[key])}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
