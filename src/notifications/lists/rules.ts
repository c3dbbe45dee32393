// The comparison rules (docs/contributing/design.md#newness-and-replay, #list-rules): which of two notifications
// is newer, the keys two notifications match on, and how lastUpdateTimestamp advances.
import { NotificationType } from "../enums";
import type { NotificationDetails } from "../types";

/** A time or version that is not a finite number counts as 0, so ordering stays total. */
function toNumber(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Positive when `a` is newer than `b`, negative when older, 0 at a tie. Newness is
 * `(modifyTime, version)` compared as numbers; a missing version counts as 0.
 */
export function compareNewness(a: NotificationDetails, b: NotificationDetails): number {
  const byTime = toNumber(a.modifyTime) - toNumber(b.modifyTime);
  if (byTime !== 0) return byTime;
  return toNumber(a.version) - toNumber(b.version);
}

export function hasId(n: NotificationDetails): n is NotificationDetails & { id: string } {
  return typeof n.id === "string" && n.id !== "";
}

/** Whether `n` has a quote key (below); cheap, for the index lookups. */
export function supersedesByQuote(n: NotificationDetails): boolean {
  return n.quoteId !== null && n.quoteId !== undefined && n.notificationType !== NotificationType.TRANSFER_COLLATERAL;
}

/**
 * The `(quoteId, notificationType, actionStatus)` key a quote's reports supersede each other on,
 * or null when the notification supersedes by id only (no quote id, or a collateral transfer,
 * where several notices legitimately share a quote id).
 */
export function quoteKey(n: NotificationDetails): string | null {
  if (!supersedesByQuote(n)) return null;
  const status = n.actionStatus === null || n.actionStatus === undefined ? "\u0001" : n.actionStatus;
  return `${n.quoteId}\u0000${n.notificationType}\u0000${status}`;
}

/**
 * The `(tempQuoteId, notificationType, actionStatus)` key of an instant order's notification, or
 * null without a temporary quote id. A notification without an id is known by it, and the one that
 * arrives later with an id and the same key is the same notification, confirmed.
 */
export function tempKey(n: NotificationDetails): string | null {
  if (typeof n.tempQuoteId !== "number") return null;
  const status = n.actionStatus === null || n.actionStatus === undefined ? "\u0001" : n.actionStatus;
  return `${n.tempQuoteId}\u0000${n.notificationType}\u0000${status}`;
}

/** Whether `a` and `b` are one instant order's notification, at least one of them still without an id. */
export function sameTemporary(a: NotificationDetails, b: NotificationDetails): boolean {
  if (hasId(a) && hasId(b)) return false;
  const key = tempKey(a);
  return key !== null && key === tempKey(b);
}

/**
 * Whether an incoming `a` and a stored `b` are the same notification or one supersedes the other:
 * equal ids, an equal quote key, or one instant order's temporary notification and its confirmed
 * one. Within one list no two notifications match.
 */
export function matches(a: NotificationDetails, b: NotificationDetails): boolean {
  if (a === b) return true;
  if (hasId(a) && a.id === b.id) return true;
  if (sameTemporary(a, b)) return true;
  const key = quoteKey(a);
  return key !== null && key === quoteKey(b);
}

/**
 * compareNewness of an incoming `a` against a stored match `b`, except between an instant order's
 * temporary notification and its confirmed one: the one with an id is the newer, whatever the times
 * say, so that a confirmation always takes the temporary row's place and a late temporary frame
 * never takes the confirmed one's.
 */
export function compareMatch(a: NotificationDetails, b: NotificationDetails): number {
  if (sameTemporary(a, b) && hasId(a) !== hasId(b)) return hasId(a) ? 1 : -1;
  return compareNewness(a, b);
}

/**
 * Identity in the narrow sense (readOneNotification, markAsRead): equal ids, an instant order's
 * temporary notification and its confirmed one, or both without an id and with an equal quote key.
 * A notification with none of these is only ever itself.
 */
export function isSameNotification(a: NotificationDetails, b: NotificationDetails): boolean {
  if (a === b) return true;
  if (sameTemporary(a, b)) return true;
  if (hasId(a) || hasId(b)) return hasId(a) && a.id === b.id;
  const key = quoteKey(a);
  return key !== null && key === quoteKey(b);
}

/** The numeric value of a unix-seconds string, or null when it is empty or not a number. */
export function timestampValue(ts: unknown): number | null {
  if (ts === "" || ts === null || ts === undefined) return null;
  const n = typeof ts === "number" ? ts : Number(ts);
  return Number.isFinite(n) ? n : null;
}

/**
 * How far ahead of the client's clock lastUpdateTimestamp may go: an ingest moves it no further than
 * its `notAfter` (the clock, when the action was made, plus this), whatever time a hedger sends.
 */
export const FUTURE_SKEW_SECONDS = 3600;

/**
 * `lastUpdateTimestamp` after ingesting `items`: the newest modifyTime seen, never earlier than it
 * was, and never past `notAfter` (unix seconds) when given.
 */
export function advanceTimestamp(current: string, items: readonly NotificationDetails[], notAfter?: number): string {
  let best = timestampValue(current);
  let result = current;
  for (const item of items) {
    let value = timestampValue(item.modifyTime);
    if (value === null) continue;
    if (notAfter !== undefined && value > notAfter) value = notAfter;
    if (best === null || value > best) {
      best = value;
      result = value === timestampValue(item.modifyTime) ? String(item.modifyTime) : String(value);
    }
  }
  return result;
}
