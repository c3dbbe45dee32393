// The live connection's actions: serializable commands the middleware acts on, checked at the edge
// (docs/design.md#connection-life-cycle).
import { NotificationsInputError } from "../errors";
import { NotificationsActionType } from "../state/actions";

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
}

export interface ConnectNotificationsAction {
  type: typeof NotificationsActionType.connect;
  payload: ConnectNotificationsPayload;
}

export interface DisconnectNotificationsAction {
  type: typeof NotificationsActionType.disconnect;
}

export const connectNotifications = (payload: ConnectNotificationsPayload): ConnectNotificationsAction => ({
  type: NotificationsActionType.connect,
  payload: { ...payload },
});

export const disconnectNotifications = (): DisconnectNotificationsAction => ({ type: NotificationsActionType.disconnect });

/** Throws a NotificationsInputError naming the first bad field of a connect payload. */
export function validateConnectPayload(p: ConnectNotificationsPayload): void {
  if (typeof p !== "object" || p === null) {
    throw new NotificationsInputError("notifications: connectNotifications needs { socketUrl, account, whitelisted }");
  }
  if (typeof p.socketUrl !== "string" || !/^wss?:\/\//i.test(p.socketUrl.trim())) {
    throw new NotificationsInputError(`notifications: connectNotifications socketUrl must be a ws:// or wss:// URL, got ${JSON.stringify(p.socketUrl)}`);
  }
  if (typeof p.account !== "string" || p.account.trim() === "") {
    throw new NotificationsInputError("notifications: connectNotifications account is empty; pass the connected account's address");
  }
  if (typeof p.whitelisted !== "boolean") {
    throw new NotificationsInputError("notifications: connectNotifications whitelisted must be true or false");
  }
}

/** Whether two payloads ask for the same connection (then a second connect is a no-op). */
export function sameConnection(a: ConnectNotificationsPayload, b: ConnectNotificationsPayload): boolean {
  return a.socketUrl === b.socketUrl && a.account === b.account && a.whitelisted === b.whitelisted && a.baseUrl === b.baseUrl && a.appName === b.appName;
}
