// The type of this module's thunks; beside the actions and the root state it is made of, so that
// effects.ts, which every thunk uses, needs nothing of state/.
import type { ThunkAction } from "redux-thunk";
import type { NotificationsRootState } from "../types";
import type { NotificationsAction } from "./actions";

/** A thunk of this module: redux-thunk's, on the root state, with any extra argument. */
export type NotificationsThunk<R> = ThunkAction<R, NotificationsRootState, unknown, NotificationsAction>;
