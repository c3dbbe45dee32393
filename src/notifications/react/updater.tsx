// <NotificationUpdater /> (renders nothing), the provider that configures it once, and
// useNotifications, on top of startNotificationUpdater and getNotifications.
import { createContext, createElement, useContext, useEffect, type ReactNode } from "react";
import { useStore } from "react-redux";
import type { ThunkDispatch } from "redux-thunk";
import { getNotifications } from "../fetch/thunks";
import { startNotificationUpdater, type NotificationUpdaterOptions } from "../live/updater";
import type { NotificationsAction } from "../state/actions";
import type { NotificationsRootState } from "../types";

/** What <NotificationUpdater /> runs with: the provider's settings, then its own props. */
export type NotificationUpdaterSettings = Partial<NotificationUpdaterOptions>;

const Settings = createContext<NotificationUpdaterSettings>({});

/**
 * Configures every <NotificationUpdater /> below it, so that one mounted with no props (as a
 * SYMM-style app mounts its updater) runs with the app's account, hedger URLs and whitelist. Put it
 * where those values are known; a prop of the updater wins over the same setting here.
 */
export function NotificationUpdaterProvider({ children, ...settings }: NotificationUpdaterSettings & { children?: ReactNode }) {
  return createElement(Settings.Provider, { value: settings }, children);
}

const defined = (props: NotificationUpdaterSettings) =>
  Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as NotificationUpdaterSettings;

/**
 * Runs the updater while mounted, with the settings of the nearest NotificationUpdaterProvider and
 * its own props: fetches what changed since the last visit (one page on a first visit) unless
 * `fetchData` is false, and keeps the socket for whitelisted users. Until there is an account it
 * does nothing; an account without `baseUrl` or `appName` is logged as an error. Restarts when a
 * connection-relevant setting changes; stops on unmount.
 */
export function NotificationUpdater(props: NotificationUpdaterSettings): null {
  const store = useStore() as unknown as Parameters<typeof startNotificationUpdater>[0];
  const settings = { ...useContext(Settings), ...defined(props) };
  const { account, baseUrl, appName, socketUrl, whitelisted = false, timestamp, fetchData = true, storage, storageKey, clock, logger } = settings;
  useEffect(
    () => {
      if (account === undefined || account === "") return undefined;
      if (!baseUrl || !appName) {
        (logger ?? console).error(
          `notifications: <NotificationUpdater /> has an account but no ${baseUrl ? "appName" : "baseUrl"}; set it on the updater or its provider`
        );
        return undefined;
      }
      return startNotificationUpdater(store, { account, baseUrl, appName, socketUrl, whitelisted, timestamp, fetchData, storage, storageKey, clock, logger });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `storage`, `clock` and `logger` are taken as of mount; changing them alone must not reconnect
    [store, account, baseUrl, appName, socketUrl, whitelisted, timestamp, fetchData, storageKey]
  );
  return null;
}

/**
 * Fetches with getNotifications when mounted and whenever an argument changes, while `fetchData` is
 * set and `account` is not empty.
 */
export function useNotifications(
  account: string | undefined | null,
  fetchData: boolean | undefined,
  baseUrl: string | undefined,
  timestamp: string | number | undefined,
  thunkDispatch: ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>,
  appName = "multiaccount-kit"
): void {
  useEffect(() => {
    if (!fetchData || account === undefined || account === null || account === "" || baseUrl === undefined) return;
    // Input errors also set the status to ERROR; say why in the console too.
    thunkDispatch(getNotifications({ baseUrl, account, timestamp: timestamp ?? "", appName })).catch((error: Error) => console.error(error.message));
  }, [account, fetchData, baseUrl, timestamp, thunkDispatch, appName]);
}
