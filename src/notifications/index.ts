// multiaccount-kit/notifications: a plain-Redux notifications slice for the root key `notifications`.
// Nothing here imports Node built-ins, Hardhat, ethers or ws: it bundles for browsers.

export {
  ActionStatus,
  ApiState,
  FailureType,
  LastSeenAction,
  NotificationMessages,
  NotificationType,
  OrderType,
  StateType,
} from "./enums";
export type {
  ConnectionStatus,
  FetchLike,
  NotificationDetails,
  NotificationInput,
  NotificationResponse,
  NotificationState,
  NotificationUrlResponseType,
  NotificationsExtraArgument,
  NotificationsLogger,
  NotificationsRootState,
  NotificationsTimers,
} from "./types";
export {
  NotificationsActionType,
  addReadNotification,
  addUnreadNotification,
  ingestNotifications,
  notificationsFetchFailed,
  notificationsFetchStarted,
  notificationsFetchSucceeded,
  readAllNotifications,
  readOneNotification,
  setConnectionStatus,
  setReadNotifications,
  setUnreadNotifications,
  updateIsNewNotification,
  updateTimestamp,
} from "./actions";
export type { NotificationsAction } from "./actions";
export { initialNotificationsState, notificationsReducer } from "./reducer";
export {
  selectConnectionStatus,
  selectLastUpdateTimestamp,
  selectNewNotification,
  selectNotificationsState,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
} from "./selectors";
export { groupingNotification, parseNotificationResponses, toNotification } from "./transform";
export { compareNewness, isSameNotification } from "./rules";
export { DEFAULT_TIMEOUT_MS } from "./effects";
export { fetchNotificationPage, notificationsPageUrl, validateRequest } from "./fetch";
export type { FetchPageEffects, NotificationPage, NotificationPageRequest, NotificationsRequestParams } from "./fetch";
export { getAllNotifications, getNotifications } from "./thunks";
export type { GetAllNotificationsParams, GetNotificationsResult, NotificationsThunk } from "./thunks";
export {
  DEFAULT_NEW_NOTIFICATION_FLAG_MS,
  addNotification,
  flagNewNotification,
  markAllAsRead,
  markAsRead,
} from "./callbacks";
export { NotificationFetchError, NotificationsError, NotificationsInputError } from "./errors";
export type { NotificationFetchFailure } from "./errors";

// Live connection (WebSocket middleware, updater).
export { CONNECT, DISCONNECT, connectNotifications, disconnectNotifications } from "./connection";
export type { ConnectNotificationsAction, ConnectNotificationsPayload, DisconnectNotificationsAction } from "./connection";
export { DEFAULT_BACKOFF, backoffDelay, resolveBackoff } from "./backoff";
export type { BackoffOptions, BackoffPolicy } from "./backoff";
export { MIDDLEWARE_PROBE, createNotificationsMiddleware } from "./middleware";
export type { NotificationsMiddlewareOptions, WebSocketConstructor, WebSocketLike } from "./middleware";
export { startNotificationUpdater } from "./updater";
export type { NotificationUpdaterOptions, TimestampStorage } from "./updater";
