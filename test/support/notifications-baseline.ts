// A straightforward reducer with the same list rules as `notificationsReducer`: linear searches and
// fresh array copies on every action. It is the bench's baseline (scripts/bench/notifications.ts) and,
// in the tests, an independent oracle for the indexed reducer. It shares no code with src/notifications on purpose.
import type { NotificationDetails, NotificationState } from "../../src/notifications";

type N = NotificationDetails;
type Action = { type: string; payload?: unknown };

const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
const newer = (a: N, b: N): number => num(a.modifyTime) - num(b.modifyTime) || num(a.version) - num(b.version);
const idOf = (n: N): string | null => (typeof n.id === "string" && n.id !== "" ? n.id : null);
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison -- the baseline shares no code with src/notifications, so it compares the wire string
const hasQuoteKey = (n: N): boolean => n.quoteId !== null && n.notificationType !== "Transfer Collateral";
const sameQuoteKey = (a: N, b: N): boolean =>
  hasQuoteKey(a) && a.quoteId === b.quoteId && a.notificationType === b.notificationType && a.actionStatus === b.actionStatus;

function matches(a: N, b: N): boolean {
  if (a === b) return true;
  const id = idOf(a);
  if (id !== null && id === idOf(b)) return true;
  return sameQuoteKey(a, b);
}

function same(a: N, b: N): boolean {
  if (a === b) return true;
  if (idOf(a) !== null || idOf(b) !== null) return idOf(a) !== null && idOf(a) === idOf(b);
  return sameQuoteKey(a, b);
}

function insertSorted(list: N[], n: N): N[] {
  const at = list.findIndex((m) => newer(m, n) <= 0);
  return at === -1 ? [...list, n] : [...list.slice(0, at), n, ...list.slice(at)];
}

function advance(ts: string, items: N[]): string {
  let out = ts;
  for (const n of items) {
    const cur = out === "" || !Number.isFinite(Number(out)) ? -Infinity : Number(out);
    const v = Number(n.modifyTime);
    if (n.modifyTime !== "" && Number.isFinite(v) && v > cur) out = String(n.modifyTime);
  }
  return out;
}

function addUnread(s: NotificationState, n: N): NotificationState {
  const inRead = s.readNotifications.filter((m) => matches(n, m));
  if (inRead.some((m) => newer(n, m) <= 0)) return s;
  const inUnread = s.unreadNotifications.filter((m) => matches(n, m));
  if (inUnread.some((m) => newer(n, m) < 0)) return s;
  if (inRead.length === 0 && inUnread.length === 1 && inUnread[0] === n) return s;
  return {
    ...s,
    readNotifications: inRead.length > 0 ? s.readNotifications.filter((m) => !inRead.includes(m)) : s.readNotifications,
    unreadNotifications: insertSorted(
      s.unreadNotifications.filter((m) => !inUnread.includes(m)),
      n
    ),
  };
}

function addRead(s: NotificationState, n: N): NotificationState {
  const inUnread = s.unreadNotifications.filter((m) => matches(n, m));
  const inRead = s.readNotifications.filter((m) => matches(n, m));
  if ([...inUnread, ...inRead].some((m) => newer(n, m) < 0)) return s;
  if (inUnread.length === 0 && inRead.length === 1 && inRead[0] === n) return s;
  return {
    ...s,
    unreadNotifications: inUnread.length > 0 ? s.unreadNotifications.filter((m) => !inUnread.includes(m)) : s.unreadNotifications,
    readNotifications: insertSorted(
      s.readNotifications.filter((m) => !inRead.includes(m)),
      n
    ),
  };
}

function dedup(list: N[]): N[] {
  let kept: N[] = [];
  for (const n of list) {
    const found = kept.filter((k) => matches(n, k));
    if (found.some((m) => newer(n, m) < 0)) continue;
    kept = [...kept.filter((k) => !found.includes(k)), n];
  }
  return [...kept].sort((a, b) => newer(b, a));
}

export const baselineInitialState: NotificationState = {
  unreadNotifications: [],
  readNotifications: [],
  notificationsStatus: "OK" as NotificationState["notificationsStatus"],
  lastUpdateTimestamp: "",
  isNewNotification: false,
  connectionStatus: "idle",
};

function withTimestamp(before: NotificationState, after: NotificationState, items: N[]): NotificationState {
  const ts = advance(before.lastUpdateTimestamp, items);
  if (after === before && ts === before.lastUpdateTimestamp) return before;
  return { ...after, lastUpdateTimestamp: ts };
}

export function baselineReducer(state: NotificationState = baselineInitialState, action: Action): NotificationState {
  const p = action.payload as never;
  switch (action.type) {
    case "notifications/addUnreadNotification":
      return withTimestamp(state, addUnread(state, p), [p]);
    case "notifications/ingest":
      return withTimestamp(state, (p as N[]).reduce(addUnread, state), p);
    case "notifications/addReadNotification":
      return withTimestamp(state, addRead(state, p), [p]);
    case "notifications/setUnreadNotifications":
    case "notifications/setReadNotifications": {
      const list = dedup(p);
      const unread = action.type === "notifications/setUnreadNotifications";
      const other = (unread ? state.readNotifications : state.unreadNotifications).filter((o) => !list.some((k) => matches(k, o)));
      const next = unread
        ? { ...state, unreadNotifications: list, readNotifications: other }
        : { ...state, readNotifications: list, unreadNotifications: other };
      return { ...next, lastUpdateTimestamp: advance(state.lastUpdateTimestamp, p) };
    }
    case "notifications/readOneNotification": {
      const stored = state.unreadNotifications.find((u) => same(p, u));
      if (stored === undefined) return state;
      return {
        ...state,
        unreadNotifications: state.unreadNotifications.filter((u) => u !== stored),
        readNotifications: insertSorted(state.readNotifications, stored),
      };
    }
    case "notifications/readAllNotifications":
      if (state.unreadNotifications.length === 0) return state;
      return {
        ...state,
        unreadNotifications: [],
        readNotifications: [...state.unreadNotifications, ...state.readNotifications].sort((a, b) => newer(b, a)),
      };
    default:
      return state;
  }
}
