// The slice's shape: one notification as stored, and the state under the root key `notifications`.
import type { ActionStatus, ApiState, FailureType, LastSeenAction, NotificationType, OrderType, StateType } from "./enums";

/**
 * One notification in the store. Times are unix-seconds strings and amounts stay decimal strings,
 * so nothing is lost to floats. Unknown enum values from the wire are kept as plain strings.
 */
export interface NotificationDetails {
  /** `null` only for hedger items that carry a quote id instead. */
  id: string | null;
  /** The wire number as a string; `null` stays `null`. */
  quoteId: string | null;
  createTime: string;
  modifyTime: string;
  counterpartyAddress: string | null;
  filledAmountOpen: string | null;
  filledAmountClose: string | null;
  lastSeenAction: LastSeenAction | string | null;
  actionStatus: ActionStatus | string | null;
  failureType: FailureType | string | null;
  failureMessage: string | null;
  errorCode?: number | null;
  stateType: StateType | string | null;
  version?: number;
  tempQuoteId?: number;
  orderType?: OrderType;
  notificationType: NotificationType;
  showInModal: boolean;
  /** Client-made collateral-transfer notices only. */
  transferAmount?: string;
  transferType?: string;
}

/** What `addNotification` accepts: a TRANSFER_COLLATERAL notice may come without an id. */
export type NotificationInput = Omit<NotificationDetails, "id"> & { id?: string | null };

export type ConnectionStatus = "idle" | "connecting" | "open" | "reconnecting" | "closed";

export interface NotificationState {
  /** Newest first. */
  unreadNotifications: NotificationDetails[];
  /** Newest first. */
  readNotifications: NotificationDetails[];
  notificationsStatus: ApiState;
  /** Unix seconds as a string; `""` until something has been ingested. */
  lastUpdateTimestamp: string;
  isNewNotification: boolean;
  connectionStatus: ConnectionStatus;
}

/** The slice lives under this root key. */
export interface NotificationsRootState {
  notifications: NotificationState;
}
