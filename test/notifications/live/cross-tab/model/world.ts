// The real side of the model-based test (docs/live-notifications.md#the-model-based-test): real
// stores (our reducer and middleware) as tabs of one fake origin, each on a FakeTabRuntime that can
// freeze or crash it, and a real mock hedger over real HTTP and `ws`. The socket each tab opens is
// wrapped in a Wire, which can deliver each frame twice or hold frames and release them in reverse;
// the REST answers pass through Rest, which can hold them back so that a backfill lands late.
import WebSocket from "ws";
import { connectNotifications, type NotificationDetails, type WebSocketConstructor, type WebSocketLike } from "../../../../../src/notifications";
import type { FetchLike, NotificationsTimers } from "../../../../../src/notifications/effects";
import type { MockHedger } from "../../../../../src/mock-hedger";
import { FakePage, FakeTabRuntime, fakeOrigin, tabEffects } from "../../../../support/cross-tab-fakes";
import { until } from "../../../../support/wait";
import { liveStore } from "../../../helpers/live";

/** The hedger's side of every tab's socket: duplicates, or holds frames to release them in reverse. */
export class Wire {
  duplicate = false;
  /** Frames that reached a socket (held ones included; a duplicate counts once). */
  received = 0;
  private held: Array<() => void> | undefined;

  deliver(frame: () => void): void {
    this.received += 1;
    const copies = this.duplicate ? [frame, frame] : [frame];
    if (this.held !== undefined) this.held.push(...copies);
    else for (const copy of copies) copy();
  }
  hold(): void {
    this.held ??= [];
  }
  /** Delivers the held frames, last first. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const frame of held.reverse()) frame();
  }
}

/** A `ws` socket seen by the tab only through its runtime (frozen: queued; crashed: never), and through the wire. */
function tabWebSocket(tab: FakeTabRuntime, wire: Wire): WebSocketConstructor {
  return class TabSocket implements WebSocketLike {
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    private readonly ws: WebSocket;
    constructor(url: string) {
      const ws = (this.ws = new WebSocket(url));
      tab.sockets.add(ws);
      ws.onopen = () => tab.run(() => this.onopen?.({}));
      ws.onmessage = (event) => wire.deliver(() => tab.run(() => this.onmessage?.({ data: event.data })));
      ws.onerror = () => tab.run(() => this.onerror?.({}));
      ws.onclose = (event) => {
        tab.sockets.delete(ws);
        tab.run(() => this.onclose?.({ code: event.code }));
      };
    }
    get readyState(): number {
      return this.ws.readyState;
    }
    send(data: string): void {
      this.ws.send(data);
    }
    close(): void {
      this.ws.close();
    }
  };
}

/** Timers that fire through the tab's runtime; a cleared one never runs, even if it was queued. */
function tabTimers(tab: FakeTabRuntime): NotificationsTimers {
  interface Handle {
    cleared: boolean;
    soon: number;
    timer?: ReturnType<typeof setTimeout>;
  }
  return {
    setTimeout: (callback, ms) => {
      // A timer due at once (the intake's batch) is work under way; a backoff's delay is not.
      const soon = ms <= 0 ? 1 : 0;
      const handle: Handle = { cleared: false, soon };
      tab.busy += soon;
      handle.timer = setTimeout(() => {
        tab.busy -= handle.soon;
        handle.soon = 0;
        tab.run(() => handle.cleared || callback());
      }, ms);
      return handle;
    },
    clearTimeout: (handle) => {
      if (handle === undefined) return;
      const h = handle as Handle;
      h.cleared = true;
      clearTimeout(h.timer);
      tab.busy -= h.soon;
      h.soon = 0;
    },
  };
}

/** REST answers held back while `holding`, to reach their tab late (after live frames), in order. */
export class Rest {
  private held: Array<() => void> | undefined;
  hold(): void {
    this.held ??= [];
  }
  /** Lets `answer` through now, or once released. */
  pass(answer: () => void): void {
    if (this.held !== undefined) this.held.push(answer);
    else answer();
  }
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const answer of held) answer();
  }
}

/** Node's fetch, with the whole answer handed to the tab through its runtime (and held back by `rest` when it holds). */
function tabFetch(tab: FakeTabRuntime, rest: Rest): FetchLike {
  return async (input, init) => {
    let outcome: { answer: Response } | { error: Error };
    tab.busy += 1;
    try {
      const response = await fetch(input, init);
      outcome = { answer: new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers }) };
    } catch (error) {
      outcome = { error: error as Error };
    } finally {
      tab.busy -= 1;
    }
    return new Promise<Response>((resolve, reject) => rest.pass(() => tab.run(() => ("answer" in outcome ? resolve(outcome.answer) : reject(outcome.error)))));
  };
}

export type RealTab = ReturnType<typeof liveStore> & { key: number; runtime: FakeTabRuntime; page: FakePage; frozenWithEvent?: boolean };

/** Whether the tab's lists hold the notification `id`. */
export const holds = (t: RealTab, id: string): boolean =>
  t.state().unreadNotifications.some((n) => n.id === id) || t.state().readNotifications.some((n) => n.id === id);

/** One sequence's world: a fresh origin and account, on the hedger shared by the sequences of a run. */
export class World {
  readonly origin = fakeOrigin();
  readonly wire = new Wire();
  readonly rest = new Rest();
  readonly tabs = new Map<number, RealTab>();
  /** How many times each notification was announced (onNewNotification), in every tab of this world. */
  readonly announced = new Map<string, number>();
  /** Announcements against the rules: by a tab without the leader's lock, or of an item a running peer held. */
  readonly announceProblems: string[] = [];
  /**
   * Tabs back from a freeze with its event whose hello (with their lists) may not have reached the
   * leader yet: until the tabs settle, the leader may announce what one of them holds, a race no
   * design without one owner of the lists avoids (docs/live-notifications.md#a-frozen-tab).
   */
  private readonly rejoining = new Set<number>();

  constructor(
    readonly hedger: MockHedger,
    readonly account: string
  ) {}

  open(key: number): RealTab {
    const runtime = new FakeTabRuntime();
    const page = new FakePage();
    const store = liveStore({
      WebSocket: tabWebSocket(runtime, this.wire),
      crossTab: tabEffects(this.origin, runtime),
      timers: tabTimers(runtime),
      fetch: tabFetch(runtime, this.rest),
      page,
      newNotificationFlagMs: 0,
      // A crashed or closed tab's page runs nothing in a browser; here a fetch answer handed to it
      // before the crash can still finish its promise chain (the body read, the ingest) after it.
      onNewNotification: (n) => runtime.crashed || this.announce(key, n),
    });
    const tab: RealTab = { ...store, key, runtime, page };
    this.tabs.set(key, tab);
    tab.dispatch(
      connectNotifications({ socketUrl: this.hedger.socketUrl, account: this.account, whitelisted: true, baseUrl: this.hedger.baseUrl, appName: "model-test" })
    );
    return tab;
  }

  /**
   * An announcement: only the leader makes one, and never of an item a running peer holds (that
   * peer's lists reached the leader before it could backfill the item: hello, relay, or both).
   */
  private announce(key: number, n: NotificationDetails): void {
    // A tab that crashed (or closed) runs nothing in a browser; here a promise it awaited may still
    // continue (a REST answer handed over just before the crash), and what it calls is not the browser's.
    if (!this.tabs.has(key)) return;
    const id = n.id as string;
    if (this.tabs.get(key)?.runtime.holding !== 1) this.announceProblems.push(`tab ${key} announced ${id} without the leader's lock`);
    const peers = [...this.tabs.values()].filter((t) => t.key !== key && !t.runtime.frozen && !this.rejoining.has(t.key) && holds(t, id)).map((t) => t.key);
    if (peers.length > 0) this.announceProblems.push(`tab ${key} announced ${id}, which running tab(s) ${peers.join(", ")} held`);
    this.announced.set(id, (this.announced.get(id) ?? 0) + 1);
  }

  tab(key: number): RealTab {
    const tab = this.tabs.get(key);
    if (tab === undefined) throw new Error(`no tab ${key}`);
    return tab;
  }

  /** The user closes the tab: pagehide, then nothing more runs in it. */
  close(key: number): void {
    const tab = this.tab(key);
    tab.page.hide(false);
    tab.runtime.crash();
    this.tabs.delete(key);
  }

  /** The tab's process dies: no pagehide, no close frame; the browser releases its locks and channels. */
  crash(key: number): void {
    this.tab(key).runtime.crash();
    this.tabs.delete(key);
  }

  /**
   * The tab's page is frozen; `withEvent`: as Chromium does it, its freeze event first, and the
   * microtasks that event leaves (a lock released), then nothing more runs in it.
   */
  async freeze(key: number, withEvent: boolean): Promise<void> {
    const tab = this.tab(key);
    if (withEvent) {
      tab.page.document.dispatchEvent(new Event("freeze"));
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    tab.runtime.freeze();
    tab.frozenWithEvent = withEvent;
  }

  /** The tab runs again: what it queued, then (after a freeze with its event) its resume event. */
  resume(key: number): void {
    const tab = this.tab(key);
    tab.runtime.resume();
    if (tab.frozenWithEvent) this.rejoining.add(key);
    if (tab.frozenWithEvent) tab.page.document.dispatchEvent(new Event("resume"));
    tab.frozenWithEvent = false;
  }

  /** The tab that holds the leader's lock, if any. */
  leader(): RealTab | undefined {
    return [...this.tabs.values()].find((t) => t.runtime.holding > 0);
  }

  /**
   * Nothing under way between the tabs: every channel message delivered, every running tab's queue
   * empty, no fetch or batch of theirs pending, no socket of a closed or crashed tab still counted
   * by the hedger, and a running leader subscribed.
   */
  async settle(what: string): Promise<void> {
    const tabs = [...this.tabs.values()];
    const open = () => tabs.reduce((n, t) => n + [...t.runtime.sockets].filter((s) => (s as WebSocket).readyState === WebSocket.OPEN).length, 0);
    const quiet = () =>
      this.origin.channels.inFlight() === 0 &&
      tabs.every((t) => t.runtime.frozen || (t.runtime.queued === 0 && t.runtime.busy === 0)) &&
      this.hedger.subscribers(this.account) <= open() &&
      // Some tab holds the lock while one runs (a tab frozen with its event let it go: the next one's grant comes in a later turn).
      (this.leader() !== undefined || tabs.every((t) => t.runtime.frozen)) &&
      // A running leader has subscribed (after a drop or a restart: again).
      (this.leader()?.runtime.frozen !== false || this.hedger.subscribers(this.account) > 0);
    await until(`${what}: the tabs quiet`, quiet);
    this.rejoining.clear();
  }

  /** Every frame sent so far reached a socket (frozen tabs included: the frame waits at the tab). */
  async framesArrived(expected: number): Promise<void> {
    await until(`${expected} frames on the wire`, () => this.wire.received >= expected);
  }

  dispose(): void {
    for (const key of [...this.tabs.keys()]) this.close(key);
    this.wire.release();
    this.rest.release();
  }
}
