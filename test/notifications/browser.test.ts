// End to end: examples/browser in headless Chromium (Debian's package, driven by playwright-core) and
// headless Firefox ESR (Debian's package, driven by puppeteer-core over WebDriver BiDi), with the
// browser's native WebSocket, against the mock hedger on a loopback port. Each test runs once per
// engine (test/notifications/helpers/browser.ts).
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildBrowserExample, type BrowserExampleBuild } from "../../examples/browser/build";
import { startMockHedger, type MockHedger, type MockNotification } from "../../src/mock-hedger";
import { until } from "../support/wait";
import { launchBrowser, testedEngines, type TestBrowser, type TestTab } from "./helpers/browser";

const ROOT = path.resolve(__dirname, "../..");
const screenshotOf = (engine: string) => path.join(ROOT, "test-output", engine === "chromium" ? "browser-example.png" : `browser-example-${engine}.png`);
const ACCOUNT = "0x00000000000000000000000000000000000b0b01";
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
/** A browser starts slowly on a small machine; every wait for the page gets this long. */
const WAIT_MS = 60_000;

const item = (list: "unread" | "read", id: string) => `[data-testid="${list}"] li[data-id="${id}"]`;
const status = (value: string) => `[data-testid="status"][data-status="${value}"]`;
/** How many elements match `selector`, and the text of the first. */
const query = (page: TestTab, selector: string) =>
  page.evaluate((s) => ({ count: document.querySelectorAll(s).length, text: document.querySelector(s)?.textContent ?? null }), selector);
const waitForSelector = (page: TestTab, selector: string, gone = false) =>
  page.waitFor(`${selector}${gone ? " gone" : ""}`, ({ s, gone }) => (document.querySelector(s) === null) === gone, { s: selector, gone });

describe("examples/browser", function () {
  let outDir: string;
  let built: BrowserExampleBuild;

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "browser-example-"));
    built = await buildBrowserExample(outDir);
  });
  after(() => {
    if (outDir !== undefined) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it("bundles without ws, Hardhat, ethers, the mock hedger or Node built-ins", () => {
    const inputs = Object.keys(built.metafile.inputs).map((input) => input.replace(/\\/g, "/"));
    expect(inputs.some((input) => input.endsWith("examples/browser/app.ts"))).to.equal(true);
    const forbidden = inputs.filter((input) =>
      /node_modules\/(ws|hardhat|ethers|@ethersproject|@nomiclabs|@nomicfoundation|undici)\/|src\/(mock-hedger|hardhat)\/|^node:/.test(input)
    );
    expect(forbidden, "Node-only inputs in the browser bundle").to.deep.equal([]);
    for (const output of Object.values(built.metafile.outputs)) {
      expect(output.imports, "the bundle imports nothing at run time").to.deep.equal([]);
    }
    expect(fs.readFileSync(built.appJs, "utf8")).not.to.match(/\brequire\(/);
  });

  for (const engine of testedEngines()) {
    describe(`in headless ${engine.title}`, function () {
      let hedger: MockHedger;
      let browser: TestBrowser | undefined;
      let page: TestTab;

      before(async function () {
        this.timeout(20 * 60_000); // may install the browser first
        hedger = await startMockHedger({ port: 0, staticDir: built.outDir });
        browser = await launchBrowser(engine, WAIT_MS);
        console.log(`    (${browser.version})`);
        page = await (await browser.newContext()).newTab({ width: 900, height: 700 });
      });

      afterEach(function () {
        if (this.currentTest?.state === "failed") {
          console.log(`    browser console:\n${page.consoleLines.map((line) => `      ${line}`).join("\n")}`);
        }
      });

      after(async () => {
        await browser?.close();
        await hedger?.close();
      });

      it("(a) connects: status becomes open", async () => {
        // The page's defaults point at its own origin; a short backoff keeps the restart step quick.
        await page.goto(`${hedger.origin}/?account=${ACCOUNT}&minDelayMs=100&maxDelayMs=500`);
        await waitForSelector(page, status("open"));
        await until("the page's subscription", () => hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
      });

      let first: MockNotification;
      it("(b) shows a notification emitted by the mock hedger in unread", async () => {
        first = hedger.emit(ACCOUNT, VISIBLE);
        await waitForSelector(page, item("unread", first.id));
        expect((await query(page, item("unread", first.id))).text)
          .to.contain("Success")
          .and.to.contain("Open Order");
        expect((await query(page, '[data-testid="unread-count"]')).text).to.equal("1");
      });

      it("(c) mark as read moves it to the read list", async () => {
        await page.click(`${item("unread", first.id)} [data-testid="mark-as-read"]`);
        await waitForSelector(page, item("read", first.id));
        await waitForSelector(page, item("unread", first.id), true);
        expect((await query(page, '[data-testid="read-count"]')).text).to.equal("1");
      });

      let missed: MockNotification;
      let afterRestart: MockNotification;
      it("(d) recovers after the mock hedger restarts, backfilling what was sent while it was down", async () => {
        await hedger.goDown();
        await waitForSelector(page, `[data-testid="status"]:not([data-status="open"])`);
        missed = hedger.record(ACCOUNT, { ...VISIBLE, last_seen_action: "FillLimitOrderOpen" });
        await hedger.up();
        await waitForSelector(page, status("open"));
        await waitForSelector(page, item("unread", missed.id));
        await until("the page's new subscription", () => hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
        afterRestart = hedger.emit(ACCOUNT, { ...VISIBLE, last_seen_action: "RequestToClosePosition" });
        await waitForSelector(page, item("unread", afterRestart.id));
        for (const id of [first.id, missed.id, afterRestart.id]) {
          expect((await query(page, `li[data-id="${id}"]`)).count, `${id} shown once`).to.equal(1);
        }
        const screenshot = screenshotOf(engine.name);
        fs.mkdirSync(path.dirname(screenshot), { recursive: true });
        await page.screenshot(screenshot);
      });

      it("(e) mark all as read empties unread", async () => {
        await page.click('[data-testid="mark-all-as-read"]');
        await waitForSelector(page, '[data-testid="unread"] li[data-id]', true);
        for (const id of [first.id, missed.id, afterRestart.id]) await waitForSelector(page, item("read", id));
        expect((await query(page, '[data-testid="unread-count"]')).text).to.equal("0");
        expect((await query(page, '[data-testid="read-count"]')).text).to.equal("3");
        expect(page.errors, "uncaught errors in the page").to.deep.equal([]);
      });
    });
  }
});
