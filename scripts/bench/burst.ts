// Burst benchmark: a hedger replaying 50,000 notifications at once, one message each (after an
// outage), into a store.
// - Node: the middleware (one ingest per tick, within a frame budget, maxItems at its default)
//   against a baseline measured in the same run, a store fed one ingest per message with no cap.
//   The mock hedger runs in a child process, so that its sending is not counted as the client's.
// - Chromium: examples/browser in three tabs sharing one socket, against one tab alone.
// Each reports the burst's duration, the longest task, and the heap before and after.
// Run: npx ts-node --transpile-only scripts/bench/burst.ts
import { fork, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { monitorEventLoopDelay, performance } from "perf_hooks";
import { setFlagsFromString } from "v8";
import { runInNewContext } from "vm";
import WebSocket from "ws";
import { chromium, type Browser, type Page } from "playwright-core";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { buildBrowserExample } from "../../examples/browser/build";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import {
  connectNotifications,
  createNotificationsMiddleware,
  disconnectNotifications,
  ingestNotifications,
  notificationsReducer,
  parseNotificationResponses,
} from "../../src/notifications";
import { START_BURST_PROBE, readBurstProbe, traceMainThreadTasks } from "../../test/notifications/helpers/burst-probe";

const BURST = 50_000;
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const quiet = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** The mock hedger in a child process, on a port of its own. */
async function childHedger(): Promise<{ origin: string; socketUrl: string; stop(): void }> {
  const child: ChildProcess = fork(path.join(__dirname, "../../src/mock-hedger/cli.ts"), ["--port", "0"], {
    execArgv: ["-r", "ts-node/register/transpile-only"],
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const socketUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /WS {4}(ws:\/\/\S+)/.exec(out);
      if (found !== null) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`the mock hedger exited (${code}): ${out}`)));
  });
  const origin = socketUrl.replace(/^ws:/, "http:").replace(/\/ws\/.*$/, "");
  return { origin, socketUrl, stop: () => child.kill() };
}

interface Run {
  durationMs: number;
  longestMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  held: number;
  updates: number;
}

/** One client against the child hedger: `ours` through the middleware, else one ingest per message. */
async function nodeRun(ours: boolean, account: string): Promise<Run> {
  const hedger = await childHedger();
  const store = createStore(
    combineReducers({ notifications: notificationsReducer }),
    ours ? applyMiddleware(thunk, createNotificationsMiddleware({ WebSocket, logger: quiet, backfill: false })) : undefined
  );
  let updates = 0;
  store.subscribe(() => updates++);
  let socket: WebSocket | undefined;
  if (ours) {
    store.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account, whitelisted: true }) as never);
  } else {
    socket = new WebSocket(hedger.socketUrl);
    socket.on("message", (data) => store.dispatch(ingestNotifications(parseNotificationResponses(JSON.parse(data.toString()), quiet))));
  }
  const subscribed = async () => ((await (await fetch(`${hedger.origin}/__mock/state`, { method: "POST" })).json()) as { subscribers: number }).subscribers;
  if (socket !== undefined) await new Promise((resolve) => socket.once("open", resolve)).then(() => socket.send(JSON.stringify({ address: [account] })));
  while ((await subscribed()) !== 1) await sleep(10);
  const heapBeforeMb = heapMb();
  updates = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  const reply = (await (
    await fetch(`${hedger.origin}/__mock/burst`, { method: "POST", body: JSON.stringify({ account, count: BURST, notification: VISIBLE }) })
  ).json()) as { last: string };
  while (store.getState().notifications.unreadNotifications[0]?.id !== reply.last) await new Promise((resolve) => setImmediate(resolve));
  const durationMs = performance.now() - started;
  loop.disable();
  const heapAfterMb = heapMb();
  const held = store.getState().notifications.unreadNotifications.length;
  if (ours) store.dispatch(disconnectNotifications() as never);
  socket?.close();
  hedger.stop();
  return { durationMs, longestMs: loop.max / 1e6, heapBeforeMb, heapAfterMb, held, updates };
}

/** `tabs` tabs of examples/browser on a fresh account; the longest task as in the browser test. */
async function chromiumRun(browser: Browser, hedger: MockHedger, tabs: number, account: string): Promise<Run & { observedMs: number; postedFrom: string }> {
  const context = await browser.newContext();
  const pages: Page[] = [];
  for (let i = 0; i < tabs; i++) {
    const page = await context.newPage();
    await page.goto(`${hedger.origin}/?account=${account}`);
    pages.push(page);
  }
  await Promise.all(pages.map((p) => p.waitForSelector('[data-testid="status"][data-status="open"]')));
  while (hedger.subscribers(account) !== 1) await sleep(10);
  const cdps = await Promise.all(pages.map((p) => context.newCDPSession(p)));
  const heap = async () => {
    let total = 0;
    for (const cdp of cdps) {
      await cdp.send("HeapProfiler.collectGarbage");
      total += (await cdp.send("Runtime.getHeapUsage")).usedSize;
    }
    return total / 2 ** 20;
  };
  for (const page of pages) await page.evaluate(START_BURST_PROBE);
  const heapBeforeMb = await heap();
  const trace = await traceMainThreadTasks(browser);
  const started = Date.now();
  const sent = hedger.burst(account, BURST, VISIBLE);
  const last = sent[sent.length - 1].id;
  const newest = () => Promise.all(pages.map((p) => p.evaluate(() => document.querySelector('[data-testid="unread"] li[data-id]')?.getAttribute("data-id"))));
  while (!(await newest()).every((id) => id === last)) await sleep(100);
  const [from, to] = [sent[0], sent[sent.length - 1]].map((n) => Number(n.id.slice("mock-".length)));
  const probes = await Promise.all(
    pages.map((p) =>
      readBurstProbe(
        { evaluate: (fn, arg) => p.evaluate(fn, arg as never), waitFor: async (_what, fn, arg) => void (await p.waitForFunction(fn, arg as never)) },
        from,
        to
      )
    )
  );
  const durationMs = Math.max(...probes.map((p) => p.lastUpdate)) - started;
  const tasks = await trace.stop();
  const heapAfterMb = await heap();
  await context.close();
  return {
    durationMs,
    longestMs: tasks.longestMs,
    postedFrom: tasks.longestPostedFrom,
    observedMs: Math.max(0, ...probes.flatMap((p) => p.longTasks)),
    heapBeforeMb,
    heapAfterMb,
    held: probes[0].unread,
    updates: Math.max(...probes.map((p) => p.updates)),
  };
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

export async function benchBurst(): Promise<void> {
  const ours = await nodeRun(true, "0x00000000000000000000000000000000000e0001");
  const naive = await nodeRun(false, "0x00000000000000000000000000000000000e0002");
  console.log(`\nBurst (${BURST.toLocaleString("en-US")} messages at once from the mock hedger, in a child process)`);
  const line = (label: string, r: Run) =>
    console.log(
      `  ${label.padEnd(46)} ${r.durationMs.toFixed(0).padStart(6)} ms, longest block ${r.longestMs.toFixed(1)} ms, ` +
        `${r.updates} store updates, heap ${mb(r.heapBeforeMb)} -> ${mb(r.heapAfterMb)} (${r.held.toLocaleString("en-US")} held)`
    );
  line("Node, the middleware (maxItems 10,000):", ours);
  line("Node, baseline (one ingest per message, no cap):", naive);
  console.log(
    `  ours vs baseline: duration ${(ours.durationMs / naive.durationMs).toFixed(2)}x, longest block ${(ours.longestMs / naive.longestMs).toFixed(2)}x, ` +
      `heap growth ${((ours.heapAfterMb - ours.heapBeforeMb) / (naive.heapAfterMb - naive.heapBeforeMb)).toFixed(2)}x`
  );
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`  Chromium: skipped (no Chromium at ${CHROMIUM}; set CHROMIUM_PATH)`);
    return;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-burst-"));
  await buildBrowserExample(outDir);
  const hedger = await startMockHedger({ port: 0, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  try {
    const one = await chromiumRun(browser, hedger, 1, "0x00000000000000000000000000000000000e0003");
    const three = await chromiumRun(browser, hedger, 3, "0x00000000000000000000000000000000000e0004");
    const tabLine = (label: string, r: Run & { observedMs: number; postedFrom: string }) =>
      console.log(
        `  ${label.padEnd(46)} ${r.durationMs.toFixed(0).padStart(6)} ms, longest task ${r.longestMs.toFixed(1)} ms (${r.postedFrom}) ` +
          `(longtask observer, wall time: ${r.observedMs.toFixed(0)} ms), ${r.updates} store updates, heap of the tabs ${mb(r.heapBeforeMb)} -> ${mb(r.heapAfterMb)}`
      );
    tabLine("Chromium, one tab (baseline):", one);
    tabLine("Chromium, three tabs, one socket:", three);
    console.log(
      `  three tabs vs one: duration ${(three.durationMs / one.durationMs).toFixed(2)}x, longest task ${(three.longestMs / one.longestMs).toFixed(2)}x`
    );
    console.log("  longest task: the lesser of a task's wall and thread time in Chromium's trace (test/notifications/helpers/burst-probe.ts)");
  } finally {
    await browser.close();
    await hedger.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchBurst().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
