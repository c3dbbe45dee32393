// What crosses the BroadcastChannel between tabs: plain data with a version field. A message of
// another version, or one that does not have the expected shape, is ignored (docs/live-notifications.md#one-socket-per-browser).
import { NotificationsActionType as A } from "../../state/actions";
import type { ConnectionStatus, NotificationDetails } from "../../state/types";

/** Bumped whenever a message changes shape; tabs of different versions ignore each other. */
export const CROSS_TAB_PROTOCOL_VERSION = 1;

const PREFIX = "multiaccount-kit/notifications";

/** The lock and the channel of one (socket URL, account); Web Locks and BroadcastChannel are per origin already. */
export function crossTabNames(socketUrl: string, account: string): { lock: string; channel: string } {
  const key = `${socketUrl.trim()}|${account.trim().toLowerCase()}`;
  // The lock carries the version too, so that tabs of different versions never wait on one leader.
  return { lock: `${PREFIX}:leader:v${CROSS_TAB_PROTOCOL_VERSION}:${key}`, channel: `${PREFIX}:relay:${key}` };
}

/**
 * The list changes that cross: the leader's ingests and every tab's read-state actions. A read
 * crosses as the notifications it moved (readOneNotification as addReadNotification of the stored
 * copy, readAllNotifications with its list), never as "whatever you have": applied by the list
 * rules, it then gives the same lists whichever order it and an ingest reach the tabs in.
 */
export const RELAYED_ACTION_TYPES: ReadonlySet<string> = new Set([
  A.ingest,
  A.addUnreadNotification,
  A.addReadNotification,
  A.setUnreadNotifications,
  A.setReadNotifications,
  A.readAllNotifications,
]);

export interface RelayedAction {
  type: string;
  payload?: NotificationDetails | NotificationDetails[];
}

interface Base {
  v: number;
  /** The sending tab. */
  from: string;
}

/** A tab joined and asks its peers for their lists. */
export interface HelloMessage extends Base {
  kind: "hello";
}
/** A peer's lists, for the tab `to` that said hello. */
export interface ListsMessage extends Base {
  kind: "lists";
  to: string;
  unread: NotificationDetails[];
  read: NotificationDetails[];
  /** Only the leader sends its socket's status. */
  status?: ConnectionStatus;
}
/** One list change, applied in every other tab through the same reducer. */
export interface ActionMessage extends Base {
  kind: "action";
  action: RelayedAction;
}
/** The leader's socket status. */
export interface StatusMessage extends Base {
  kind: "status";
  status: ConnectionStatus;
}

export type CrossTabMessage = HelloMessage | ListsMessage | ActionMessage | StatusMessage;

const STATUSES: ReadonlySet<string> = new Set(["idle", "connecting", "open", "reconnecting", "closed"]);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isItem = (x: unknown): x is NotificationDetails => isObject(x) && typeof x.modifyTime === "string" && typeof x.notificationType === "string";
const isItems = (x: unknown): x is NotificationDetails[] => Array.isArray(x) && x.every(isItem);

function validAction(a: unknown): a is RelayedAction {
  if (!isObject(a) || typeof a.type !== "string" || !RELAYED_ACTION_TYPES.has(a.type)) return false;
  const many = a.type === A.ingest || a.type === A.setUnreadNotifications || a.type === A.setReadNotifications || a.type === A.readAllNotifications;
  return many ? isItems(a.payload) : isItem(a.payload);
}

/** The message, if it is one of this version with the expected shape; otherwise undefined. */
export function readMessage(data: unknown): CrossTabMessage | undefined {
  if (!isObject(data) || data.v !== CROSS_TAB_PROTOCOL_VERSION || typeof data.from !== "string") return undefined;
  switch (data.kind) {
    case "hello":
      return data as unknown as HelloMessage;
    case "lists":
      return typeof data.to === "string" && isItems(data.unread) && isItems(data.read) && (data.status === undefined || STATUSES.has(data.status as string))
        ? (data as unknown as ListsMessage)
        : undefined;
    case "action":
      return validAction(data.action) ? (data as unknown as ActionMessage) : undefined;
    case "status":
      return STATUSES.has(data.status as string) ? (data as unknown as StatusMessage) : undefined;
    default:
      return undefined;
  }
}
