// The hedger's wire format: what its REST endpoint and its WebSocket send (docs/design.md#wire-format).

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
