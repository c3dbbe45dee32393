// Timers that fire only when told to, for code that takes its timers as an effect.
import type { NotificationsTimers } from "../../src/notifications";

export interface ManualTimers {
  timers: NotificationsTimers;
  /** The timers set and not yet fired or cleared, by handle, with their delays. */
  pending: Map<number, { callback: () => void; ms: number }>;
  /** Fires every pending timer once (timers they set stay pending). */
  fireAll(): void;
}

export function manualTimers(): ManualTimers {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: NotificationsTimers = {
    setTimeout: (callback, ms) => {
      pending.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const fireAll = () => {
    const due = [...pending.values()];
    pending.clear();
    for (const t of due) t.callback();
  };
  return { timers, pending, fireAll };
}
