// The one owner of `isNewNotification` and of its reset timer. A store has at most one such timer:
// raising the flag (the `setNewNotificationFlag` thunk, or the live middleware when a visible
// notification changed the unread list) sets it and restarts the delay; clearing it (the middleware
// on disconnect) cancels the timer and lowers the flag.
import { resolveEffects, type NotificationsTimers } from "../effects";
import { NotificationsInputError } from "../errors";
import type { NotificationsRootState } from "../types";
import { updateIsNewNotification, type UpdateIsNewNotificationAction } from "./actions";
import type { NotificationsThunk } from "./thunk";

/** How long the flag stays set unless told otherwise, for the thunk and the middleware alike. */
export const DEFAULT_NEW_NOTIFICATION_FLAG_MS = 1000;

/** The store a flag belongs to. Its `getState` (the same function for the whole store) is the key. */
export interface FlagStore {
  dispatch(action: UpdateIsNewNotificationAction): unknown;
  getState(): NotificationsRootState;
}

interface ResetTimer {
  handle: unknown;
  timers: NotificationsTimers;
}

// Shared by every copy of this module in the process (an app's ES module copy and a dependency's
// CommonJS copy), like the running fetches in fetch/running.ts, so that a flag raised through one copy
// and lowered through the other still has one timer. Created on first use; nothing runs at import.
const RESET_TIMERS: unique symbol = Symbol.for("multiaccount-kit/notifications/flagTimers@1");

function resetTimers(): WeakMap<object, ResetTimer> {
  const registry = globalThis as { [RESET_TIMERS]?: WeakMap<object, ResetTimer> };
  return (registry[RESET_TIMERS] ??= new WeakMap());
}

function cancelReset(store: FlagStore): void {
  const running = resetTimers().get(store.getState);
  if (running === undefined) return;
  resetTimers().delete(store.getState);
  running.timers.clearTimeout(running.handle);
}

/** Throws a NotificationsInputError unless `ms` is a finite, non-negative number. */
export function checkNewNotificationFlagMs(ms: unknown, where: string): number {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
    throw new NotificationsInputError(`notifications: ${where} newNotificationFlagMs must be a non-negative number of milliseconds, got ${JSON.stringify(ms)}`);
  }
  return ms;
}

/** Sets the flag and lowers it `ms` later; a raise before then restarts the delay. */
export function raiseNewNotificationFlag(store: FlagStore, ms: number, timers: NotificationsTimers): void {
  cancelReset(store);
  if (!store.getState().notifications.isNewNotification) store.dispatch(updateIsNewNotification(true));
  const reset: ResetTimer = { handle: undefined, timers };
  resetTimers().set(store.getState, reset);
  reset.handle = timers.setTimeout(() => {
    if (resetTimers().get(store.getState) !== reset) return;
    resetTimers().delete(store.getState);
    store.dispatch(updateIsNewNotification(false));
  }, ms);
}

/** Cancels the reset timer and lowers the flag now. */
export function clearNewNotificationFlag(store: FlagStore): void {
  cancelReset(store);
  if (store.getState().notifications.isNewNotification) store.dispatch(updateIsNewNotification(false));
}

/**
 * Sets isNewNotification and lowers it `newNotificationFlagMs` later (default
 * DEFAULT_NEW_NOTIFICATION_FLAG_MS). A second call on the same store before then restarts the delay.
 */
export function setNewNotificationFlag(newNotificationFlagMs: number = DEFAULT_NEW_NOTIFICATION_FLAG_MS): NotificationsThunk<void> {
  return (dispatch, getState, extra) => {
    const ms = checkNewNotificationFlagMs(newNotificationFlagMs, "setNewNotificationFlag");
    raiseNewNotificationFlag({ dispatch, getState }, ms, resolveEffects(extra).timers);
  };
}
