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
 * false, or (`true`, the default, or `"leader"`) when the global object lacks a secure context,
 * `navigator.locks` or `BroadcastChannel`. Effects passed in are used as they are.
 */
export function resolveCrossTabEffects(crossTab: boolean | "leader" | CrossTabEffects, globals: unknown = globalThis): CrossTabEffects | undefined {
  if (crossTab === false) return undefined;
  if (crossTab !== true && crossTab !== "leader") return crossTab;
  const g = globals as BrowserGlobals;
  if (g.isSecureContext !== true) return undefined;
  const locks = g.navigator?.locks;
  if (locks === undefined || locks === null || typeof locks.request !== "function") return undefined;
  if (typeof g.BroadcastChannel !== "function") return undefined;
  return { locks, BroadcastChannel: g.BroadcastChannel };
}

/** Throws a TypeError naming the option unless `crossTab` is one of its choices ("worker", the SharedWorker design, was measured and not kept: docs/live-notifications.md#a-frozen-tab). */
export function checkCrossTab(crossTab: unknown): void {
  const effects = crossTab as Partial<CrossTabEffects> | null;
  if (crossTab === true || crossTab === false || crossTab === "leader" || typeof effects?.BroadcastChannel === "function") return;
  throw new TypeError(
    `notifications: middleware option crossTab must be true, false, "leader" or { locks, BroadcastChannel }, got ${JSON.stringify(crossTab)}`
  );
}
