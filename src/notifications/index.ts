// multiaccount-kit/notifications: a plain-Redux notifications slice for the root key `notifications`.
// Nothing here imports Node built-ins, Hardhat, ethers or ws: it bundles for browsers. This file is
// the whole public surface; everything else is internal (tests import it by path).

// The module's data, which every folder uses: a notification as stored, its enums, the slice's shape.
export { ActionStatus, ApiState, FailureType, LastSeenAction, NotificationMessages, NotificationType, OrderType, StateType } from "./enums";
export type { ConnectionStatus, NotificationDetails, NotificationInput, NotificationState, NotificationsRootState } from "./types";

// state/: the slice — its actions, reducer, selectors, and the callback thunks.
export {
  NotificationsActionType,
  addReadNotification,
  addUnreadNotification,
  connectNotifications,
  disconnectNotifications,
  ingestNotifications,
  readAllNotifications,
  readOneNotification,
  setReadNotifications,
  setUnreadNotifications,
  updateIsNewNotification,
  updateTimestamp,
} from "./state/actions";
export type { ConnectNotificationsAction, ConnectNotificationsPayload, DisconnectNotificationsAction, NotificationsAction } from "./state/actions";
export { initialNotificationsState, notificationsReducer } from "./state/reducer";
/** The reducer of the `notifications` slice, also the default export, as a SYMM-style reducer map imports it. */
export { notificationsReducer as default } from "./state/reducer";
export {
  selectConnectionStatus,
  selectIsNewNotification,
  selectLastUpdateTimestamp,
  selectNotificationsState,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
} from "./state/selectors";
export { addNotification, markAllAsRead, markAsRead } from "./state/callbacks";
export { DEFAULT_NEW_NOTIFICATION_FLAG_MS, setNewNotificationFlag } from "./state/new-notification-flag";

// lists/: the list rules. Only the two comparisons a UI may want are public.
export { compareNewness, isSameNotification } from "./lists/rules";

// wire/: the hedger's format, and the conversion into the store's.
export type { NotificationResponse, NotificationUrlResponseType } from "./wire/types";
export { groupingNotification, parseNotificationResponses, toNotification } from "./wire/transform";

// fetch/: loading over REST.
export { getAllNotifications, getNotifications } from "./fetch/thunks";
export type { GetAllNotificationsParams, GetNotificationsResult } from "./fetch/thunks";
export type { NotificationsRequestParams } from "./fetch/page";

// The effects the thunks are given, the thunks' type, and the errors.
export type { FetchLike, NotificationsExtraArgument, NotificationsLogger, NotificationsTimers } from "./effects";
export type { NotificationsThunk } from "./state/thunk";
export { NotificationsError, NotificationsInputError } from "./errors";

// live/: the live connection (WebSocket middleware, updater); its two commands are actions of state/.
export { createNotificationsMiddleware } from "./live/middleware";
export type {
  BroadcastChannelConstructor,
  BroadcastChannelLike,
  CrossTabEffects,
  LockManagerLike,
  NotificationsMiddlewareOptions,
  WebSocketConstructor,
  WebSocketLike,
} from "./live/types";
export type { BackoffOptions } from "./live/backoff";
export type { PageEventTarget } from "./live/page-lifecycle";
export { startNotificationUpdater } from "./live/updater";
export type { NotificationUpdaterOptions, TimestampStorage } from "./live/updater";
