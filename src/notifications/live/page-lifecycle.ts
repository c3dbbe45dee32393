// The page's life cycle: on pagehide the store closes its connection (the socket, the lock, the
// channel), so that a leader steps down at once and the page stays fit for the back-forward cache;
// on pageshow with `persisted` (restored from that cache) it connects again, and so resyncs: from
// its peers' lists as a follower, with a backfill as the leader or alone
// (docs/live-notifications.md#one-socket-per-browser).
import type { ConnectNotificationsPayload } from "../state/actions";

type PageListener = (event: { type: string; persisted?: boolean }) => void;

/** Where pagehide and pageshow arrive: the page's `window`. */
export interface PageEventTarget {
  addEventListener(type: "pagehide" | "pageshow", listener: PageListener): void;
  removeEventListener(type: "pagehide" | "pageshow", listener: PageListener): void;
}

export interface PageLifecycleHandler {
  /** The store connected for `payload`: close on pagehide, connect again on a restore. */
  watch(payload: ConnectNotificationsPayload): void;
  /** The app disconnected: a restored page stays disconnected. */
  unwatch(): void;
}

/** The global object when it has pagehide and pageshow to offer (a browser window); undefined in Node. */
export function globalPage(): PageEventTarget | undefined {
  const g = globalThis as Partial<PageEventTarget> & { document?: unknown };
  return typeof g.addEventListener === "function" && typeof g.removeEventListener === "function" && g.document !== undefined
    ? (g as PageEventTarget)
    : undefined;
}

/** `hide` closes the connection; `show` connects again for the payload that was connected. */
export function buildPageLifecycleHandler(
  page: PageEventTarget | undefined,
  hide: () => void,
  show: (payload: ConnectNotificationsPayload) => void
): PageLifecycleHandler {
  let payload: ConnectNotificationsPayload | undefined;
  let hidden = false;
  const onHide: PageListener = () => {
    if (payload === undefined || hidden) return;
    hidden = true;
    hide();
  };
  const onShow: PageListener = (event) => {
    if (payload === undefined || !hidden || event.persisted !== true) return;
    hidden = false;
    show(payload);
  };
  return {
    watch(next) {
      if (page === undefined) return;
      if (payload === undefined) {
        page.addEventListener("pagehide", onHide);
        page.addEventListener("pageshow", onShow);
      }
      payload = next;
      hidden = false;
    },
    unwatch() {
      if (page === undefined || payload === undefined) return;
      payload = undefined;
      hidden = false;
      page.removeEventListener("pagehide", onHide);
      page.removeEventListener("pageshow", onShow);
    },
  };
}
