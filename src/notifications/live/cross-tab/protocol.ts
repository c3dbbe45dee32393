// What crosses the BroadcastChannel between tabs: plain data with a version field. A message of
// another version, or one that does not have the expected shape, is ignored (docs/cross-tab.md#messages-between-tabs).
import { NotificationType, OrderType } from "../../enums";
import { NotificationsActionType as A } from "../../state/actions";
import type { ConnectionStatus, NotificationDetails } from "../../types";

/** Bumped whenever a message changes shape; tabs of different versions ignore each other. 2: the leader announces itself. */
export const CROSS_TAB_PROTOCOL_VERSION = 2;

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

/**
 * A tab joined and asks its peers for their lists; with its own, when it holds any (a tab back from
 * a freeze or the back-forward cache), which the peers merge as they merge an answer. Both or neither.
 */
export interface HelloMessage extends Base {
  kind: "hello";
  unread?: NotificationDetails[];
  read?: NotificationDetails[];
}
/** A peer's lists, for the tab `to` that said hello. */
export interface ListsMessage extends Base {
  kind: "lists";
  to: string;
  unread: NotificationDetails[];
  read: NotificationDetails[];
}
/** One list change, applied in every other tab through the same reducer. */
export interface ActionMessage extends Base {
  kind: "action";
  action: RelayedAction;
}
/**
 * The socket's status: `leader` from a tab granted the lock (on the grant, and in answer to a
 * hello), `status` on each change after. A `status` counts only from the tab that last said `leader`.
 */
export interface StatusMessage extends Base {
  kind: "status" | "leader";
  status: ConnectionStatus;
}

/**
 * A follower saw a moment to try again (online, the tab visible, a new connect) while the leader's
 * socket is closed: the leader tries again if it gave up after maxRetries. A tab of an older
 * package of this version ignores it, with a warning, and waits for its own moment.
 */
export interface RetryMessage extends Base {
  kind: "retry";
}

export type CrossTabMessage = HelloMessage | ListsMessage | ActionMessage | StatusMessage | RetryMessage;

const STATUSES: ReadonlySet<unknown> = new Set(["idle", "connecting", "open", "reconnecting", "closed"]);
const NOTIFICATION_TYPES: ReadonlySet<unknown> = new Set(Object.values(NotificationType));
const ORDER_TYPES: ReadonlySet<unknown> = new Set(Object.values(OrderType));

type Check = (x: unknown) => boolean;
const isString: Check = (x) => typeof x === "string";
const isNullableString: Check = (x) => x === null || isString(x);
const isNumber: Check = (x) => typeof x === "number" && Number.isFinite(x);

/** Every field of NotificationDetails: its check, and whether it may be absent (docs/contributing/design.md#list-rules). */
const FIELDS: ReadonlyMap<string, [Check, boolean?]> = new Map<string, [Check, boolean?]>([
  ...[
    "id",
    "quoteId",
    "counterpartyAddress",
    "filledAmountOpen",
    "filledAmountClose",
    "lastSeenAction",
    "actionStatus",
    "failureType",
    "failureMessage",
    "stateType",
  ].map((key): [string, [Check]] => [key, [isNullableString]]),
  ["createTime", [isString]],
  ["modifyTime", [isString]],
  ["avgPriceOpen", [isNullableString, true]],
  ["avgPriceClose", [isNullableString, true]],
  ["errorCode", [(x) => x === null || isNumber(x), true]],
  ["version", [isNumber, true]],
  ["tempQuoteId", [Number.isSafeInteger, true]],
  ["orderType", [(x) => ORDER_TYPES.has(x), true]],
  ["notificationType", [(x) => NOTIFICATION_TYPES.has(x)]],
  ["showInModal", [(x) => typeof x === "boolean"]],
  ["transferAmount", [isString, true]],
  ["transferType", [isString, true]],
]);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && Object.getPrototypeOf(x) === Object.prototype;
const own = (x: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(x, key) ? x[key] : undefined);

/** Why `x` is not a NotificationDetails with exactly the store type's fields, or undefined when it is one. */
function itemProblem(x: unknown): string | undefined {
  if (!isObject(x)) return "an item not a plain object";
  const unknown = Object.keys(x).find((key) => !FIELDS.has(key));
  if (unknown !== undefined) return `unknown field ${JSON.stringify(unknown)}`;
  for (const [key, [check, optional]] of FIELDS) {
    const value = own(x, key);
    if (value === undefined ? optional !== true : !check(value)) return `${key} ${value === undefined ? "missing" : "of the wrong type"}`;
  }
  return undefined;
}

function itemsProblem(x: unknown): string | undefined {
  if (!Array.isArray(x)) return "not an array";
  for (const item of x) {
    const problem = itemProblem(item);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

const listsProblem = (data: Record<string, unknown>) => itemsProblem(own(data, "unread")) ?? itemsProblem(own(data, "read"));

function actionProblem(a: unknown): string | undefined {
  if (!isObject(a) || !RELAYED_ACTION_TYPES.has(own(a, "type") as string)) return "not a relayed list change";
  const many = a.type === A.ingest || a.type === A.setUnreadNotifications || a.type === A.setReadNotifications || a.type === A.readAllNotifications;
  return many ? itemsProblem(own(a, "payload")) : itemProblem(own(a, "payload"));
}

function bodyProblem(data: Record<string, unknown>): string | undefined {
  switch (own(data, "kind")) {
    case "hello":
      return own(data, "unread") === undefined && own(data, "read") === undefined ? undefined : listsProblem(data);
    case "retry":
      return undefined;
    case "lists":
      return isString(own(data, "to")) ? listsProblem(data) : "lists for no tab";
    case "action":
      return actionProblem(own(data, "action"));
    case "status":
    case "leader":
      return STATUSES.has(own(data, "status")) ? undefined : "unknown status";
    default:
      return "unknown kind";
  }
}

/**
 * The message, if it is one of this version with exactly the expected shape, down to the type of
 * every field of every notification. Otherwise undefined: silently for another version (tabs of two
 * versions coexist while an app updates), through `reject` with the reason for anything else.
 */
export function readMessage(data: unknown, reject: (why: string) => void = () => undefined): CrossTabMessage | undefined {
  const v = isObject(data) ? own(data, "v") : undefined;
  if (typeof v === "number" && v !== CROSS_TAB_PROTOCOL_VERSION) return undefined;
  const problem =
    v !== CROSS_TAB_PROTOCOL_VERSION
      ? "not of this protocol"
      : !isString(own(data as Record<string, unknown>, "from"))
        ? "no sender"
        : bodyProblem(data as Record<string, unknown>);
  if (problem === undefined) return data as CrossTabMessage;
  reject(problem);
  return undefined;
}
