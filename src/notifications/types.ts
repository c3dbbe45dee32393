import type {
  ActionStatus,
  ApiState,
  FailureType,
  LastSeenAction,
  NotificationType,
  OrderType,
  StateType,
} from "./enums";

/** One notification as the hedger sends it (REST and WebSocket), snake_case. */
export interface NotificationResponse {
  id: string;
  quote_id: number | null;
  create_time: number;
  modify_time: number;
  counterparty_address: string | null;
  filled_amount_open: string | null;
  filled_amount_close: string | null;
  last_seen_action: string | null;
  action_status: string | null;
  failure_type: string | null;
  failure_message: string | null;
  error_code?: number | null;
  state_type: string | null;
  version?: number;
  temp_quote_id?: number;
  order_type?: number;
}

/** Body of `POST {baseUrl}/position-state/{start}/{size}`. */
export interface NotificationUrlResponseType {
  position_state: NotificationResponse[];
}

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

export interface NotificationsLogger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface NotificationsTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The thunk's extra argument (`thunk.withExtraArgument({...})`). Every field is optional; the
 * defaults are the global `fetch`, `console`, a 10 s timeout and the global timers.
 */
export interface NotificationsExtraArgument {
  fetch?: FetchLike;
  logger?: NotificationsLogger;
  timeoutMs?: number;
  timers?: NotificationsTimers;
}
