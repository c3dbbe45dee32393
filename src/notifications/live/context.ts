// The one small internal state that every part of the live middleware shares (LiveContext, in
// types.ts): made once per store, and the few moves every part makes on it.
import { setConnectionStatus } from "../state/actions";
import type { ConnectionStatus } from "../types";
import type { LiveContext, LiveOptions, LiveStore, Session } from "./types";

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
