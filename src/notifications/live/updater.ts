// The updater, without React: fetch what changed since the last visit (one page on a first visit),
// keep the visit's timestamp where a SYMM-style frontend keeps it, connect the socket for whitelisted
// users, and give back one stop() that releases it all. It only dispatches actions.
import { FUTURE_SKEW_SECONDS } from "../lists/rules";
import type { Store } from "redux";
import type { NotificationsLogger } from "../effects";
import { NotificationsInputError } from "../errors";
import { getAllNotifications, getNotifications } from "../fetch/thunks";
import { connectNotifications, disconnectNotifications, updateTimestamp } from "../state/actions";
import type { NotificationsRootState } from "../types";
import { MIDDLEWARE_PROBE, SHARING_PROBE } from "./middleware";

/** localStorage-compatible. */
export interface TimestampStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The key a SYMM-style frontend keeps its last visit under: a migrating app keeps its users' "last seen". */
export const DEFAULT_TIMESTAMP_KEY = "lastUpdateTimestamp";
/** A first visit shows at most one page of this size (the spec's default page size). */
export const FIRST_VISIT_PAGE_SIZE = 10;
/**
 * While the store shares its socket with other tabs, it saves lastUpdateTimestamp at most this often:
 * every tab saving each change would be one storage write per item per tab, each heard by every other tab.
 */
export const SHARED_SAVE_MS = 1000;

export interface NotificationUpdaterOptions {
  account: string;
  /** The hedger's REST base URL (fetch and backfill). */
  baseUrl: string;
  appName: string;
  /** The hedger's WebSocket URL; no connection without it. */
  socketUrl?: string;
  whitelisted: boolean;
  /**
   * Fetch every page modified since this time (unix seconds). Default: since the last visit (the
   * store's lastUpdateTimestamp, else the stored one); on a first visit, one page since now.
   */
  timestamp?: string | number;
  /** Run the REST fetch on start. */
  fetchData: boolean;
  /** Keeps lastUpdateTimestamp across visits. Default: the page's localStorage, when there is one; null for none. */
  storage?: TimestampStorage | null;
  /** Default `lastUpdateTimestamp`, the key SYMM-style frontends use. */
  storageKey?: string;
  /** The clock that says when "now" is (default Date). */
  clock?: { now(): number };
  logger?: NotificationsLogger;
}

type UpdaterStore = Store<NotificationsRootState> & { dispatch: (action: unknown) => unknown };

/** The page's localStorage, or undefined where there is none or it may not be touched (a sandboxed frame). */
function pageStorage(): TimestampStorage | undefined {
  try {
    return (globalThis as { localStorage?: TimestampStorage }).localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Where the visit starts from, and how much it fetches (docs/notifications.md#the-first-load). */
interface Since {
  /** What lastUpdateTimestamp starts at. */
  seconds: number;
  /** modify_time_gte of the fetch: after the last visit's newest second, which that visit saw. */
  fetchFrom: number;
  /** A first visit fetches one page; a returning one every page since the last visit. */
  firstVisit: boolean;
}

function unixSeconds(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** The last visit's timestamp in storage, repaired to now when it lies in the future; undefined when there is none. */
function storedSince(storage: TimestampStorage | undefined, key: string, now: number, logger: NotificationsLogger): number | undefined {
  if (storage === undefined) return undefined;
  let stored: string | null;
  try {
    stored = storage.getItem(key);
  } catch (error) {
    logger.warn(`notifications: cannot read ${key} from storage: ${(error as Error).message}`);
    return undefined;
  }
  if (stored === null) return undefined;
  const seconds = unixSeconds(stored);
  if (seconds === undefined || seconds > now + FUTURE_SKEW_SECONDS) {
    logger.warn(`notifications: ${key} in storage is ${JSON.stringify(stored.slice(0, 40))}, not a past time in unix seconds; it starts again from now`);
    return now;
  }
  return seconds;
}

function resolveSince(
  store: UpdaterStore,
  options: NotificationUpdaterOptions,
  storage: TimestampStorage | undefined,
  now: number,
  logger: NotificationsLogger
): Since {
  const given = options.timestamp === undefined ? undefined : unixSeconds(options.timestamp);
  if (given !== undefined) return { seconds: given, fetchFrom: given, firstVisit: false };
  const inStore = unixSeconds(store.getState().notifications.lastUpdateTimestamp);
  const stored = storedSince(storage, options.storageKey ?? DEFAULT_TIMESTAMP_KEY, now, logger);
  if (stored !== undefined && stored > (inStore ?? -1)) return { seconds: stored, fetchFrom: stored + 1, firstVisit: false };
  if (inStore !== undefined) return { seconds: inStore, fetchFrom: inStore, firstVisit: false };
  return { seconds: now, fetchFrom: now, firstVisit: true };
}

/**
 * Starts the updater on a store that has redux-thunk and the notifications middleware installed.
 * A first visit fetches one page of what changed since now; a returning visit every page since the
 * last one, which it keeps in storage as lastUpdateTimestamp. Returns stop(): it disconnects the
 * socket and stops persisting. A fetch already under way still completes into the store, unless a
 * later fetch for another account was dispatched meanwhile.
 */
export function startNotificationUpdater(store: UpdaterStore, options: NotificationUpdaterOptions): () => void {
  if ((store.dispatch({ type: MIDDLEWARE_PROBE }) as unknown) !== true) {
    throw new NotificationsInputError("notifications: startNotificationUpdater needs createNotificationsMiddleware() installed in the store");
  }
  const logger = options.logger ?? console;
  const storage = options.storage === null ? undefined : (options.storage ?? pageStorage());
  const now = Math.floor((options.clock ?? Date).now() / 1000);
  const since = resolveSince(store, options, storage, now, logger);
  if (String(since.seconds) !== store.getState().notifications.lastUpdateTimestamp && options.timestamp === undefined) {
    store.dispatch(updateTimestamp(String(since.seconds)));
  }
  const unsubscribe = storage === undefined ? undefined : persistTimestamp(store, options.storageKey ?? DEFAULT_TIMESTAMP_KEY, storage, logger);

  const { account, whitelisted, socketUrl, baseUrl, appName } = options;
  if (options.fetchData) {
    const params = { baseUrl, account, appName, timestamp: since.fetchFrom };
    const fetching = store.dispatch(
      since.firstVisit ? getNotifications({ ...params, size: FIRST_VISIT_PAGE_SIZE }) : getAllNotifications(params)
    ) as Promise<unknown>;
    // Input errors are the caller's to see; fetch failures were already logged by the thunk.
    fetching.catch((error: Error) => logger.error(`notifications: ${error.message}`));
  }

  const connected = whitelisted && socketUrl !== undefined && socketUrl !== "";
  if (connected) store.dispatch(connectNotifications({ socketUrl: socketUrl, account, whitelisted, baseUrl, appName, since: since.fetchFrom }));

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    unsubscribe?.();
    if (connected) store.dispatch(disconnectNotifications());
  };
}

/**
 * Saves lastUpdateTimestamp now and on every change; while the store shares its socket with other
 * tabs, the newest value once SHARED_SAVE_MS after a change, and at once when it stops sharing or
 * the updater stops. Returns what stops it.
 */
function persistTimestamp(store: UpdaterStore, key: string, storage: TimestampStorage, logger: NotificationsLogger): () => void {
  let warned = false;
  let saved = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    saved = store.getState().notifications.lastUpdateTimestamp;
    try {
      storage.setItem(key, saved);
    } catch (error) {
      if (!warned) logger.warn(`notifications: cannot save ${key} to storage: ${(error as Error).message}`);
      warned = true;
    }
  };
  if (store.getState().notifications.lastUpdateTimestamp !== "") save();
  const unsubscribe = store.subscribe(() => {
    if (store.getState().notifications.lastUpdateTimestamp === saved) return;
    if ((store.dispatch({ type: SHARING_PROBE }) as unknown) !== true) save();
    else timer ??= setTimeout(save, SHARED_SAVE_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) save();
  };
}
