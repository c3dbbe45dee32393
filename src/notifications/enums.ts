// Enum values are the strings hedgers put on the wire (docs/contributing/design.md#wire-format), typos included:
// FailureType's "condition_missmatch" and "system Unable to handel exception" are what hedgers send.

export enum LastSeenAction {
  SEND_QUOTE = "SendQuote",
  FAILED_TO_PUT_ON_EXCHANGE = "FailedToPutOnExchange",
  REQUEST_TO_CANCEL_QUOTE = "RequestToCancelQuote",
  REQUEST_TO_CLOSE_POSITION = "RequestToClosePosition",
  UNLOCK_QUOTE = "UnlockQuote",
  REQUEST_TO_CANCEL_CLOSE_REQUEST = "RequestToCancelCloseRequest",
  LIQUIDATE_POSITION = "LiquidatePosition",
  FILL_LIMIT_ORDER_OPEN = "FillLimitOrderOpen",
  FILL_LIMIT_ORDER_CLOSE = "FillLimitOrderClose",
  INSTANT_REQUEST_TO_CLOSE_POSITION = "InstantRequestToClosePosition",
  FILL_ORDER_INSTANT_CLOSE = "FillOrderInstantClose",
  INSTANT_RFQ = "InstantRFQ",
  SEND_QUOTE_TRANSACTION = "SendQuoteTransaction",
}

/**
 * A user-facing message for each LastSeenAction value, indexable by any string, as a SYMM-style
 * frontend indexes it with the wire's last_seen_action. It has no prototype, so a string it has no
 * message for gives undefined, never an Object.prototype member.
 */
export const NotificationMessages: Readonly<Record<LastSeenAction, string> & Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    [LastSeenAction.SEND_QUOTE]: "Open Order",
    [LastSeenAction.FAILED_TO_PUT_ON_EXCHANGE]: "Failed To Put On Exchange",
    [LastSeenAction.REQUEST_TO_CANCEL_QUOTE]: "Cancel Open Order",
    [LastSeenAction.REQUEST_TO_CLOSE_POSITION]: "Close Position",
    [LastSeenAction.UNLOCK_QUOTE]: "Unlock Quote",
    [LastSeenAction.REQUEST_TO_CANCEL_CLOSE_REQUEST]: "Cancel Close Position",
    [LastSeenAction.LIQUIDATE_POSITION]: "Liquidate Position",
    [LastSeenAction.FILL_LIMIT_ORDER_OPEN]: "Fill Limit Order Open",
    [LastSeenAction.FILL_LIMIT_ORDER_CLOSE]: "Fill Limit Order Close",
    [LastSeenAction.INSTANT_REQUEST_TO_CLOSE_POSITION]: "Instant Close",
    [LastSeenAction.FILL_ORDER_INSTANT_CLOSE]: "Fill Instant Order Close",
    [LastSeenAction.INSTANT_RFQ]: "Instant Open",
    [LastSeenAction.SEND_QUOTE_TRANSACTION]: "Send Quote Transaction",
  })
);

export enum FailureType {
  SOLVENCY_PROBLEM = "Solvency Problem",
  CONDITION_MISMATCH = "condition_missmatch",
  SYSTEM_UNABLE_TO_HANDLE_EXCEPTION = "system Unable to handel exception",
}

export enum ActionStatus {
  FAILED = "failed",
  SUCCESS = "success",
  SEEN = "seen",
}

export enum StateType {
  REPORT = "report",
  ALERT = "alert",
}

export enum NotificationType {
  PARTIAL_FILL = "Partial Fill",
  LIQUIDATION_ALERT = "Liquidation Alert",
  TRANSFER_COLLATERAL = "Transfer Collateral",
  MINT_COLLATERAL = "Mint Collateral",
  SEEN_BY_HEDGER = "Seen by hedger",
  SUCCESS = "Success",
  HEDGER_ERROR = "Hedger Error",
  EXPIRED_ORDER = "Expired Order",
  TRADE = "Trade",
  CANCEL = "Cancel",
  OTHER = "Other",
}

/** Status of the REST fetch. */
export enum ApiState {
  OK = "OK",
  LOADING = "LOADING",
  ERROR = "ERROR",
}

export enum OrderType {
  MARKET = "Market",
  LIMIT = "Limit",
}
