// <NotificationUpdater /> (renders nothing) and useNotifications, on top of startNotificationUpdater
// and getNotifications.
import { useEffect } from "react";
import { useStore } from "react-redux";
import type { ThunkDispatch } from "redux-thunk";
import { getNotifications } from "../fetch/thunks";
import { startNotificationUpdater, type NotificationUpdaterOptions } from "../live/updater";
import type { NotificationsAction } from "../state/actions";
import type { NotificationsRootState } from "../types";

/**
 * Runs the updater while mounted: fetches when `fetchData` is set and keeps the socket for
 * whitelisted users. Restarts when a connection-relevant prop changes; stops on unmount.
 */
export function NotificationUpdater(props: NotificationUpdaterOptions): null {
  const store = useStore() as unknown as Parameters<typeof startNotificationUpdater>[0];
  const { account, baseUrl, appName, socketUrl, whitelisted, timestamp, fetchData, storage, storageKey, logger } = props;
  useEffect(
    () => startNotificationUpdater(store, { account, baseUrl, appName, socketUrl, whitelisted, timestamp, fetchData, storage, storageKey, logger }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `storage` and `logger` are taken as of mount; changing them alone must not reconnect
    [store, account, baseUrl, appName, socketUrl, whitelisted, timestamp, fetchData, storageKey]
  );
  return null;
}

/**
 * Fetches with getNotifications when mounted and whenever an argument changes, while `fetchData` is
 * set and `account` is not empty.
 */
export function useNotifications(
  account: string | undefined,
  fetchData: boolean,
  baseUrl: string,
  timestamp: string | number,
  thunkDispatch: ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>,
  appName = "multiaccount-kit"
): void {
  useEffect(() => {
    if (!fetchData || account === undefined || account === "") return;
    // Input errors also set the status to ERROR; say why in the console too.
    thunkDispatch(getNotifications({ baseUrl, account, timestamp, appName })).catch((error: Error) => console.error(error.message));
  }, [account, fetchData, baseUrl, timestamp, thunkDispatch, appName]);
}
