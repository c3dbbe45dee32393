// What a page of examples/browser records while a burst arrives, for the burst test in
// browser-tabs.test.ts and the Chromium part of scripts/bench/burst.ts: every task over 50 ms (a
// `longtask` PerformanceObserver), the animation frames, the store updates that changed the unread
// list, and how many times each notification entered that list. The example exposes its store as
// `window.notificationsStore`.
import type { Browser } from "playwright-core";
import type { TestTab } from "./browser";

/** Starts recording in the page. */
export const START_BURST_PROBE = `(() => {
  const store = window.notificationsStore;
  const probe = { entered: new Map(), longTasks: [], frames: 0, updates: 0, lastUpdate: 0, looking: 0 };
  window.burstProbe = probe;
  // Firefox has no longtask entries.
  probe.longTaskSupported = PerformanceObserver.supportedEntryTypes.includes("longtask");
  if (probe.longTaskSupported)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
  const frame = () => {
    probe.frames++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Notifications are compared as objects: a copy that enters again is a new object, counted again.
  // Each new list is looked through later, 2,000 items a task, so that the probe adds nothing to the
  // task that updated the store, and no long task of its own.
  const seen = new WeakSet();
  const look = (unread, from) => {
    const to = Math.min(unread.length, from + 2000);
    for (let i = from; i < to; i++) {
      const n = unread[i];
      if (seen.has(n)) continue;
      seen.add(n);
      probe.entered.set(n.id, (probe.entered.get(n.id) ?? 0) + 1);
    }
    if (to < unread.length) setTimeout(() => look(unread, to), 0);
    else probe.looking--;
  };
  let shown = store.getState().notifications.unreadNotifications;
  for (const n of shown) seen.add(n);
  probe.looking = 0;
  store.subscribe(() => {
    const unread = store.getState().notifications.unreadNotifications;
    if (unread === shown) return;
    shown = unread;
    probe.updates++;
    probe.lastUpdate = performance.timeOrigin + performance.now();
    probe.looking++;
    setTimeout(() => look(unread, 0), 0);
  });
})()`;

export interface BurstProbe {
  /** Of the ids `mock-<from>` to `mock-<to>`: how many entered the unread list exactly once, and which entered it more than once or never. */
  once: number;
  twice: string[];
  never: string[];
  /** The page's document.visibilityState when read: a hidden page applies a backlog in the next task, not per frame (frames.ts). */
  visibility: string;
  /** Whether the engine has `longtask` entries (Chromium does, Firefox not); `longTasks` is empty without. */
  longTaskSupported: boolean;
  longTasks: number[];
  frames: number;
  updates: number;
  /** Wall clock (ms since the epoch) of the last change of the unread list. */
  lastUpdate: number;
  unread: number;
  read: number;
  /** The unread list's first and last ids. */
  newest: string | null;
  oldest: string | null;
}

/** What the page recorded, for the ids `mock-<from>` to `mock-<to>`. */
export async function readBurstProbe(page: Pick<TestTab, "evaluate" | "waitFor">, from: number, to: number): Promise<BurstProbe> {
  await page.waitFor("the probe to look through every list", () => (window as unknown as { burstProbe: { looking: number } }).burstProbe.looking === 0);
  return page.evaluate(
    ({ from, to }) => {
      type N = { id: string };
      const w = window as unknown as {
        burstProbe: { entered: Map<string, number>; longTaskSupported: boolean; longTasks: number[]; frames: number; updates: number; lastUpdate: number };
        notificationsStore: { getState(): { notifications: { unreadNotifications: N[]; readNotifications: N[] } } };
      };
      const probe = w.burstProbe;
      let once = 0;
      const twice: string[] = [];
      const never: string[] = [];
      for (let i = from; i <= to; i++) {
        const count = probe.entered.get(`mock-${i}`) ?? 0;
        if (count === 1) once++;
        else (count === 0 ? never : twice).push(`mock-${i}`);
      }
      const { unreadNotifications: unread, readNotifications: read } = w.notificationsStore.getState().notifications;
      return {
        once,
        twice: twice.slice(0, 20),
        never: never.slice(0, 20),
        visibility: document.visibilityState,
        longTaskSupported: probe.longTaskSupported,
        longTasks: probe.longTasks,
        frames: probe.frames,
        updates: probe.updates,
        lastUpdate: probe.lastUpdate,
        unread: unread.length,
        read: read.length,
        newest: unread[0]?.id ?? null,
        oldest: unread[unread.length - 1]?.id ?? null,
      };
    },
    { from, to }
  );
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_file?: string; src_func?: string };
}

/** The tasks of the pages' main threads, from Chromium's own trace, as wall time and as thread (CPU) time. */
export interface MainThreadTasks {
  /**
   * The longest task, each task taken as the lesser of its wall time and its thread time. The wall
   * time (what a `longtask` observer measures) also counts the time the machine ran other processes,
   * which on a loaded machine is most of it; the thread time alone is what the task ran, but
   * Chromium's trace sometimes gives a task more thread time than wall time. A task longer than
   * 50 ms in both is long whatever the load.
   */
  longestMs: number;
  longestThreadMs: number;
  longestWallMs: number;
  /** Where the longest task (by the lesser measure) was posted from, as the trace names it, and in which renderer process. */
  longestPostedFrom: string;
  /** Tasks over 50 ms of wall time. */
  overFiftyWall: number;
}

/**
 * Records Chromium's trace (category `toplevel`: every task of every thread) while a burst runs,
 * keeping only the tasks of 2 ms or more and the thread names: the trace of a 50,000-message burst
 * is hundreds of megabytes whole. `stop()` gives the longest tasks of the renderers' main threads.
 */
export async function traceMainThreadTasks(browser: Browser): Promise<{ stop(): Promise<MainThreadTasks> }> {
  const cdp = await browser.newBrowserCDPSession();
  const kept: TraceEvent[] = [];
  // Playwright's CDPSession types only the protocol's events it knows of by name.
  (cdp as unknown as { on(event: string, listener: (params: { value: TraceEvent[] }) => void): void }).on("Tracing.dataCollected", ({ value }) => {
    for (const e of value) if (e.ph === "M" || ((e.dur ?? 0) >= 2_000 && e.name.endsWith("RunTask"))) kept.push(e);
  });
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["toplevel"] }, transferMode: "ReportEvents" });
  return {
    async stop() {
      const complete = new Promise((resolve) =>
        (cdp as unknown as { once(event: string, listener: () => void): void }).once("Tracing.tracingComplete", () => resolve(undefined))
      );
      await cdp.send("Tracing.end");
      await complete;
      await cdp.detach();
      const mains = new Set(kept.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}/${e.tid}`));
      const tasks = kept.filter((e) => e.ph === "X" && e.name.endsWith("RunTask") && mains.has(`${e.pid}/${e.tid}`));
      const ms = (us: number | undefined) => (us ?? 0) / 1000;
      const lesser = (e: TraceEvent) => Math.min(ms(e.dur), ms(e.tdur));
      const longest = tasks.reduce<TraceEvent | undefined>((a, e) => (a === undefined || lesser(e) > lesser(a) ? e : a), undefined);
      return {
        longestPostedFrom: longest === undefined ? "" : `${longest.args?.src_func ?? "?"} (${longest.args?.src_file ?? "?"}), renderer ${longest.pid}`,
        longestMs: Math.max(0, ...tasks.map(lesser)),
        longestThreadMs: Math.max(0, ...tasks.map((e) => ms(e.tdur))),
        longestWallMs: Math.max(0, ...tasks.map((e) => ms(e.dur))),
        overFiftyWall: tasks.filter((e) => ms(e.dur) > 50).length,
      };
    },
  };
}
