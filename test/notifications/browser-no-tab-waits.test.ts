// Issue #28 §1, no tab waits on another: three tabs of examples/browser on one account, in a context
// that keeps the page life cycle (a tab behind another is hidden, and in Chromium can be frozen),
// once per engine. Whatever the leader's tab does (hidden, frozen, closed), every other tab shows each
// notification within 1 s of the hedger sending it, once, and the browser shows one system
// notification per item. Timed from just before `hedger.emit` (Node's clock) to the row's insertion
// into the tab's DOM (the page's clock: the same host). Where Firefox cannot do what the test does
// in Chromium (freeze a tab), the step is skipped and the test's title says why.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildBrowserExample } from "../../examples/browser/build";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import { until } from "../support/wait";
import { launchLifecycleContext, testedEngines, untilLeaderSocketGone, type TestContext, type TestTab, grantNotificationsPermission } from "./helpers/browser";

const ACCOUNT = "0x00000000000000000000000000000000000b0b1a";
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
const WAIT_MS = Number(process.env.BROWSER_WAIT_MS ?? 60_000);
/** The outcome the issue asks for: each notification shown within this long of the hedger sending it. */
const WITHIN_MS = 1_000;
const COUNT = 20;

interface Seen {
  /** When each id's row first appeared in the unread list (epoch ms). */
  first: Record<string, number>;
  /** Tags of the system notifications this tab showed. */
  tags: string[];
  lifecycle: string[];
  sockets: number;
}

/**
 * Run before the page's scripts: counts its open WebSockets, records when each unread row is
 * inserted, stands in for the system notification API (granted) and records the page's freeze and
 * resume events.
 */
function instrument(): void {
  const w = window as unknown as { seen: Seen };
  const seen: Seen = { first: {}, tags: [], lifecycle: [], sockets: 0 };
  w.seen = seen;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      seen.sockets++;
      this.addEventListener("close", () => seen.sockets--);
    }
  };
  class Recorded {
    static readonly permission = "granted";
    static requestPermission = () => Promise.resolve("granted");
    constructor(_title: string, options?: { tag?: string }) {
      seen.tags.push(options?.tag ?? "");
    }
  }
  Object.defineProperty(window, "Notification", { value: Recorded, configurable: true, writable: true });
  document.addEventListener("freeze", () => seen.lifecycle.push("freeze"));
  document.addEventListener("resume", () => seen.lifecycle.push("resume"));
  new MutationObserver((records) => {
    const at = Date.now();
    for (const record of records)
      for (const node of Array.from(record.addedNodes)) {
        const id = node instanceof HTMLElement && node.matches('[data-testid="unread"] li[data-id]') ? node.dataset.id : undefined;
        if (id === undefined) continue;
        seen.first[id] ??= at;
      }
  }).observe(document, { childList: true, subtree: true });
}

const seenBy = (page: TestTab) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
/** The ids of the rows a tab shows, unread and read, sorted: an id twice is a duplicate. */
const rows = (page: TestTab) => page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>("li[data-id]"), (li) => li.dataset.id!).sort());

describe("examples/browser: no tab waits on another (issue #28 §1)", function () {
  let outDir: string;

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "browser-no-tab-waits-"));
    await buildBrowserExample(outDir);
  });
  after(() => {
    if (outDir !== undefined) fs.rmSync(outDir, { recursive: true, force: true });
  });

  for (const engine of testedEngines()) {
    describe(`in ${engine.title}`, function () {
      let hedger: MockHedger;
      let context: TestContext | undefined;

      before(async function () {
        this.timeout(20 * 60_000); // may install the browser first
        hedger = await startMockHedger({ port: 0, staticDir: outDir });
        // One browser per engine, and in Chromium only the one that keeps the page life cycle.
        const launched = await launchLifecycleContext(engine, WAIT_MS);
        context = launched.context;
        console.log(`    (${launched.version})`);
        context.addInitScript(instrument);
        context.addInitScript(grantNotificationsPermission);
      });
      after(async () => {
        await context?.close();
        await hedger?.close();
      });

      /** Emits `COUNT` notifications, one after another, and returns each id with the moment just before it was sent. */
      function emitAll(): Array<{ id: string; at: number }> {
        const sent: Array<{ id: string; at: number }> = [];
        for (let i = 0; i < COUNT; i++) {
          const at = Date.now();
          sent.push({ id: hedger.emit(ACCOUNT, VISIBLE).id, at });
        }
        return sent;
      }

      /** Every tab of `tabs` shows every id of `sent` within WITHIN_MS of its sending, and then shows each id once. */
      async function shownInTime(tabs: TestTab[], sent: Array<{ id: string; at: number }>, when: string): Promise<void> {
        await until(
          `${sent.length} items in ${tabs.length} tabs (${when})`,
          async () => {
            const all = await Promise.all(tabs.map(seenBy));
            return all.every((s) => sent.every((n) => s.first[n.id] !== undefined));
          },
          WAIT_MS
        );
        for (const [i, s] of (await Promise.all(tabs.map(seenBy))).entries()) {
          const late = sent.map((n) => ({ id: n.id, ms: s.first[n.id] - n.at })).filter((n) => n.ms > WITHIN_MS);
          expect(late, `tab ${i}: shown more than ${WITHIN_MS} ms after the hedger sent it (${when})`).to.deep.equal([]);
        }
        await eachOnce(tabs, when);
        const worst = Math.max(...(await Promise.all(tabs.map(seenBy))).flatMap((s) => sent.map((n) => s.first[n.id] - n.at)));
        console.log(`      ${when}: the slowest of ${sent.length} shown after ${worst} ms`);
      }

      /** Every tab shows each id once at most. */
      async function eachOnce(tabs: TestTab[], when: string): Promise<void> {
        for (const [i, ids] of (await Promise.all(tabs.map(rows))).entries())
          expect(
            ids.filter((id, j) => ids[j - 1] === id),
            `tab ${i}: rows shown twice (${when})`
          ).to.deep.equal([]);
      }

      /** One system notification per id across `tabs` and the gone tabs' tags, for every id emitted. */
      async function oneSystemNotificationEach(tabs: TestTab[], gone: string[], ids: string[]): Promise<void> {
        const tags = [...gone, ...(await Promise.all(tabs.map(seenBy))).flatMap((s) => s.tags)];
        expect([...tags].sort(), "one system notification per item, tagged with its id").to.deep.equal([...ids].sort());
      }

      const leaderOf = async (tabs: TestTab[]) => {
        const counts = await Promise.all(tabs.map(async (t) => (await seenBy(t)).sockets));
        expect(
          counts.filter((n) => n > 0),
          "one tab has one WebSocket"
        ).to.deep.equal([1]);
        return tabs[counts.findIndex((n) => n > 0)];
      };

      const title =
        engine.canFreeze === true
          ? "the leader hidden, then frozen (CDP Page.setWebLifecycleState), then closed: each notification reaches the other tabs within 1 s, once; after resume nothing is duplicated and the hedger sees one subscriber"
          : `the leader hidden, then closed: each notification reaches the other tabs within 1 s, once (the frozen step is skipped in ${engine.title}: ${engine.canFreeze})`;
      it(title, async () => {
        const tabs: TestTab[] = [];
        for (let i = 0; i < 3; i++) {
          const page = await context!.newTab();
          await page.goto(`${hedger.origin}/?account=${ACCOUNT}&minDelayMs=100&maxDelayMs=500`);
          tabs.push(page);
        }
        await until("one subscription", () => hedger.subscribers(ACCOUNT) === 1, WAIT_MS);
        const first = await leaderOf(tabs);
        expect(first, "the first tab leads").to.equal(tabs[0]);
        // Tabs opened after it cover it: the leader is hidden.
        expect(await first.evaluate(() => document.visibilityState)).to.equal("hidden");
        const ids: string[] = [];

        const hiddenLeader = emitAll();
        ids.push(...hiddenLeader.map((n) => n.id));
        await shownInTime(tabs.slice(1), hiddenLeader, "the leader hidden");

        const gone: string[] = [];
        let leader = first;
        if (engine.canFreeze === true) {
          await first.setFrozen!(true);
          const frozen = emitAll();
          ids.push(...frozen.map((n) => n.id));
          await shownInTime(tabs.slice(1), frozen, "the leader frozen");
          expect(hedger.subscribers(ACCOUNT), "one subscriber while it is frozen").to.equal(1);
          await first.setFrozen!(false);
          expect((await seenBy(first)).lifecycle).to.deep.equal(["freeze", "resume"]);
          // Back, it joins as a follower and shows what it missed, each once.
          await until(
            "the resumed tab shows what it missed",
            async () => {
              const s = await seenBy(first);
              return ids.every((id) => s.first[id] !== undefined);
            },
            WAIT_MS
          );
          await eachOnce(tabs, "after the resume");
          expect(await rows(first), "the resumed tab shows what the others show").to.deep.equal(await rows(tabs[1]));
          expect(hedger.subscribers(ACCOUNT), "one subscriber after the resume").to.equal(1);
          leader = await leaderOf(tabs);
          expect(leader, "the resumed tab follows").to.not.equal(first);
          await oneSystemNotificationEach(tabs, gone, ids);
        }

        const staying = tabs.filter((t) => t !== leader);
        gone.push(...(await seenBy(leader)).tags);
        const connections = hedger.connectionCount;
        await leader.close();
        // From here no item reaches the closed leader, whose system notifications were counted before it went.
        await untilLeaderSocketGone(hedger, ACCOUNT, connections, WAIT_MS);
        const closed = emitAll();
        ids.push(...closed.map((n) => n.id));
        await shownInTime(staying, closed, "the leader's tab closed");
        await until("one subscriber after the close", () => hedger.subscribers(ACCOUNT) === 1, WAIT_MS);
        await leaderOf(staying);
        await oneSystemNotificationEach(staying, gone, ids);
        for (const t of staying) expect(t.errors, "uncaught errors in the page").to.deep.equal([]);
        await Promise.all(staying.map((t) => t.close()));
      });
    });
  }
});
