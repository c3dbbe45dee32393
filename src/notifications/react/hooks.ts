// The hooks: one per selector, and one per callback thunk. They need a react-redux Provider around a
// store with the thunk middleware installed.
import { useCallback } from "react";
import { useDispatch, useSelector } from "react-redux";
import type { ThunkDispatch } from "redux-thunk";
import type { ApiState } from "../enums";
import type { NotificationsAction } from "../state/actions";
import { addNotification, markAllAsRead, markAsRead } from "../state/callbacks";
import { setNewNotificationFlag } from "../state/new-notification-flag";
import {
  selectIsNewNotification,
  selectLastUpdateTimestamp,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
} from "../state/selectors";
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

/** The newest `modifyTime` ingested, as a unix-seconds string (`""` until the first). */
export function useLastUpdateTimestamp(): string {
  return useSelector(selectLastUpdateTimestamp);
}

/** `isNewNotification`: set for a while after a visible notification arrived. */
export function useNewNotification(): boolean {
  return useSelector(selectIsNewNotification);
}

/** The fetch status (`OK`, `LOADING`, `ERROR`): state a UI shows, beside the lists. */
export function useNotificationsStatus(): ApiState {
  return useSelector(selectNotificationsStatus);
}

/**
 * A callback that sets isNewNotification and lowers it after `newNotificationFlagMs` (default
 * DEFAULT_NEW_NOTIFICATION_FLAG_MS, 1000), as `setNewNotificationFlag` does.
 */
export function useSetNewNotificationFlag(): (newNotificationFlagMs?: number) => void {
  const dispatch = useNotificationsDispatch();
  return useCallback((newNotificationFlagMs?: number) => dispatch(setNewNotificationFlag(newNotificationFlagMs)), [dispatch]);
}

/** A callback that adds a notification to the list its status names and returns it as stored, as `addNotification` does. */
export function useNotificationAdderCallback(): (n: NotificationInput, status: "read" | "unread") => NotificationDetails {
  const dispatch = useNotificationsDispatch();
  return useCallback((n: NotificationInput, status: "read" | "unread") => dispatch(addNotification(n, status)), [dispatch]);
}

/** A callback that marks one notification as read, unless it already is, as `markAsRead` does. */
export function useMarkAsReadNotificationCallback(): (n: NotificationDetails) => void {
  const dispatch = useNotificationsDispatch();
  return useCallback((n: NotificationDetails) => dispatch(markAsRead(n)), [dispatch]);
}

/** A callback that marks every unread notification as read, as `markAllAsRead` does. */
export function useMarkAsReadAllNotificationsCallback(): () => void {
  const dispatch = useNotificationsDispatch();
  return useCallback(() => dispatch(markAllAsRead()), [dispatch]);
}
