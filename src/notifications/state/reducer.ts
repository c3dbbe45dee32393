// state/: the slice — its shape, enums, actions, reducer and selectors, and the thunks behind the
// callback hooks. This file: the reducer, which hands every list change to lists/.
import { ApiState } from "../enums";
import { advanceTimestamp } from "../lists/rules";
import { capLists, ingestRead, ingestUnread, readAll, readOne, replaceList, type Lists } from "../lists/transitions";
import type { NotificationDetails, NotificationState } from "../types";
import { NotificationsActionType as A, type NotificationsAction } from "./actions";

export const initialNotificationsState: NotificationState = {
  unreadNotifications: [],
  readNotifications: [],
  notificationsStatus: ApiState.OK,
  lastUpdateTimestamp: "",
  isNewNotification: false,
  connectionStatus: "idle",
};

function withLists(state: NotificationState, lists: Lists, ingested: readonly NotificationDetails[], notAfter?: number): NotificationState {
  const lastUpdateTimestamp = advanceTimestamp(state.lastUpdateTimestamp, ingested, notAfter);
  if (lists.unread === state.unreadNotifications && lists.read === state.readNotifications && lastUpdateTimestamp === state.lastUpdateTimestamp) {
    return state;
  }
  return { ...state, unreadNotifications: lists.unread, readNotifications: lists.read, lastUpdateTimestamp };
}

function listsOf(state: NotificationState): Lists {
  return { unread: state.unreadNotifications, read: state.readNotifications };
}

function withField<K extends keyof NotificationState>(state: NotificationState, key: K, value: NotificationState[K]): NotificationState {
  return state[key] === value ? state : { ...state, [key]: value };
}

/**
 * The reducer of the `notifications` slice (the root key must be `notifications`). Pure: any state
 * it returns is correct with or without warm indexes.
 */
export function notificationsReducer(state: NotificationState = initialNotificationsState, action: { type: string }): NotificationState {
  const a = action as NotificationsAction;
  switch (a.type) {
    case A.addUnreadNotification:
      return withLists(state, ingestUnread(listsOf(state), [a.payload]), [a.payload]);
    case A.ingest:
      return withLists(state, capLists(ingestUnread(listsOf(state), a.payload, a.maxItems), a.maxItems), a.payload, a.notAfter);
    case A.addReadNotification:
      return withLists(state, ingestRead(listsOf(state), [a.payload]), [a.payload]);
    case A.setUnreadNotifications:
      return withLists(state, replaceList(listsOf(state), "unread", a.payload), a.payload);
    case A.setReadNotifications:
      return withLists(state, replaceList(listsOf(state), "read", a.payload), a.payload);
    case A.readOneNotification:
      return withLists(state, readOne(listsOf(state), a.payload), []);
    case A.readAllNotifications:
      // With a list (another tab's "all", relayed): exactly those, by the rules of addReadNotification.
      return a.payload === undefined
        ? withLists(state, readAll(listsOf(state)), [])
        : withLists(state, ingestRead(listsOf(state), a.payload, "asInserted"), a.payload);
    case A.updateTimestamp:
      return withField(state, "lastUpdateTimestamp", a.payload);
    case A.updateIsNewNotification:
      return withField(state, "isNewNotification", a.payload);
    case A.connectionStatusChanged:
      return withField(state, "connectionStatus", a.payload);
    case A.fetchStarted:
      return withField(state, "notificationsStatus", ApiState.LOADING);
    case A.fetchSucceeded:
      return withField(state, "notificationsStatus", ApiState.OK);
    case A.fetchFailed:
      return withField(state, "notificationsStatus", ApiState.ERROR);
    default:
      return state;
  }
}
