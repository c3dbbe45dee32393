// The comparison rules (docs/design.md#newness-and-replay, #list-rules): which of two notifications
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
 * Whether an incoming `a` and a stored `b` are the same notification or one supersedes the other:
 * equal ids, or an equal quote key. Within one list no two notifications match.
 */
export function matches(a: NotificationDetails, b: NotificationDetails): boolean {
  if (a === b) return true;
  if (hasId(a) && a.id === b.id) return true;
  const key = quoteKey(a);
  return key !== null && key === quoteKey(b);
}

/**
 * Identity in the narrow sense (readOneNotification, markAsRead): equal ids, or both without an
 * id and with an equal quote key. A notification with neither is only ever itself.
 */
export function isSameNotification(a: NotificationDetails, b: NotificationDetails): boolean {
  if (a === b) return true;
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

/** `lastUpdateTimestamp` after ingesting `items`: the newest modifyTime seen, never earlier than now. */
export function advanceTimestamp(current: string, items: readonly NotificationDetails[]): string {
  let best = timestampValue(current);
  let result = current;
  for (const item of items) {
    const value = timestampValue(item.modifyTime);
    if (value !== null && (best === null || value > best)) {
      best = value;
      result = String(item.modifyTime);
    }
  }
  return result;
}
