// Cross-tab fan-out benchmark: examples/browser in headless Chromium against the mock hedger on
// loopback. Time from the hedger's send to the last tab holding the item, with three tabs sharing
// one socket, against one tab alone measured in the same run (the baseline), and where that time
// goes: timestamps along the path (the leader's socket message, its relay posted, each follower's
// relay received, each tab's DOM).
//
// A browser shows one tab of a window; the others are background tabs, which run their scripts and
// update their DOM but paint nothing. Headless Chromium shows every page, and painting three pages
// on two cores took more time than the relay itself. So, as in a browser, one tab paints: the last
// one opened (a follower, the end of the relay's path); the others get a 16 by 16 pixel viewport.
// The run with all three painting is printed too.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildBrowserExample } from "../../examples/browser/build";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NOTIFICATIONS = 200;
const GAP_MS = 10;
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Records, in the page, when each notification first appears in the DOM (wall clock, sub-ms). */
const RECORD_ARRIVALS = `(() => {
  const seen = {};
  window.seen = seen;
  const list = document.querySelector('[data-testid="unread"]');
  new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    for (const li of list.querySelectorAll("li[data-id]")) if (seen[li.dataset.id] === undefined) seen[li.dataset.id] = at;
  }).observe(list, { childList: true });
})()`;

/**
 * Run before the page's scripts: stamps, per notification id, when the page's WebSocket got its
 * message (`socket`), when the page posted its relay (`relayed`) and when it received one
 * (`received`), on the same clock as RECORD_ARRIVALS. A listener added in the constructor runs
 * before the handler the middleware sets.
 */
const STAMP_PATH = `(() => {
  const stamps = {};
  window.pathStamps = stamps;
  const stamp = (id, what) => ((stamps[id] ??= {})[what] ??= performance.timeOrigin + performance.now());
  const ingested = (message) => (message?.action?.type === "notifications/ingest" ? message.action.payload : []);
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("message", (event) => {
        const found = /"id":"([^"]+)"/.exec(typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data));
        if (found !== null) stamp(found[1], "socket");
      });
    }
  };
  const NativeChannel = window.BroadcastChannel;
  window.BroadcastChannel = class extends NativeChannel {
    constructor(name) {
      super(name);
      this.addEventListener("message", (event) => { for (const n of ingested(event.data)) stamp(n.id, "received"); });
    }
    postMessage(message) {
      for (const n of ingested(message)) stamp(n.id, "relayed");
      super.postMessage(message);
    }
  };
})()`;

type Stamps = Record<string, { socket?: number; relayed?: number; received?: number }>;

/** Opens `tabs` tabs on a fresh account, sends NOTIFICATIONS, returns send -> last tab latencies. */
interface Run {
  latencies: number[];
  connections: number;
  /** Each stage's durations, in ms, over every item (and every follower). */
  stages: Map<string, number[]>;
}

/** The viewport of a tab that stands for a background tab: next to nothing to paint. */
const BACKGROUND_VIEWPORT = { width: 16, height: 16 };

/**
 * `init`: a script run before the page's own, after the stamps (the SharedWorker prototype's, in
 * shared-worker/). `allPaint`: every tab at the default viewport, as headless Chromium paints them.
 */
export async function run(browser: Browser, hedger: MockHedger, tabs: number, account: string, init?: string, allPaint = false): Promise<Run> {
  const context = await browser.newContext();
  await context.addInitScript({ content: STAMP_PATH });
  if (init !== undefined) await context.addInitScript({ content: init });
  const before = hedger.connectionCount;
  const pages: Page[] = [];
  for (let i = 0; i < tabs; i++) {
    const page = await context.newPage();
    if (!allPaint && i < tabs - 1) await page.setViewportSize(BACKGROUND_VIEWPORT);
    await page.goto(`${hedger.origin}/?account=${account}`);
    pages.push(page);
  }
  await Promise.all(pages.map((p) => p.waitForSelector('[data-testid="status"][data-status="open"]')));
  while (hedger.subscribers(account) !== 1) await sleep(10);
  await sleep(300); // the first backfill
  for (const page of pages) await page.evaluate(RECORD_ARRIVALS);
  const sentAt = new Map<string, number>();
  for (let i = 0; i < NOTIFICATIONS; i++) {
    const start = now();
    const sent = hedger.emit(account, VISIBLE);
    sentAt.set(sent.id, start);
    await sleep(GAP_MS);
  }
  const seenIn = async () => Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen)));
  let seen = await seenIn();
  while (seen.some((s) => Object.keys(s).length < NOTIFICATIONS)) {
    await sleep(50);
    seen = await seenIn();
  }
  const latencies = [...sentAt].map(([id, at]) => Math.max(...seen.map((s) => s[id])) - at).sort((a, b) => a - b);
  const connections = hedger.connectionCount - before;
  const stamps: Stamps[] = await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { pathStamps: Stamps }).pathStamps)));
  await context.close();
  return { latencies, connections, stages: stagesOf(sentAt, seen, stamps) };
}

/** The path's stages, per item: the leader is the tab whose socket got the messages. */
function stagesOf(sentAt: Map<string, number>, seen: Array<Record<string, number>>, stamps: Stamps[]): Map<string, number[]> {
  const leader = stamps.findIndex((s) => Object.values(s).some((x) => x.socket !== undefined));
  const stages = new Map<string, number[]>();
  // No tab's socket: a SharedWorker's (shared-worker/).
  if (leader < 0) return stages;
  const add = (stage: string, ms: number | undefined) => {
    if (ms !== undefined && Number.isFinite(ms)) stages.set(stage, [...(stages.get(stage) ?? []), ms]);
  };
  for (const [id, sent] of sentAt) {
    const at = stamps[leader][id] ?? {};
    add("send", at.socket! - sent);
    add("leaderRelays", at.relayed! - at.socket!);
    add("leaderShows", seen[leader][id] - at.socket!);
    add("lastShows", Math.max(...seen.map((tab) => tab[id])) - at.socket!);
    for (const [k, peer] of stamps.entries()) {
      if (k === leader) continue;
      add("hop", (peer[id]?.received ?? NaN) - at.relayed!);
      add("followerShows", seen[k][id] - (peer[id]?.received ?? NaN));
    }
  }
  for (const list of stages.values()) list.sort((a, b) => a - b);
  return stages;
}

/** The table of where the time goes, for one tab and three. */
function printStages(single: Run, three: Run): void {
  const cell = (r: Run, stage: string) => {
    const list = r.stages.get(stage);
    return list === undefined ? "—" : `${percentile(list, 50).toFixed(2)} / ${percentile(list, 99).toFixed(2)}`;
  };
  const rows: Array<[string, string]> = [
    ["send", "hedger send -> the leader's socket message"],
    ["leaderRelays", "socket message -> the leader posts the relay (next task, parse)"],
    ["leaderShows", "socket message -> in the leader's DOM (parse, reducer, render)"],
    ["hop", "relay posted -> a follower receives it (BroadcastChannel, each follower)"],
    ["followerShows", "relay received -> in the follower's DOM (check, reducer, render)"],
    ["lastShows", "socket message -> in the DOM of the last tab"],
  ];
  console.log(`  where the time goes, p50 / p99 ms:          one tab        three tabs`);
  for (const [stage, what] of rows) console.log(`    ${what.padEnd(72)} ${cell(single, stage).padEnd(14)} ${cell(three, stage)}`);
  // The hedger's side (send -> socket message) moves with the machine's load, the same for any number of tabs.
  const added = percentile(three.stages.get("lastShows")!, 50) - percentile(single.stages.get("lastShows")!, 50);
  console.log(`  from the leader's socket message on, the relay adds ${added.toFixed(2)} ms at p50`);
}

export async function benchFanout(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`\nCross-tab fan-out: skipped (no Chromium at ${CHROMIUM}; set CHROMIUM_PATH)`);
    return;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-fanout-"));
  await buildBrowserExample(outDir);
  const hedger = await startMockHedger({ port: 0, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  try {
    const single = await run(browser, hedger, 1, "0x00000000000000000000000000000000000f0001");
    const three = await run(browser, hedger, 3, "0x00000000000000000000000000000000000f0003");
    const allPainting = await run(browser, hedger, 3, "0x00000000000000000000000000000000000f0004", undefined, true);
    const line = (r: { latencies: number[] }) => `p50 ${percentile(r.latencies, 50).toFixed(2)} ms, p99 ${percentile(r.latencies, 99).toFixed(2)} ms`;
    console.log(`\nCross-tab fan-out (examples/browser in headless Chromium, mock hedger on loopback)`);
    console.log(`  ${NOTIFICATIONS} notifications, one every ${GAP_MS} ms; latency = hedger send -> the item in the DOM of the last tab`);
    console.log(`  one tab (baseline):          ${line(single)}, ${single.connections} WebSocket connection`);
    console.log(`  three tabs, one socket:      ${line(three)}, ${three.connections} WebSocket connection(s); one tab paints, as in a browser`);
    console.log(`  the same, all three painting: ${line(allPainting)} (headless Chromium paints every page)`);
    const ratio = percentile(three.latencies, 50) / percentile(single.latencies, 50);
    console.log(
      `  three tabs vs one tab at p50: ${ratio.toFixed(2)}× (the relay adds ${(percentile(three.latencies, 50) - percentile(single.latencies, 50)).toFixed(2)} ms); ` +
        `at p99: ${(percentile(three.latencies, 99) / percentile(single.latencies, 99)).toFixed(2)}×`
    );
    printStages(single, three);
  } finally {
    await browser.close();
    await hedger.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchFanout().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
