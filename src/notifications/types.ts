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
  /** A decimal string, or null (the hedger's numeric 0, "no value", is stored as null). */
  filledAmountOpen: string | null;
  filledAmountClose: string | null;
  /** Average fill prices, decimal strings; present when the hedger sends them. */
  avgPriceOpen?: string | null;
  avgPriceClose?: string | null;
  lastSeenAction: LastSeenAction | string | null;
  actionStatus: ActionStatus | string | null;
  failureType: FailureType | string | null;
  failureMessage: string | null;
  /** The hedger's error code; null when it sends none. */
  errorCode: number | null;
  stateType: StateType | string | null;
  version?: number;
  /**
   * An instant order's temporary quote id (negative), before the hedger gives it an id: a
   * notification without an id is known by it, and the one that later arrives with an id and the
   * same temporary quote id takes its place.
   */
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
