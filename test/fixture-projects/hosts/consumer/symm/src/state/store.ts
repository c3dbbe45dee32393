// The app's store: thunks, and the notifications middleware for the live socket.
import { applyMiddleware, legacy_createStore as createStore } from "redux";
import { thunk, type ThunkDispatch } from "redux-thunk";
import { createNotificationsMiddleware } from "multiaccount-kit/notifications";
import type { AnyAction } from "redux";
import { reducer, type AppState } from "./reducer";

export const store = createStore(reducer, applyMiddleware(thunk, createNotificationsMiddleware()));
export type AppDispatch = ThunkDispatch<AppState, unknown, AnyAction>;
