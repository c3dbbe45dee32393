// A SYMM-style frontend (test/fixture-projects/hosts/consumer/symm) against the packed tarball: its
// code, written as such frontends use their notifications module with only the import paths pointed
// at multiaccount-kit, type-checks under strict with noImplicitAny on and off; bundled, it runs in
// a browser against the mock hedger sending real-shaped frames, and a returning visit shows exactly
// what changed while the trader was away.
import { expect } from "chai";
import * as esbuild from "esbuild";
import fs from "fs";
import os from "os";
import path from "path";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import { launchBrowser, testedEngines, type TestBrowser, type TestTab } from "../notifications/helpers/browser";
import { until } from "../support/wait";
import { consumer, runNode, type Consumer } from "./consumer";

const WAIT_MS = 60_000;
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;

/** The cards of a list: their data-id, data-type and title. */
const cards = (page: TestTab, list: "unread" | "read") =>
  page.evaluate(
    (l) =>
      Array.from(document.querySelectorAll(`[data-testid="${l}"] li`)).map((li) => ({
        id: li.getAttribute("data-id"),
        type: li.getAttribute("data-type"),
        title: li.querySelector(".title")?.textContent ?? "",
        summary: li.querySelector(".summary")?.textContent ?? null,
      })),
    list
  );

describe("a SYMM-style frontend, by its import paths alone", function () {
  let project: Consumer;
  let symm: string;

  before(async () => {
    project = await consumer();
    symm = path.join(project.dir, "symm");
  });

  for (const [mode, tsconfig] of [
    ["on", "tsconfig.strict.json"],
    ["off", "tsconfig.loose.json"],
  ] as const) {
    it(`type-checks under strict with noImplicitAny ${mode}, against the packed package`, async () => {
      const ran = await runNode(symm, path.join(project.dir, "node_modules", "typescript", "bin", "tsc"), ["-p", tsconfig]);
      expect(ran.code, ran.output).to.equal(0);
    });
  }

  describe("in a browser, against the mock hedger", () => {
    let outDir: string;
    before(async () => {
      outDir = fs.mkdtempSync(path.join(os.tmpdir(), "symm-frontend-"));
      await esbuild.build({
        entryPoints: [path.join(symm, "src", "main.tsx")],
        bundle: true,
        outfile: path.join(outDir, "main.js"),
        format: "iife",
        jsx: "automatic",
        define: { "process.env.NODE_ENV": '"production"' },
        logLevel: "silent",
      });
      fs.writeFileSync(path.join(outDir, "index.html"), '<!doctype html><meta charset="utf-8"><div id="root"></div><script src="main.js"></script>\n');
    });
    after(() => fs.rmSync(outDir, { recursive: true, force: true }));

    // One engine: the claim is that the app runs unchanged; both engines run examples/react
    // (test/notifications/example-react.test.ts), which uses the same module the same way.
    for (const engine of testedEngines().slice(0, 1)) {
      describe(`in headless ${engine.title}`, () => {
        const ACCOUNT = `0x00000000000000000000000000000000000${engine.name === "chromium" ? "c0de1" : "f0de1"}`;
        let hedger: MockHedger;
        let browser: TestBrowser | undefined;
        let page: TestTab;
        const count = () => page.evaluate(() => Number(document.querySelector('[data-testid="unread-count"]')?.textContent ?? -1));
        const visit = async () => {
          const requests = hedger.requests.length;
          await page.goto(`${hedger.origin}/?account=${ACCOUNT}`);
          await until("the visit's fetch and subscription", () => hedger.requests.length > requests && hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
        };

        before(async function () {
          this.timeout(20 * 60_000); // may install the browser first
          hedger = await startMockHedger({ staticDir: outDir });
          // A trader's history from before the first visit.
          const hourAgo = Math.floor(Date.now() / 1000) - 3600;
          for (let i = 0; i < 30; i++) hedger.record(ACCOUNT, { ...VISIBLE, modify_time: hourAgo + i });
          browser = await launchBrowser(engine, WAIT_MS);
          page = await (await browser.newContext()).newTab({ width: 900, height: 700 });
        });
        afterEach(function () {
          if (this.currentTest?.state === "failed") console.log(`    browser console:\n${page.consoleLines.map((line) => `      ${line}`).join("\n")}`);
        });
        after(async () => {
          await browser?.close();
          await hedger?.close();
        });

        it("a first visit shows none of the history; the live frames land as cards with their titles, one row per instant order", async () => {
          await visit();
          await until("the first fetch answered", () => hedger.requests.length >= 1, WAIT_MS);
          expect(hedger.requests[0]).to.deep.include({ start: 0, size: 10 });
          expect(await count(), "unread from the first fetch").to.equal(0);
          const open = hedger.emit(ACCOUNT, { ...VISIBLE, action_status: "seen" });
          const failed = hedger.emit(ACCOUNT, { ...VISIBLE, action_status: "failed", error_code: 1003, failure_message: "condition mismatch" });
          const liquidation = hedger.emit(ACCOUNT, { state_type: "alert", last_seen_action: "LiquidatePosition", action_status: null });
          hedger.emit(ACCOUNT, { state_type: "report", last_seen_action: "FillLimitOrderOpen", action_status: "success" });
          const instant = hedger.emitInstant(ACCOUNT);
          await page.waitFor("the temporary row", () => document.querySelector('[data-testid="unread"] li[data-id^="temp"]') !== null);
          const confirmed = instant.confirm();
          await page.waitFor(
            "the confirmed row",
            (id) => document.querySelector(`[data-testid="unread"] li[data-id="${id}"]`) !== null && document.querySelector('li[data-id^="temp"]') === null,
            confirmed.id
          );
          const unread = await cards(page, "unread");
          expect(unread.map((c) => c.id).sort()).to.deep.equal([open.id, failed.id, liquidation.id, confirmed.id].sort());
          const byId = new Map(unread.map((c) => [c.id, c]));
          expect(byId.get(open.id)).to.include({ title: "Open Order", type: "Seen by hedger", summary: null });
          expect(byId.get(failed.id)).to.include({ title: "Open Order", type: "Hedger Error", summary: "error 1003: condition mismatch" });
          expect(byId.get(liquidation.id)).to.include({ title: "Liquidate Position", type: "Liquidation Alert" });
          expect(byId.get(confirmed.id)).to.include({ title: "Instant Open", type: "Seen by hedger" });
          console.log(`    first visit: ${0} unread from the fetch (30 in the history), ${unread.length} after the live frames`);
        });

        it("the app's own notices: a deposit with its TransferTab, and one added with an object payload", async () => {
          await page.click('[data-testid="deposit"]');
          await page.click('[data-testid="notice"]');
          await page.waitFor("both notices", () => document.querySelectorAll('[data-testid="unread"] li').length === 6);
          const titles = (await cards(page, "unread")).map((c) => c.title);
          expect(titles).to.include("Deposit");
          expect(titles.filter((t) => t === "Open Order")).to.have.length(3);
          await page.click('[data-testid="read-all"]');
          await page.waitFor("all read", () => document.querySelectorAll('[data-testid="read"] li').length === 6);
          expect(page.errors).to.deep.equal([]);
        });

        it("a returning visit shows exactly what changed while the trader was away", async () => {
          const seen = Math.max(...hedger.history(ACCOUNT).map((n) => n.modify_time));
          await page.goto("about:blank");
          const away = Array.from({ length: 12 }, () => hedger.record(ACCOUNT, VISIBLE));
          const before = hedger.requests.length;
          await visit();
          await page.waitFor("what changed while away", () => Number(document.querySelector('[data-testid="unread-count"]')?.textContent) === 12);
          // Two pages of ten since the last visit's newest second, and the backfill from there too:
          // its overlap brings back nothing the last visit saw.
          await until("the two pages and the backfill", () => hedger.requests.length >= before + 3, WAIT_MS);
          const asked = hedger.requests.slice(before).map((r) => [r.start, r.size, r.body.modify_time_gte]);
          expect(asked).to.deep.include.members([
            [0, 10, seen + 1],
            [10, 10, seen + 1],
            [0, 100, seen + 1],
          ]);
          expect((await cards(page, "unread")).map((c) => c.id).sort()).to.deep.equal(away.map((n) => n.id).sort());
          expect(await count()).to.equal(12);
          console.log(`    returning visit: ${await count()} unread, the ${away.length} recorded while away`);
        });
      });
    }
  });
});
