// The thunks behind the callback hooks (add, mark one as read, mark all as read), so that they work
// without React too. The new-notification flag has its own file, new-notification-flag.ts.
import { NotificationType } from "../enums";
import { NotificationsInputError } from "../errors";
import { hasId, quoteKey, tempKey } from "../lists/rules";
import { findStored } from "../lists/transitions";
import type { NotificationDetails, NotificationInput } from "../types";
import { addReadNotification, addUnreadNotification, readAllNotifications, readOneNotification } from "./actions";
import type { NotificationsThunk } from "./thunk";

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
  const candidate = { ...n, id: n.id ?? null };
  // An instant order's notification is known by its temporary quote id until its confirmation comes.
  if (hasId(candidate) || tempKey(candidate) !== null) return candidate;
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
