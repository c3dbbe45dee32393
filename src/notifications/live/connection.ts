// The connect command's payload, checked at the edge, and when two payloads ask for the same
// connection (docs/contributing/design.md#connection-life-cycle). The actions themselves are in state/actions.ts.
import { NotificationsInputError } from "../errors";
import type { ConnectNotificationsPayload } from "../state/actions";

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
  if (p.since !== undefined && !(typeof p.since === "number" && Number.isFinite(p.since) && p.since >= 0)) {
    throw new NotificationsInputError(`notifications: connectNotifications since must be unix seconds, got ${JSON.stringify(p.since)}`);
  }
}

/** Whether two payloads ask for the same connection (then a second connect is a no-op). */
export function sameConnection(a: ConnectNotificationsPayload, b: ConnectNotificationsPayload): boolean {
  return a.socketUrl === b.socketUrl && a.account === b.account && a.whitelisted === b.whitelisted && a.baseUrl === b.baseUrl && a.appName === b.appName;
}
