// One WebSocket per browser, not per tab (issue #16): several tabs of examples/browser on one
// account in headless Chromium, counted on the mock hedger's side. Each scenario gets its own
// browser context (its own Web Locks and BroadcastChannels), and tabs are reused across steps.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildBrowserExample } from "../../examples/browser/build";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import type { NotificationResponse } from "../../src/notifications";
import { sleep, until } from "../support/wait";
import { ensureChromium, launchChromium } from "./browser-helpers";

const ACCOUNT = "0x00000000000000000000000000000000000b0b02";
/** Scenarios 7 and 8 run on accounts of their own, so that nothing they emit reaches the others' fetches. */
const TOGETHER = "0x00000000000000000000000000000000000b0b07";
const NO_LOCKS = "0x00000000000000000000000000000000000b0b08";
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
const WAIT_MS = Number(process.env.BROWSER_WAIT_MS ?? 60_000);

/** A tab, and whether it has an open WebSocket right now (as Chromium reports it). */
interface Tab {
  page: Page;
  sockets: number;
  errors: string[];
}

const ids = (page: Page, list: "unread" | "read") =>
  page.$$eval(`[data-testid="${list}"] li[data-id]`, (items) => items.map((li) => (li as HTMLElement).dataset.id as string));

describe("examples/browser: one WebSocket for several tabs", function () {
  this.timeout(4 * WAIT_MS);

  let outDir: string;
  let hedger: MockHedger;
  let browser: Browser | undefined;

  before(async function () {
    this.timeout(20 * 60_000); // may install Chromium first
    const executablePath = ensureChromium();
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "browser-tabs-"));
    await buildBrowserExample(outDir);
    hedger = await startMockHedger({ port: 0, staticDir: outDir });
    browser = await launchChromium(executablePath, WAIT_MS);
  });

  after(async () => {
    await browser?.close();
    await hedger?.close();
    if (outDir !== undefined) fs.rmSync(outDir, { recursive: true, force: true });
  });

  async function openTab(context: BrowserContext, account = ACCOUNT): Promise<Tab> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    const tab: Tab = { page, sockets: 0, errors: [] };
    page.on("pageerror", (error) => tab.errors.push(error.message));
    page.on("websocket", (ws) => {
      tab.sockets += 1;
      ws.on("close", () => (tab.sockets -= 1));
    });
    await page.goto(`${hedger.origin}/?account=${account}&minDelayMs=100&maxDelayMs=500`);
    return tab;
  }

  const allOpen = (tabs: Tab[]) => Promise.all(tabs.map((t) => t.page.waitForSelector('[data-testid="status"][data-status="open"]')));
  const leaderLocks = async (page: Page) => {
    const snapshot = await page.evaluate(() => navigator.locks.query());
    const ours = (list: Array<{ name?: string }> | undefined) =>
      (list ?? []).filter((l) => l.name?.startsWith("multiaccount-kit/notifications:leader:")).length;
    return { held: ours(snapshot.held), pending: ours(snapshot.pending) };
  };
  /** Every tab shows exactly `want` (each once) in `list`. */
  async function showsEach(tabs: Tab[], list: "unread" | "read", want: string[]): Promise<void> {
    const sorted = [...want].sort();
    const shown = () => Promise.all(tabs.map(async (t) => (await ids(t.page, list)).sort()));
    try {
      await until(
        `${want.length} in ${list} of ${tabs.length} tabs`,
        async () => (await shown()).every((got) => JSON.stringify(got) === JSON.stringify(sorted)),
        WAIT_MS
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; wanted ${JSON.stringify(sorted)}, shown ${JSON.stringify(await shown())}`);
    }
  }
  const leaderOf = (tabs: Tab[]) => {
    const leaders = tabs.filter((t) => t.sockets > 0);
    expect(leaders, "tabs with a WebSocket").to.have.length(1);
    return leaders[0];
  };

  describe("three tabs on one account", () => {
    let context: BrowserContext;
    let tabs: Tab[];
    let connectionsBefore: number;
    const emitted: NotificationResponse[] = [];

    before(async () => {
      context = await browser!.newContext();
      connectionsBefore = hedger.connectionCount;
      tabs = [];
      for (let i = 0; i < 3; i++) tabs.push(await openTab(context));
    });
    after(() => context?.close());

    it("1) opens one WebSocket for three tabs, with one lock holder, and every tab shows it open", async () => {
      await allOpen(tabs);
      await until("one subscription", () => hedger.subscribers(ACCOUNT) === 1, WAIT_MS);
      await sleep(200);
      expect(hedger.connectionCount - connectionsBefore).to.equal(1);
      expect(hedger.subscribers(ACCOUNT)).to.equal(1);
      expect(await leaderLocks(tabs[2].page)).to.deep.equal({ held: 1, pending: 2 });
      leaderOf(tabs);
    });

    it("2) twenty notifications (singles and one batch) appear once in all three tabs", async () => {
      for (let i = 0; i < 15; i++) emitted.push(hedger.emit(ACCOUNT, VISIBLE));
      emitted.push(
        ...hedger.emitBatch(
          ACCOUNT,
          Array.from({ length: 5 }, () => VISIBLE)
        )
      );
      await showsEach(
        tabs,
        "unread",
        emitted.map((n) => n.id)
      );
    });

    it("3) one read in a follower, then all read in the leader: equal lists in all three", async () => {
      const leader = leaderOf(tabs);
      const follower = tabs.find((t) => t !== leader)!;
      const first = emitted[3].id;
      await follower.page.click(`[data-testid="unread"] li[data-id="${first}"] [data-testid="mark-as-read"]`);
      await showsEach(tabs, "read", [first]);
      await leader.page.click('[data-testid="mark-all-as-read"]');
      await showsEach(
        tabs,
        "read",
        emitted.map((n) => n.id)
      );
      await showsEach(tabs, "unread", []);
      const orders = await Promise.all(tabs.map((t) => ids(t.page, "read")));
      for (const order of orders) expect(order).to.deep.equal(orders[0]);
    });

    it("4) a fourth tab opened later shows them read, without a socket of its own", async () => {
      const late = await openTab(context);
      tabs.push(late);
      await showsEach(
        [late],
        "read",
        emitted.map((n) => n.id)
      );
      await showsEach([late], "unread", []);
      expect(late.sockets).to.equal(0);
      expect(hedger.subscribers(ACCOUNT)).to.equal(1);
    });

    async function handover(kind: string, stepDown: (leader: Tab) => Promise<void>) {
      const leader = leaderOf(tabs);
      const connections = hedger.connectionCount;
      await stepDown(leader);
      tabs.splice(tabs.indexOf(leader), 1);
      // Emitted while the old socket goes and the new leader connects: sent if someone listens, recorded always.
      const during: NotificationResponse[] = [];
      for (let i = 0; i < 5; i++) {
        during.push(hedger.emit(ACCOUNT, VISIBLE));
        await sleep(20);
      }
      await until(`a new leader after the ${kind}`, () => hedger.subscribers(ACCOUNT) === 1 && tabs.some((t) => t.sockets > 0), WAIT_MS);
      const after = hedger.emit(ACCOUNT, VISIBLE);
      await showsEach(
        tabs,
        "unread",
        [...during, after].map((n) => n.id)
      );
      await sleep(200);
      await showsEach(
        tabs,
        "unread",
        [...during, after].map((n) => n.id)
      );
      expect(hedger.subscribers(ACCOUNT), "one connection").to.equal(1);
      expect(hedger.connectionCount - connections, "one new connection").to.equal(1);
      leaderOf(tabs);
      // Clear unread for the next step, in a follower this time.
      await tabs.find((t) => t.sockets === 0)!.page.click('[data-testid="mark-all-as-read"]');
      await showsEach(tabs, "unread", []);
    }

    it("5a) the leader's tab closes: a follower takes over, and what was emitted meanwhile arrives once everywhere", async () => {
      await handover("close", (leader) => leader.page.close({ runBeforeUnload: true }));
    });

    it("5b) the leader's tab crashes (CDP Page.crash): the same", async () => {
      await handover("crash", async (leader) => {
        const cdp = await context.newCDPSession(leader.page);
        // The renderer dies before it can answer.
        cdp.send("Page.crash").catch(() => undefined);
        await until("the crashed tab's socket gone", () => hedger.subscribers(ACCOUNT) === 0 || tabs.filter((t) => t.sockets > 0).length !== 1, WAIT_MS);
      });
    });

    it("6) the hedger drops the connection: one reconnect, a gap-free backfill, one connection after", async () => {
      const connections = hedger.connectionCount;
      hedger.dropConnections();
      const missed = hedger.record(ACCOUNT, { ...VISIBLE, last_seen_action: "FillLimitOrderOpen" });
      await until("the new subscription", () => hedger.subscribers(ACCOUNT) === 1, WAIT_MS);
      await showsEach(tabs, "unread", [missed.id]);
      expect(hedger.connectionCount - connections).to.equal(1);
      for (const t of tabs) expect(t.errors, "uncaught errors in the page").to.deep.equal([]);
    });
  });

  it("7) three tabs opened at the same moment elect one leader", async () => {
    const context = await browser!.newContext();
    try {
      const connections = hedger.connectionCount;
      const tabs = await Promise.all([openTab(context, TOGETHER), openTab(context, TOGETHER), openTab(context, TOGETHER)]);
      await allOpen(tabs);
      await sleep(300);
      expect(hedger.connectionCount - connections).to.equal(1);
      expect(await leaderLocks(tabs[0].page)).to.deep.equal({ held: 1, pending: 2 });
    } finally {
      await context.close();
    }
  });

  it("8) without navigator.locks every tab keeps its own socket, and works", async () => {
    const context = await browser!.newContext();
    try {
      await context.addInitScript(() => {
        delete (Navigator.prototype as { locks?: unknown }).locks;
      });
      const connections = hedger.connectionCount;
      const tabs = [await openTab(context, NO_LOCKS), await openTab(context, NO_LOCKS), await openTab(context, NO_LOCKS)];
      await allOpen(tabs);
      await until("three subscriptions", () => hedger.subscribers(NO_LOCKS) === 3, WAIT_MS);
      expect(hedger.connectionCount - connections).to.equal(3);
      const n = hedger.emit(NO_LOCKS, VISIBLE);
      await showsEach(tabs, "unread", [n.id]);
    } finally {
      await context.close();
    }
  });
});
