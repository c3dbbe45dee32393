// multiaccount-kit/notifications/react: the spec's ten hooks, on top of the selectors and thunks.
// Needs react and react-redux (optional peer dependencies) and a store with the thunk middleware.
import { useCallback } from "react";
import { useDispatch, useSelector } from "react-redux";
import type { ThunkDispatch } from "redux-thunk";
import type { NotificationsAction } from "../actions";
import { addNotification, flagNewNotification, markAllAsRead, markAsRead } from "../callbacks";
import type { ApiState } from "../enums";
import {
  selectLastUpdateTimestamp,
  selectNewNotification,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
} from "../selectors";
import type { NotificationDetails, NotificationInput, NotificationsRootState } from "../types";

type NotificationsDispatch = ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>;

const useNotificationsDispatch = (): NotificationsDispatch => useDispatch<NotificationsDispatch>();

/** Unread notifications meant for the modal, newest first. */
export function useUnreadNotifications(): NotificationDetails[] {
  return useSelector(selectUnreadNotifications);
}

/** Read notifications meant for the modal, newest first. */
export function useReadNotifications(): NotificationDetails[] {
  return useSelector(selectReadNotifications);
}

/** Read and unread notifications not meant for the modal (partial fills), newest first. */
export function usePartialFillNotifications(): NotificationDetails[] {
  return useSelector(selectPartialFillNotifications);
}

/** Read and unread notifications meant for the modal, combined newest first. */
export function useVisibleNotifications(): NotificationDetails[] {
  return useSelector(selectVisibleNotifications);
}

export function useLastUpdateTimestamp(): string {
  return useSelector(selectLastUpdateTimestamp);
}

export function useNewNotification(): boolean {
  return useSelector(selectNewNotification);
}

/** Not in the spec's table, but the fetch status is state a UI shows. */
export function useNotificationsStatus(): ApiState {
  return useSelector(selectNotificationsStatus);
}

/** `(delayMs?) => void`: sets isNewNotification and resets it after the delay (default 1000 ms). */
export function useSetNewNotificationFlag(): (delayMs?: number) => void {
  const dispatch = useNotificationsDispatch();
  return useCallback((delayMs?: number) => dispatch(flagNewNotification(delayMs)), [dispatch]);
}

/** `(n, "read" | "unread") => stored`: adds a notification to the list its status names. */
export function useNotificationAdderCallback(): (n: NotificationInput, status: "read" | "unread") => NotificationDetails {
  const dispatch = useNotificationsDispatch();
  return useCallback((n: NotificationInput, status: "read" | "unread") => dispatch(addNotification(n, status)), [dispatch]);
}

/** `(n) => void`: marks one notification as read, unless it already is. */
export function useMarkAsReadNotificationCallback(): (n: NotificationDetails) => void {
  const dispatch = useNotificationsDispatch();
  return useCallback((n: NotificationDetails) => dispatch(markAsRead(n)), [dispatch]);
}

/** `() => void`: marks every unread notification as read. */
export function useMarkAsReadAllNotificationsCallback(): () => void {
  const dispatch = useNotificationsDispatch();
  return useCallback(() => dispatch(markAllAsRead()), [dispatch]);
}

export { NotificationUpdater, useNotifications } from "./updater";
