// The updater, without React: fetch by account and timestamp when asked, connect the socket for
// whitelisted users, and give back one stop() that releases it all. It only dispatches actions.
import type { Store } from "redux";
import type { NotificationsLogger } from "../effects";
import { NotificationsInputError } from "../errors";
import { getAllNotifications } from "../fetch/thunks";
import { connectNotifications, disconnectNotifications, updateTimestamp } from "../state/actions";
import type { NotificationsRootState } from "../types";
import { MIDDLEWARE_PROBE } from "./middleware";

/** localStorage-compatible. */
export interface TimestampStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface NotificationUpdaterOptions {
  account: string;
  /** The hedger's REST base URL (fetch and backfill). */
  baseUrl: string;
  appName: string;
  /** The hedger's WebSocket URL; no connection without it. */
  socketUrl?: string;
  whitelisted: boolean;
  /** Oldest modify time to fetch (unix seconds); default: the stored or current lastUpdateTimestamp. */
  timestamp?: string | number;
  /** Run the REST fetch on start. */
  fetchData: boolean;
  /** Keeps lastUpdateTimestamp across restarts (e.g. window.localStorage). */
  storage?: TimestampStorage;
  /** Default `multiaccount-kit:lastUpdateTimestamp:<account>`. */
  storageKey?: string;
  logger?: NotificationsLogger;
}

type UpdaterStore = Store<NotificationsRootState> & { dispatch: (action: unknown) => unknown };

/**
 * Starts the updater on a store that has redux-thunk and the notifications middleware installed.
 * Returns stop(): it disconnects the socket and stops persisting. A fetch already under way still
 * completes into the store, unless a later fetch for another account was dispatched meanwhile.
 */
export function startNotificationUpdater(store: UpdaterStore, options: NotificationUpdaterOptions): () => void {
  if ((store.dispatch({ type: MIDDLEWARE_PROBE }) as unknown) !== true) {
    throw new NotificationsInputError("notifications: startNotificationUpdater needs createNotificationsMiddleware() installed in the store");
  }
  const logger = options.logger ?? console;
  const unsubscribe = options.storage === undefined ? undefined : persistTimestamp(store, options, options.storage, logger);

  if (options.fetchData) {
    const timestamp = options.timestamp ?? store.getState().notifications.lastUpdateTimestamp;
    const fetching = store.dispatch(
      getAllNotifications({ baseUrl: options.baseUrl, account: options.account, timestamp, appName: options.appName })
    ) as Promise<unknown>;
    // Input errors are the caller's to see; fetch failures were already logged by the thunk.
    fetching.catch((error: Error) => logger.error(`notifications: ${error.message}`));
  }

  const { account, whitelisted, socketUrl, baseUrl, appName } = options;
  const connected = whitelisted && socketUrl !== undefined && socketUrl !== "";
  if (connected) store.dispatch(connectNotifications({ socketUrl: socketUrl, account, whitelisted, baseUrl, appName }));

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    unsubscribe?.();
    if (connected) store.dispatch(disconnectNotifications());
  };
}

/** Restores lastUpdateTimestamp from storage if it is newer, then saves every change; returns unsubscribe. */
function persistTimestamp(store: UpdaterStore, options: NotificationUpdaterOptions, storage: TimestampStorage, logger: NotificationsLogger): () => void {
  const key = options.storageKey ?? `multiaccount-kit:lastUpdateTimestamp:${options.account.toLowerCase()}`;
  try {
    const stored = storage.getItem(key);
    const current = Number(store.getState().notifications.lastUpdateTimestamp) || 0;
    if (stored !== null && /^\d+$/.test(stored) && Number(stored) > current) store.dispatch(updateTimestamp(stored));
  } catch (error) {
    logger.warn(`notifications: cannot read ${key} from storage: ${(error as Error).message}`);
  }
  let last = store.getState().notifications.lastUpdateTimestamp;
  return store.subscribe(() => {
    const now = store.getState().notifications.lastUpdateTimestamp;
    if (now === last) return;
    last = now;
    try {
      storage.setItem(key, now);
    } catch (error) {
      logger.warn(`notifications: cannot save ${key} to storage: ${(error as Error).message}`);
    }
  });
}
