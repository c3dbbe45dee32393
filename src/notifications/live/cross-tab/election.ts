// Leader election with Web Locks: the tab granted the lock leads until its AbortSignal fires. The
// lock is held on that signal, never on a promise that cannot settle, so a tab steps down on
// disconnect, account switch or pagehide; a closed or crashed tab's lock is released by the browser.
// No timers and no heartbeats.
import type { LockManagerLike } from "../types";

/**
 * Waits for the lock `name` and calls `onLeader` once it is granted; holds it until `signal` aborts.
 * Before the grant, aborting withdraws the request. `onLeader` is never called after the abort.
 */
export function holdLeadership(locks: LockManagerLike, name: string, signal: AbortSignal, onLeader: () => void, onError: (error: Error) => void): void {
  if (signal.aborted) return;
  const held = (): Promise<void> => {
    if (signal.aborted) return Promise.resolve();
    onLeader();
    return new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
    });
  };
  locks.request(name, { signal }, held).catch((error: Error) => {
    // Aborting a request that waits rejects it with an AbortError: that is stepping down, not a failure.
    if (!signal.aborted) onError(error);
  });
}
