// The hedger's wire format: what its REST endpoint and its WebSocket send (docs/contributing/design.md#wire-format).

/** An amount as hedgers send it: a decimal string, a JSON number (0 means "no value") or null. */
export type WireAmount = string | number | null;

/**
 * One notification as the hedger sends it (REST and WebSocket), snake_case. Fields not listed here
 * are ignored; a field of the wrong type is left out with a warning.
 */
export interface NotificationResponse {
  /** Absent on an instant order's frame that carries only temp_quote_id. */
  id?: string;
  quote_id: number | null;
  create_time: number;
  modify_time: number;
  counterparty_address: string | null;
  filled_amount_open: WireAmount;
  filled_amount_close: WireAmount;
  avg_price_open?: WireAmount;
  avg_price_close?: WireAmount;
  last_seen_action: string | null;
  action_status: string | null;
  failure_type: string | null;
  failure_message: string | null;
  error_code?: number | null;
  state_type: string | null;
  version?: number;
  temp_quote_id?: number;
  /** 1 is a market order; anything else a limit order. */
  order_type?: number;
}

/** Body of `POST {baseUrl}/position-state/{start}/{size}`. */
export interface NotificationUrlResponseType {
  position_state: NotificationResponse[];
}
