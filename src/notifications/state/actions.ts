// Plain, serializable action objects, typed `notifications/eventName`: each creator takes its
// notification, list or value directly, or wrapped in an object as SYMM-style frontends call them
// (`addUnreadNotification({ notification })`, `updateTimestamp({ timestamp })`); the action is the
// same either way. The live middleware's two commands are here too, so that live/ imports state/ and
// never the other way round.
import { FUTURE_SKEW_SECONDS } from "../lists/rules";
import type { ConnectionStatus, NotificationDetails } from "../types";

export const NotificationsActionType = {
  addUnreadNotification: "notifications/addUnreadNotification",
  addReadNotification: "notifications/addReadNotification",
  setUnreadNotifications: "notifications/setUnreadNotifications",
  setReadNotifications: "notifications/setReadNotifications",
  readOneNotification: "notifications/readOneNotification",
  readAllNotifications: "notifications/readAllNotifications",
  updateTimestamp: "notifications/updateTimestamp",
  updateIsNewNotification: "notifications/updateIsNewNotification",
  ingest: "notifications/ingest",
  connectionStatusChanged: "notifications/connectionStatusChanged",
  fetchStarted: "notifications/fetchStarted",
  fetchSucceeded: "notifications/fetchSucceeded",
  fetchFailed: "notifications/fetchFailed",
  /** Commands to the live middleware (live/middleware.ts); the reducer ignores them. */
  connect: "notifications/connect",
  disconnect: "notifications/disconnect",
} as const;

type T = typeof NotificationsActionType;

export interface AddUnreadNotificationAction {
  type: T["addUnreadNotification"];
  payload: NotificationDetails;
}
export interface AddReadNotificationAction {
  type: T["addReadNotification"];
  payload: NotificationDetails;
}
export interface SetUnreadNotificationsAction {
  type: T["setUnreadNotifications"];
  payload: NotificationDetails[];
}
export interface SetReadNotificationsAction {
  type: T["setReadNotifications"];
  payload: NotificationDetails[];
}
export interface ReadOneNotificationAction {
  type: T["readOneNotification"];
  payload: NotificationDetails;
}
export interface ReadAllNotificationsAction {
  type: T["readAllNotifications"];
  /**
   * Left out, every unread notification is read. A list (what another tab read when it read all,
   * as the tabs relay it) reads exactly those, by the rules of addReadNotification, in their order.
   */
  payload?: NotificationDetails[];
}
export interface UpdateTimestampAction {
  type: T["updateTimestamp"];
  payload: string;
}
export interface UpdateIsNewNotificationAction {
  type: T["updateIsNewNotification"];
  payload: boolean;
}
export interface IngestNotificationsAction {
  type: T["ingest"];
  payload: NotificationDetails[];
  /**
   * At most this many notifications in both lists after the ingest: read ones drop first, oldest
   * first, then the oldest unread; and a store already full takes no new item older than the last
   * it keeps. The live middleware sets it (its `maxItems` option) on every ingest it sees.
   */
  maxItems?: number;
  /**
   * lastUpdateTimestamp moves no further than this (unix seconds), whatever time an item gives:
   * `ingestNotifications` sets it to the clock plus FUTURE_SKEW_SECONDS (an hour).
   */
  notAfter?: number;
}
export interface ConnectionStatusChangedAction {
  type: T["connectionStatusChanged"];
  payload: ConnectionStatus;
}
export interface FetchStartedAction {
  type: T["fetchStarted"];
}
export interface FetchSucceededAction {
  type: T["fetchSucceeded"];
}
export interface FetchFailedAction {
  type: T["fetchFailed"];
  payload: { message: string };
}

export interface ConnectNotificationsPayload {
  /** The hedger's WebSocket URL, e.g. wss://hedger.example/ws/position-state-ws3. */
  socketUrl: string;
  account: string;
  /** No connection is opened unless this is true. */
  whitelisted: boolean;
  /** The hedger's REST base URL, used to backfill after every open (no backfill without it). */
  baseUrl?: string;
  /** App-Name header of the backfill requests. */
  appName?: string;
  /**
   * The oldest modify time (unix seconds) a backfill asks for: what this visit shows, so that a
   * backfill's overlap never brings back what an earlier visit saw. startNotificationUpdater sets it;
   * default: no bound.
   */
  since?: number;
}

/** Opens (or switches) the live connection; checked by the middleware (live/connection.ts). */
export interface ConnectNotificationsAction {
  type: typeof NotificationsActionType.connect;
  payload: ConnectNotificationsPayload;
}

export interface DisconnectNotificationsAction {
  type: typeof NotificationsActionType.disconnect;
}

export type NotificationsAction =
  | AddUnreadNotificationAction
  | AddReadNotificationAction
  | SetUnreadNotificationsAction
  | SetReadNotificationsAction
  | ReadOneNotificationAction
  | ReadAllNotificationsAction
  | UpdateTimestampAction
  | UpdateIsNewNotificationAction
  | IngestNotificationsAction
  | ConnectionStatusChangedAction
  | FetchStartedAction
  | FetchSucceededAction
  | FetchFailedAction
  | ConnectNotificationsAction
  | DisconnectNotificationsAction;

const A = NotificationsActionType;

/** `{ [key]: value }` as SYMM-style frontends pass it, or the value itself. */
function unwrap<V>(arg: V | Record<string, V>, key: string, isValue: (x: unknown) => boolean): V {
  if (typeof arg === "object" && arg !== null && !isValue(arg) && Object.prototype.hasOwnProperty.call(arg, key)) return (arg as Record<string, V>)[key];
  return arg as V;
}
const isNotification = (x: unknown) => Object.prototype.hasOwnProperty.call(x, "notificationType");
const notificationOf = (arg: NotificationDetails | { notification: NotificationDetails }) => unwrap(arg, "notification", isNotification);
const listOf = (arg: NotificationDetails[] | { notifications: NotificationDetails[] }) => unwrap(arg, "notifications", Array.isArray);

/** Adds a notification to unread under the list rules; a match already read stays read unless this one is strictly newer. */
export const addUnreadNotification = (n: NotificationDetails | { notification: NotificationDetails }): AddUnreadNotificationAction => ({
  type: A.addUnreadNotification,
  payload: notificationOf(n),
});
/** Adds a notification to read under the list rules and takes it out of unread. */
export const addReadNotification = (n: NotificationDetails | { notification: NotificationDetails }): AddReadNotificationAction => ({
  type: A.addReadNotification,
  payload: notificationOf(n),
});
/** Replaces the unread list, without duplicates (the newest kept), and takes its items out of read. */
export const setUnreadNotifications = (list: NotificationDetails[] | { notifications: NotificationDetails[] }): SetUnreadNotificationsAction => ({
  type: A.setUnreadNotifications,
  payload: listOf(list),
});
/** Replaces the read list, without duplicates (the newest kept), and takes its items out of unread. */
export const setReadNotifications = (list: NotificationDetails[] | { notifications: NotificationDetails[] }): SetReadNotificationsAction => ({
  type: A.setReadNotifications,
  payload: listOf(list),
});
/** Moves one notification from unread to read; nothing happens if it is not unread. */
export const readOneNotification = (n: NotificationDetails | { notification: NotificationDetails }): ReadOneNotificationAction => ({
  type: A.readOneNotification,
  payload: notificationOf(n),
});
/** Moves every unread notification to read, partial fills included, in one update. */
export const readAllNotifications = (): ReadAllNotificationsAction => ({ type: A.readAllNotifications });
/** Sets `lastUpdateTimestamp` (unix seconds as a string) to this value, whatever it was. */
export const updateTimestamp = (ts: string | { timestamp: string }): UpdateTimestampAction => ({
  type: A.updateTimestamp,
  payload: unwrap(ts, "timestamp", (x) => typeof x === "string"),
});
/** Sets or lowers `isNewNotification` now, without the reset timer of `setNewNotificationFlag`. */
export const updateIsNewNotification = (flag: boolean | { flag: boolean }): UpdateIsNewNotificationAction => ({
  type: A.updateIsNewNotification,
  payload: unwrap(flag, "flag", (x) => typeof x === "boolean"),
});
/** Applies the addUnreadNotification rules to every item, in order, in one state update. */
export const ingestNotifications = (list: NotificationDetails[]): IngestNotificationsAction => ({
  type: A.ingest,
  payload: list,
  notAfter: Math.floor(Date.now() / 1000) + FUTURE_SKEW_SECONDS,
});
export const setConnectionStatus = (status: ConnectionStatus): ConnectionStatusChangedAction => ({
  type: A.connectionStatusChanged,
  payload: status,
});
export const notificationsFetchStarted = (): FetchStartedAction => ({ type: A.fetchStarted });
export const notificationsFetchSucceeded = (): FetchSucceededAction => ({ type: A.fetchSucceeded });
export const notificationsFetchFailed = (message: string): FetchFailedAction => ({
  type: A.fetchFailed,
  payload: { message },
});
/**
 * Opens the live connection, or switches it to another account or URL: the serializable
 * `notifications/connect`, acted on by the middleware, whose `dispatch` throws a
 * NotificationsInputError for a bad payload.
 */
export const connectNotifications = (payload: ConnectNotificationsPayload): ConnectNotificationsAction => ({
  type: A.connect,
  payload: { ...payload },
});
/** Closes the live connection and stops reconnecting: the serializable `notifications/disconnect`. */
export const disconnectNotifications = (): DisconnectNotificationsAction => ({ type: A.disconnect });
