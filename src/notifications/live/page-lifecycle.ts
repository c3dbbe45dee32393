// The page's life cycle: on pagehide the store closes its connection (the socket, the lock, the
// channel), so that a leader steps down at once and the page stays fit for the back-forward cache;
// on pageshow with `persisted` (restored from that cache) it connects again, and so resyncs: from
// its peers' lists as a follower, with a backfill as the leader or alone
// (docs/live-notifications.md#one-socket-per-browser). The browser coming back online, and the tab
// becoming visible, are the moments to try again after the session gave up (maxRetries): `retry`
// does nothing otherwise (docs/live-notifications.md#reconnect-and-backfill). A page about to be
// frozen (Chromium's `freeze`) closes the same way, so that a frozen tab never holds or waits for
// the leader's lock and keeps no socket, and connects again on `resume`
// (docs/live-notifications.md#a-frozen-tab).
import type { ConnectNotificationsPayload } from "../state/actions";

type PageListener = (event: { type: string; persisted?: boolean }) => void;

type DocumentEvent = "visibilitychange" | "freeze" | "resume";

/** Where visibilitychange, freeze and resume arrive: the page's `document`, with its visibilityState. */
export interface PageDocument {
  readonly visibilityState?: string;
  addEventListener(type: DocumentEvent, listener: PageListener): void;
  removeEventListener(type: DocumentEvent, listener: PageListener): void;
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
  /** pagehide, or freeze: close the connection. */
  hide(): void;
  /** pageshow from the back-forward cache, or resume after a freeze: connect again for the payload that was connected. */
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
  /** Closed by a freeze (not a pagehide): `resume` connects again. */
  let frozen = false;
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
  // Chromium fires freeze on a hidden page before it stops running its tasks, and resume when it runs them again.
  const freeze: PageListener = () => {
    if (payload === undefined || hidden) return;
    hidden = frozen = true;
    actions.hide();
  };
  const resume: PageListener = () => {
    if (payload === undefined || !frozen) return;
    hidden = frozen = false;
    actions.show(payload);
  };
  const listen = (method: "addEventListener" | "removeEventListener") => {
    for (const type of ["pagehide", "pageshow", "online"] as const) page![method](type, listeners[type]);
    page!.document?.[method]("visibilitychange", retry);
    page!.document?.[method]("freeze", freeze);
    page!.document?.[method]("resume", resume);
  };
  return {
    watch(next) {
      if (page === undefined) return;
      if (payload === undefined) listen("addEventListener");
      payload = next;
      hidden = frozen = false;
    },
    unwatch() {
      if (page === undefined || payload === undefined) return;
      payload = undefined;
      hidden = frozen = false;
      listen("removeEventListener");
    },
  };
}
