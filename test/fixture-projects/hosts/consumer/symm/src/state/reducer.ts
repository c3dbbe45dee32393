// The app's reducer map: each slice's reducer is its module's default export.
import { combineReducers } from "redux";
import notifications from "multiaccount-kit/notifications";
import user from "./user";

export const reducer = combineReducers({ notifications, user });
export type AppState = ReturnType<typeof reducer>;
