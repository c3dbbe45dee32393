// wire/: the hedger's format and its way into the store. This file: wire (snake_case
// NotificationResponse) to store (NotificationDetails), item by item. A malformed item is dropped
// with a warning and never takes the rest of its batch down with it (docs/design.md#wire-format).
import type { NotificationsLogger } from "../effects";
import { ActionStatus, LastSeenAction, NotificationType, OrderType, StateType } from "../enums";
import type { NotificationDetails } from "../types";

type Ungrouped = Omit<NotificationDetails, "notificationType" | "showInModal"> & Partial<Pick<NotificationDetails, "notificationType" | "showInModal">>;

/**
 * Hedgers still send the old exchange-specific name. A Map, because the key is a wire string: an
 * object would answer "constructor" or "__proto__" from its prototype (docs/design.md#wire-format).
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

class Malformed extends Error {}

type Raw = Record<string, unknown>;

function nullableString(raw: Raw, key: string): string | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") throw new Malformed(`${key} must be a string or null, got ${describe(v)}`);
  return v;
}

function requiredTime(raw: Raw, key: string): string {
  const v = raw[key];
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
    throw new Malformed(`${key} must be unix seconds as a number, got ${describe(v)}`);
  }
  return String(v);
}

/** Optional numbers: absent and null both mean "not given". */
function optionalNumber(raw: Raw, key: string, integer = false): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || (integer && !Number.isSafeInteger(v))) {
    throw new Malformed(`${key} must be ${integer ? "an integer" : "a number"}, got ${describe(v)}`);
  }
  return v;
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return typeof v;
}

function convert(raw: unknown): NotificationDetails {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Malformed(`a notification must be a JSON object, got ${describe(raw)}`);
  }
  const r = raw as Raw;
  const id = nullableString(r, "id");
  const quoteIdNumber = optionalNumber(r, "quote_id", true);
  const quoteId = quoteIdNumber === undefined ? null : String(quoteIdNumber);
  if ((id === null || id === "") && quoteId === null) throw new Malformed("it has neither id nor quote_id");

  const lastSeen = nullableString(r, "last_seen_action");
  const errorCode = r.error_code === null ? null : optionalNumber(r, "error_code");
  const version = optionalNumber(r, "version");
  const tempQuoteId = optionalNumber(r, "temp_quote_id", true);
  const orderType = optionalNumber(r, "order_type");

  const n: Ungrouped = {
    id: id === "" ? null : id,
    quoteId,
    createTime: requiredTime(r, "create_time"),
    modifyTime: requiredTime(r, "modify_time"),
    counterpartyAddress: nullableString(r, "counterparty_address"),
    filledAmountOpen: nullableString(r, "filled_amount_open"),
    filledAmountClose: nullableString(r, "filled_amount_close"),
    lastSeenAction: lastSeen === null ? null : (LEGACY_LAST_SEEN_ACTIONS.get(lastSeen) ?? lastSeen),
    actionStatus: nullableString(r, "action_status"),
    failureType: nullableString(r, "failure_type"),
    failureMessage: nullableString(r, "failure_message"),
    stateType: nullableString(r, "state_type"),
  };
  // Optional fields are left out rather than set to undefined, so the state stays plain JSON.
  if (errorCode !== undefined) n.errorCode = errorCode;
  if (version !== undefined) n.version = version;
  if (tempQuoteId !== undefined) n.tempQuoteId = tempQuoteId;
  if (orderType !== undefined) n.orderType = orderType === 1 ? OrderType.MARKET : OrderType.LIMIT;
  return groupingNotification(n);
}

function label(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "";
  const r = raw as Raw;
  const parts = [];
  if (r.id !== undefined) parts.push(`id ${describe(r.id)}`);
  if (r.quote_id !== undefined) parts.push(`quote_id ${describe(r.quote_id)}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/**
 * One NotificationResponse to a grouped NotificationDetails, or null (with a warning through
 * `logger`) when it is malformed: not an object, neither id nor quote_id, or a field of the wrong
 * JSON type. Unknown enum strings are kept as they are.
 */
export function toNotification(raw: unknown, logger: NotificationsLogger = console): NotificationDetails | null {
  try {
    return convert(raw);
  } catch (err) {
    if (!(err instanceof Malformed)) throw err;
    logger.warn(`notifications: dropped a malformed notification${label(raw)}: ${err.message}`);
    return null;
  }
}

/**
 * Every usable notification in a REST page or a WebSocket message (one NotificationResponse or an
 * array of them). Malformed items are dropped with a warning; items grouped as OTHER are dropped
 * silently, since they are never shown.
 */
export function parseNotificationResponses(raw: unknown, logger: NotificationsLogger = console): NotificationDetails[] {
  const items = Array.isArray(raw) ? raw : [raw];
  const kept: NotificationDetails[] = [];
  for (const item of items) {
    const n = toNotification(item, logger);
    if (n !== null && n.notificationType !== NotificationType.OTHER) kept.push(n);
  }
  return kept;
}
