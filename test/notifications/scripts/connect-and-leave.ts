// Connects, receives one notification, disconnects and closes the server, then just returns: the
// process must exit on its own, which proves no timer or socket was left behind.
import WebSocket from "ws";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { startMockHedger } from "../../../src/mock-hedger";
import { connectNotifications, createNotificationsMiddleware, disconnectNotifications, notificationsReducer } from "../../../src/notifications";

async function main() {
  const hedger = await startMockHedger();
  const store = createStore(
    combineReducers({ notifications: notificationsReducer }),
    applyMiddleware(thunk, createNotificationsMiddleware({ WebSocket, newNotificationFlagMs: 60_000 }))
  );
  const account = "0x00000000000000000000000000000000000a11ce";
  store.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account, whitelisted: true, baseUrl: hedger.baseUrl, appName: "leave" }) as never);
  while (hedger.subscribers(account) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  hedger.emit(account, { state_type: "alert", action_status: "success" });
  while (store.getState().notifications.unreadNotifications.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  // The flag timer (60 s) is running now; disconnect must clear it.
  store.dispatch(disconnectNotifications() as never);
  await hedger.close();
  console.log(`received ${store.getState().notifications.unreadNotifications.length}, status ${store.getState().notifications.connectionStatus}`);
}

void main();
