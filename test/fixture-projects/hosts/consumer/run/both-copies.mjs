// Both copies of the notifications entry in one process, as when an app imports it and one of its
// CommonJS dependencies requires it: the ES module copy and the CommonJS copy. Whatever one copy
// does must hold for the other. Prints what it saw as JSON; the test asserts on it.
import { createRequire } from "node:module";
import * as esm from "multiaccount-kit/notifications";
import { applyMiddleware, combineReducers, createStore } from "redux";
import { thunk, withExtraArgument } from "redux-thunk";

const cjs = createRequire(import.meta.url)("multiaccount-kit/notifications");
const logger = { warn() {}, error() {} };
const rootReducer = combineReducers({ notifications: esm.notificationsReducer });

// Errors: a check written against one copy's classes holds for the other copy's errors.
class AppInputError extends esm.NotificationsInputError {}
let thrownByCjs;
try {
  createStore(rootReducer, applyMiddleware(thunk)).dispatch(cjs.addNotification({}, "neither"));
} catch (error) {
  thrownByCjs = error;
}
const errors = {
  thrownByCjsIsEsmInputError: thrownByCjs instanceof esm.NotificationsInputError,
  thrownByCjsIsEsmBase: thrownByCjs instanceof esm.NotificationsError,
  thrownByCjsIsError: thrownByCjs instanceof Error,
  esmInputErrorIsCjsInputError: new esm.NotificationsInputError("x") instanceof cjs.NotificationsInputError,
  cjsBaseIsEsmInputError: new cjs.NotificationsError("x") instanceof esm.NotificationsInputError,
  plainErrorIsEsmBase: new Error("x") instanceof esm.NotificationsError,
  appSubclassIsCjsInputError: new AppInputError("x") instanceof cjs.NotificationsInputError,
  cjsInputErrorIsAppSubclass: new cjs.NotificationsInputError("x") instanceof AppInputError,
};

// Running fetches: a fetch for another account through the other copy aborts the first one, and
// the first one's late answer is discarded.
const note = (id, quoteId) => ({
  id,
  quote_id: quoteId,
  create_time: 900,
  modify_time: 1000,
  counterparty_address: null,
  filled_amount_open: null,
  filled_amount_close: null,
  last_seen_action: "SendQuote",
  action_status: "success",
  failure_type: null,
  failure_message: null,
  state_type: "alert",
});
const calls = [];
const fetch = (url, init) =>
  new Promise((resolve) => calls.push({ signal: init.signal, answer: (items) => resolve(new Response(JSON.stringify({ position_state: items }))) }));
const store = createStore(rootReducer, applyMiddleware(withExtraArgument({ fetch, logger })));
const request = (account) => ({ baseUrl: "http://hedger.invalid", account, timestamp: "", appName: "consumer" });
const first = store.dispatch(esm.getNotifications(request("0x00000000000000000000000000000000000000a1")));
const second = store.dispatch(cjs.getNotifications(request("0x00000000000000000000000000000000000000b2")));
const firstAborted = calls[0].signal.aborted;
calls[1].answer([note("for-b", 2)]);
await second;
calls[0].answer([note("for-a", 1)]);
await first;
const fetches = { firstAborted, unread: store.getState().notifications.unreadNotifications.map((n) => n.id) };

// The new-notification flag: a second flag through the other copy restarts the delay.
const scheduled = [];
const cleared = [];
const timers = {
  setTimeout: (callback, ms) => scheduled.push({ callback, ms }) - 1,
  clearTimeout: (handle) => cleared.push(handle),
};
const flagged = createStore(rootReducer, applyMiddleware(withExtraArgument({ timers, logger })));
flagged.dispatch(esm.setNewNotificationFlag(50));
flagged.dispatch(cjs.setNewNotificationFlag(500));
scheduled[0].callback(); // the first delay ends: it was superseded, so the flag stays
const stillSet = flagged.getState().notifications.isNewNotification;
scheduled[1].callback();
const flag = { firstCleared: cleared.includes(0), stillSetAfterFirstDelay: stillSet, clearedAfterSecond: !flagged.getState().notifications.isNewNotification };

// The middleware of one copy answers the updater of the other.
class NoSocket {
  constructor() {
    throw new Error("no socket expected");
  }
}
const live = createStore(rootReducer, applyMiddleware(thunk, cjs.createNotificationsMiddleware({ WebSocket: NoSocket, logger })));
let updater;
try {
  esm.startNotificationUpdater(live, { account: "0xa1", baseUrl: "http://hedger.invalid", appName: "consumer", whitelisted: false, fetchData: false })();
  updater = "started";
} catch (error) {
  updater = error.message;
}

// Actions of one copy, reducer of the other.
const details = {
  id: "mixed",
  quoteId: "3",
  createTime: "900",
  modifyTime: "1000",
  counterpartyAddress: null,
  filledAmountOpen: null,
  filledAmountClose: null,
  lastSeenAction: "SendQuote",
  actionStatus: "success",
  failureType: null,
  failureMessage: null,
  stateType: "report",
  notificationType: "Success",
  showInModal: true,
};
const mixed = esm.selectUnreadNotifications({ notifications: esm.notificationsReducer(undefined, cjs.addUnreadNotification(details)) }).map((n) => n.id);

console.log(JSON.stringify({ twoCopies: esm.notificationsReducer !== cjs.notificationsReducer, errors, fetches, flag, updater, mixed }));
