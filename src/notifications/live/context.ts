// The one small internal state that every part of the live middleware shares: the store, the
// resolved options, the current session, and the connection status last told to the store.
import { setConnectionStatus, type NotificationsAction } from "../state/actions";
import type { ConnectionStatus, NotificationsRootState } from "../state/types";
import type { LiveOptions } from "./options";
import type { Session } from "./session";

/** What the middleware uses of the store (its MiddlewareAPI). */
export interface LiveStore {
  dispatch(action: NotificationsAction): unknown;
  getState(): NotificationsRootState;
}

export interface LiveContext {
  readonly store: LiveStore;
  readonly options: LiveOptions;
  /** The session of the connected account; undefined when disconnected or not whitelisted. */
  session: Session | undefined;
  status: ConnectionStatus;
}

export function createLiveContext(store: LiveStore, options: LiveOptions): LiveContext {
  return { store, options, session: undefined, status: "idle" };
}

/** Tells the store about a status change (`notifications/connectionStatusChanged`), once per change. */
export function setStatus(ctx: LiveContext, next: ConnectionStatus): void {
  if (next === ctx.status) return;
  ctx.status = next;
  ctx.store.dispatch(setConnectionStatus(next));
}

/** Whether `s` is still the session to act for: anything an older one started must not touch the store. */
export function isCurrent(ctx: LiveContext, s: Session): boolean {
  return ctx.session === s && !s.stopped;
}

export function clearTimer(ctx: LiveContext, handle: unknown): void {
  if (handle !== undefined) ctx.options.timers.clearTimeout(handle);
}
