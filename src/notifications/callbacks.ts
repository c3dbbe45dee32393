// The spec's callback hooks as plain thunks, so they work without React too.
import {
  addReadNotification,
  addUnreadNotification,
  readAllNotifications,
  readOneNotification,
  updateIsNewNotification,
} from "./actions";
import { resolveEffects } from "./effects";
import { NotificationType } from "./enums";
import { NotificationsInputError } from "./errors";
import { findStored } from "./list-ops";
import { hasId, quoteKey } from "./rules";
import type { NotificationsThunk } from "./thunks";
import type { NotificationDetails, NotificationInput, NotificationsTimers } from "./types";

export const DEFAULT_NEW_NOTIFICATION_FLAG_MS = 1000;

let localIds = 0;

function newLocalId(): string {
  const uuid = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto?.randomUUID?.();
  if (uuid !== undefined) return `local-${uuid}`;
  localIds += 1;
  return `local-${Date.now().toString(36)}-${localIds.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A collateral-transfer notice, or anything else with neither an id nor a quote id, gets a fresh
 * unique id: without one it could not be told apart from its neighbours.
 */
function withId(n: NotificationInput): NotificationDetails {
  const candidate = { ...n, id: n.id ?? null } as NotificationDetails;
  if (hasId(candidate)) return candidate;
  if (candidate.notificationType === NotificationType.TRANSFER_COLLATERAL || quoteKey(candidate) === null) {
    return { ...candidate, id: newLocalId() };
  }
  return candidate;
}

/**
 * Adds a notification to unread or read under the list rules. Resolves to the notification as
 * stored, with its generated id if it needed one.
 */
export function addNotification(n: NotificationInput, status: "read" | "unread"): NotificationsThunk<NotificationDetails> {
  return (dispatch) => {
    if (status !== "read" && status !== "unread") {
      throw new NotificationsInputError(`notifications: addNotification status must be "read" or "unread", got ${JSON.stringify(status)}`);
    }
    const stored = withId(n);
    dispatch(status === "read" ? addReadNotification(stored) : addUnreadNotification(stored));
    return stored;
  };
}

/** Moves one notification from unread to read; does nothing if it is already read. */
export function markAsRead(n: NotificationDetails): NotificationsThunk<void> {
  return (dispatch, getState) => {
    if (findStored(getState().notifications.readNotifications, n) !== undefined) return;
    dispatch(readOneNotification(n));
  };
}

/** Moves every unread notification to read in one update. */
export function markAllAsRead(): NotificationsThunk<void> {
  return (dispatch) => {
    dispatch(readAllNotifications());
  };
}

type FlagTimer = { token: object; handle: unknown; timers: NotificationsTimers };

// Shared by every copy of this module in the process, like the running fetches in account-fetches.ts,
// so that a second flag set through another copy still restarts the delay.
const FLAG_TIMERS: unique symbol = Symbol.for("multiaccount-kit/notifications/flagTimers@1");

function flagTimers(): WeakMap<object, FlagTimer> {
  const registry = globalThis as { [FLAG_TIMERS]?: WeakMap<object, FlagTimer> };
  return (registry[FLAG_TIMERS] ??= new WeakMap());
}

/**
 * Sets isNewNotification and clears it `delayMs` later. A second call on the same store before
 * then restarts the delay.
 */
export function flagNewNotification(delayMs: number = DEFAULT_NEW_NOTIFICATION_FLAG_MS): NotificationsThunk<void> {
  return (dispatch, getState, extra) => {
    if (typeof delayMs !== "number" || !(delayMs >= 0) || !Number.isFinite(delayMs)) {
      throw new NotificationsInputError(`notifications: flagNewNotification delayMs must be a non-negative number, got ${JSON.stringify(delayMs)}`);
    }
    const { timers } = resolveEffects(extra);
    const previous = flagTimers().get(getState);
    if (previous !== undefined) previous.timers.clearTimeout(previous.handle);
    dispatch(updateIsNewNotification(true));
    const token = {};
    const entry = { token, handle: undefined as unknown, timers };
    flagTimers().set(getState, entry);
    entry.handle = timers.setTimeout(() => {
      if (flagTimers().get(getState)?.token !== token) return;
      flagTimers().delete(getState);
      dispatch(updateIsNewNotification(false));
    }, delayMs);
  };
}
