// The two browser APIs the cross-tab layer needs, found on the global object or passed in. Without
// either of them, outside a secure context, or in Node, every store keeps its own socket. Their
// shapes are in ../types.ts, with the options that name them.
import type { BroadcastChannelConstructor, CrossTabEffects, LockManagerLike } from "../types";

interface BrowserGlobals {
  isSecureContext?: boolean;
  navigator?: { locks?: LockManagerLike };
  BroadcastChannel?: BroadcastChannelConstructor;
}

/**
 * The effects to share the socket with, or undefined for "keep an own socket": when `crossTab` is
 * false, or (with the default `true`) when the global object lacks a secure context, `navigator.locks`
 * or `BroadcastChannel`. Effects passed in are used as they are.
 */
export function resolveCrossTabEffects(crossTab: boolean | CrossTabEffects, globals: unknown = globalThis): CrossTabEffects | undefined {
  if (crossTab === false) return undefined;
  if (crossTab !== true) return crossTab;
  const g = globals as BrowserGlobals;
  if (g.isSecureContext !== true) return undefined;
  const locks = g.navigator?.locks;
  if (locks === undefined || locks === null || typeof locks.request !== "function") return undefined;
  if (typeof g.BroadcastChannel !== "function") return undefined;
  return { locks, BroadcastChannel: g.BroadcastChannel };
}
