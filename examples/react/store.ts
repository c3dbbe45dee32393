// The example's Redux store: the notifications slice under its root key `notifications`, redux-thunk
// for the fetch and callback thunks, and the notifications middleware for the live socket.
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { createNotificationsMiddleware, notificationsReducer } from "multiaccount-kit/notifications";

const reducer = combineReducers({ notifications: notificationsReducer });

// In a browser the middleware takes the page's own WebSocket, BroadcastChannel and Web Locks: one
// socket per browser, however many tabs show the app.
export const store = createStore(reducer, applyMiddleware(thunk, createNotificationsMiddleware()));

export type RootState = ReturnType<typeof reducer>;
