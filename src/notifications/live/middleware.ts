// live/: the live connection — its actions, the middleware and its parts, the backoff, the updater.
// This file: createNotificationsMiddleware, which only composes the parts. Each job is built in its
// own file and all of them share one LiveContext (types.ts, context.ts): session.ts keeps the socket and the
// reconnect timing, intake.ts turns messages into store updates, backfill.ts fetches what was missed
// after every open, and flag.ts raises and clears isNewNotification. cross-tab/ wraps the session
// so that only one tab per browser runs it, and relays list changes between the tabs;
// page-lifecycle.ts closes the connection on pagehide and opens it again on a back-forward restore,
// and tries again after maxRetries when the browser comes online or the tab becomes visible.
import type { Middleware } from "redux";
import { NotificationsActionType, type ConnectNotificationsPayload } from "../state/actions";
import type { NotificationsRootState } from "../types";
import { buildBackfillHandler } from "./backfill";
import { validateConnectPayload } from "./connection";
import { buildCrossTabHandler } from "./cross-tab/shared-session";
import { createLiveContext, setStatus } from "./context";
import { buildFlagHandler } from "./flag";
import { buildIntakeHandler } from "./intake";
import { buildPageLifecycleHandler } from "./page-lifecycle";
import { resolveLiveOptions } from "./options";
import { buildSessionHandler } from "./session";
import type { LiveStore, NotificationsMiddlewareOptions } from "./types";

/** Answered `true` by the middleware, so that the updater can tell it is installed. */
export const MIDDLEWARE_PROBE = "notifications/middlewareProbe";
/** Answered by the middleware: whether this store shares its socket with other tabs now (the updater then saves its timestamp less often). */
export const SHARING_PROBE = "notifications/sharing";

/**
 * The live connection as a Redux middleware: `connectNotifications(...)` opens (or switches) the
 * session and `disconnectNotifications()` ends it. Every option is optional; a bad one throws.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- redux's own type for "adds nothing to dispatch"
export function createNotificationsMiddleware(options: NotificationsMiddlewareOptions = {}): Middleware<{}, NotificationsRootState> {
  const resolved = resolveLiveOptions(options);
  return (api) => {
    const ctx = createLiveContext(api as unknown as LiveStore, resolved);
    const flag = buildFlagHandler(ctx);
    const intake = buildIntakeHandler(ctx, flag);
    const backfill = buildBackfillHandler(ctx, intake.ingest);
    const session = buildSessionHandler(ctx, { opened: backfill.start, received: (_s, data) => intake.receive(data), closed: backfill.stop });
    const crossTab = buildCrossTabHandler(ctx, {
      lead: (payload) => {
        if (!session.isCurrent(payload)) session.start(payload);
      },
      ingest: intake.ingestRelayed,
      retry: () => void session.revive(),
    });
    const page = buildPageLifecycleHandler(resolved.page, { hide: close, show: connect, retry });

    function connect(payload: ConnectNotificationsPayload): void {
      validateConnectPayload(payload);
      page.watch(payload);
      // The same connection again: a moment to try again, if it gave up after maxRetries.
      if (crossTab.isCurrent(payload) || session.isCurrent(payload)) return retry();
      // Whatever the old account's socket delivered but was not applied yet stays out of the store.
      if (session.end() !== undefined) intake.discard();
      crossTab.stop();
      if (!crossTab.start(payload)) session.start(payload);
    }

    /** After maxRetries: this store's session tries again, or (a follower) asks the leader to. */
    function retry(): void {
      if (!session.revive()) crossTab.retry();
    }

    function close(): void {
      // The socket closes before the lock goes, so that a tab taking over never overlaps with it; what it
      // delivered is applied and relayed first, so that the next leader's backfill announces none of it again.
      session.end();
      intake.flush();
      crossTab.stop();
      flag.clear();
      setStatus(ctx, ctx.status === "idle" ? "idle" : "closed");
    }

    return (next) => (action) => {
      const type = (action as { type?: unknown }).type;
      if (type === MIDDLEWARE_PROBE || type === SHARING_PROBE) return type === MIDDLEWARE_PROBE || crossTab.sharing();
      const before = api.getState().notifications;
      const ingest = type === NotificationsActionType.ingest;
      // Every ingest, whoever dispatched it, keeps the store within maxItems, and crosses to the other tabs before this tab applies (renders) it.
      if (ingest) crossTab.observe(action as { type?: unknown; payload?: unknown }, before);
      const result = next(ingest ? { maxItems: resolved.maxItems, ...(action as object) } : action);
      if (type === NotificationsActionType.connect) connect((action as { payload: ConnectNotificationsPayload }).payload);
      else if (type === NotificationsActionType.disconnect) {
        page.unwatch();
        close();
      } else if (!ingest) crossTab.observe(action as { type?: unknown; payload?: unknown }, before);
      return result;
    };
  };
}
