// The page's life cycle: on pagehide the store closes its connection (the socket, the lock, the
// channel), so that a leader steps down at once and the page stays fit for the back-forward cache;
// on pageshow with `persisted` (restored from that cache) it connects again, and so resyncs: from
// its peers' lists as a follower, with a backfill as the leader or alone
// (docs/live-notifications.md#one-socket-per-browser). The browser coming back online, and the tab
// becoming visible, are the moments to try again after the session gave up (maxRetries): `retry`
// does nothing otherwise (docs/live-notifications.md#reconnect-and-backfill).
import type { ConnectNotificationsPayload } from "../state/actions";

type PageListener = (event: { type: string; persisted?: boolean }) => void;

/** Where visibilitychange arrives: the page's `document`, with its visibilityState. */
export interface PageDocument {
  readonly visibilityState?: string;
  addEventListener(type: "visibilitychange", listener: PageListener): void;
  removeEventListener(type: "visibilitychange", listener: PageListener): void;
}

/** Where pagehide, pageshow and online arrive: the page's `window`, and its `document`. */
export interface PageEventTarget {
  addEventListener(type: "pagehide" | "pageshow" | "online", listener: PageListener): void;
  removeEventListener(type: "pagehide" | "pageshow" | "online", listener: PageListener): void;
  /** Optional: without it, no visibilitychange is heard. */
  readonly document?: PageDocument;
}

export interface PageLifecycleHandler {
  /** The store connected for `payload`: close on pagehide, connect again on a restore, retry on online and on visible. */
  watch(payload: ConnectNotificationsPayload): void;
  /** The app disconnected: a restored page stays disconnected. */
  unwatch(): void;
}

/** What the page's events make the store do. */
export interface PageActions {
  /** pagehide: close the connection. */
  hide(): void;
  /** pageshow from the back-forward cache: connect again for the payload that was connected. */
  show(payload: ConnectNotificationsPayload): void;
  /** online, or the tab became visible: try again if the session gave up (and nothing otherwise). */
  retry(): void;
}

/** The global object when it has pagehide and pageshow to offer (a browser window); undefined in Node. */
export function globalPage(): PageEventTarget | undefined {
  const g = globalThis as Partial<PageEventTarget> & { document?: unknown };
  return typeof g.addEventListener === "function" && typeof g.removeEventListener === "function" && g.document !== undefined
    ? (g as PageEventTarget)
    : undefined;
}

export function buildPageLifecycleHandler(page: PageEventTarget | undefined, actions: PageActions): PageLifecycleHandler {
  let payload: ConnectNotificationsPayload | undefined;
  let hidden = false;
  // online, or visibilitychange to visible: a hidden tab waits until it is shown (a follower's moment reaches a hidden leader).
  const retry = () => {
    if (payload !== undefined && !hidden && page!.document?.visibilityState !== "hidden") actions.retry();
  };
  const listeners: Record<"pagehide" | "pageshow" | "online", PageListener> = {
    pagehide: () => {
      if (payload === undefined || hidden) return;
      hidden = true;
      actions.hide();
    },
    pageshow: (event) => {
      if (payload === undefined || !hidden || event.persisted !== true) return;
      hidden = false;
      actions.show(payload);
    },
    online: retry,
  };
  const listen = (method: "addEventListener" | "removeEventListener") => {
    for (const type of ["pagehide", "pageshow", "online"] as const) page![method](type, listeners[type]);
    page!.document?.[method]("visibilitychange", retry);
  };
  return {
    watch(next) {
      if (page === undefined) return;
      if (payload === undefined) listen("addEventListener");
      payload = next;
      hidden = false;
    },
    unwatch() {
      if (page === undefined || payload === undefined) return;
      payload = undefined;
      hidden = false;
      listen("removeEventListener");
    },
  };
}
