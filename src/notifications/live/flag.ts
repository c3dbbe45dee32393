// The middleware's part in the new-notification flag: raise it when a batch put a visible
// (showInModal) notification into unread (a replay changes nothing and raises nothing), and clear
// it on disconnect. The flag and its one timer per store belong to state/new-notification-flag.ts.
import { clearNewNotificationFlag, raiseNewNotificationFlag } from "../state/new-notification-flag";
import type { NotificationDetails } from "../types";
import type { LiveContext } from "./types";

export interface FlagHandler {
  /** After `batch` was ingested: raises the flag if a visible item changed the unread list. */
  noticeIngest(batch: readonly NotificationDetails[], unreadBefore: readonly NotificationDetails[]): void;
  clear(): void;
}

export function buildFlagHandler(ctx: LiveContext): FlagHandler {
  const { store, options } = ctx;
  return {
    noticeIngest(batch, unreadBefore) {
      const changed = store.getState().notifications.unreadNotifications !== unreadBefore;
      if (changed && batch.some((n) => n.showInModal)) raiseNewNotificationFlag(store, options.newNotificationFlagMs, options.timers);
    },
    clear: () => clearNewNotificationFlag(store),
  };
}
