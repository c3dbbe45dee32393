// The live connection's actions (decisions.md §5): serializable events the middleware acts on.
export const CONNECT = "notifications/connect";
export const DISCONNECT = "notifications/disconnect";

export interface ConnectNotificationsPayload {
  /** The hedger's WebSocket URL, e.g. wss://hedger.example/ws/position-state-ws3. */
  url: string;
  account: string;
  /** No connection is opened unless this is true. */
  whitelisted: boolean;
  /** REST base URL used to backfill after a reconnect (no backfill without it). */
  baseUrl?: string;
  /** App-Name header of the backfill requests. */
  appName?: string;
}

export interface ConnectNotificationsAction {
  type: typeof CONNECT;
  payload: ConnectNotificationsPayload;
}

export interface DisconnectNotificationsAction {
  type: typeof DISCONNECT;
}

export const connectNotifications = (payload: ConnectNotificationsPayload): ConnectNotificationsAction => ({
  type: CONNECT,
  payload: { ...payload },
});

export const disconnectNotifications = (): DisconnectNotificationsAction => ({ type: DISCONNECT });
