// The onNewNotification effect: called once for each new notification, in the tab that owns the
// socket (the leader, or a store with its own socket), for what its socket and backfill bring. New:
// the store held nothing the item matches (same id, or same quote key) before the ingest, and the
// item is in unread after it. The lists are what every tab of the browser mirrors, so a replay (the
// backfill's overlap, a reconnect, a new leader's backfill) finds its match there; an item that
// arrives read, or a copy of a read one, never reaches unread (docs/cross-tab.md#one-os-notification-per-item).
import { findMatches, indexOfList, normalList } from "../lists/indexes";
import type { NotificationDetails } from "../types";
import type { LiveContext } from "./types";

const held = (list: NotificationDetails[], n: NotificationDetails) => findMatches(indexOfList(normalList(list)), n);

/**
 * Before an ingest of `batch` from this tab's own socket or backfill: what to call once it is
 * applied, or undefined without an `onNewNotification`.
 */
export function announceNew(ctx: LiveContext, batch: readonly NotificationDetails[]): (() => void) | undefined {
  const { onNewNotification: effect, logger } = ctx.options;
  if (effect === undefined) return undefined;
  const before = ctx.store.getState().notifications;
  const unknown = new Set(batch.filter((n) => held(before.unreadNotifications, n).length + held(before.readNotifications, n).length === 0));
  return () => {
    const { unreadNotifications } = ctx.store.getState().notifications;
    for (const n of unknown) {
      if (!held(unreadNotifications, n).includes(n)) continue;
      try {
        effect(n);
      } catch (error) {
        // The app's effect: whatever it throws, the items are in the store, and the next ones are announced.
        logger.error("notifications: onNewNotification threw", error);
      }
    }
  };
}
