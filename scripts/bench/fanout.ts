// Cross-tab fan-out benchmark: examples/browser in headless Chromium against the mock hedger on
// loopback. Time from the hedger's send to the last tab holding the item, with three tabs sharing
// one socket, against one tab alone measured in the same run (the baseline).
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

function percentile(sorted: number[], p: number): number {
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

/** Opens `tabs` tabs on a fresh account, sends NOTIFICATIONS, returns send -> last tab latencies. */
async function run(browser: Browser, hedger: MockHedger, tabs: number, account: string): Promise<{ latencies: number[]; connections: number }> {
  const context = await browser.newContext();
  const before = hedger.connectionCount;
  const pages: Page[] = [];
  for (let i = 0; i < tabs; i++) {
    const page = await context.newPage();
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
  await context.close();
  return { latencies, connections };
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
    const line = (r: { latencies: number[] }) => `p50 ${percentile(r.latencies, 50).toFixed(2)} ms, p99 ${percentile(r.latencies, 99).toFixed(2)} ms`;
    console.log(`\nCross-tab fan-out (examples/browser in headless Chromium, mock hedger on loopback)`);
    console.log(`  ${NOTIFICATIONS} notifications, one every ${GAP_MS} ms; latency = hedger send -> the item in the DOM of the last tab`);
    console.log(`  one tab (baseline):          ${line(single)}, ${single.connections} WebSocket connection`);
    console.log(`  three tabs, one socket:      ${line(three)}, ${three.connections} WebSocket connection(s)`);
    const ratio = percentile(three.latencies, 50) / percentile(single.latencies, 50);
    console.log(
      `  three tabs vs one tab at p50: ${ratio.toFixed(2)}× (the relay adds ${(percentile(three.latencies, 50) - percentile(single.latencies, 50)).toFixed(2)} ms)`
    );
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
