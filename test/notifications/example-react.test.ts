// End to end: examples/react, bundled by its own build.ts as a user builds it, served by the mock
// hedger (--static) and driven in headless Chromium and headless Firefox ESR
// (test/notifications/helpers/browser.ts): what the hedger emits reaches the hooks' lists, an instant
// order ends as one row, a click and "Mark all as read" move notifications to read.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildReactExample, type ReactExampleBuild } from "../../examples/react/build";
import { startMockHedger, type MockHedger, type MockNotification } from "../../src/mock-hedger";
import { until } from "../support/wait";
import { launchBrowser, testedEngines, type TestBrowser, type TestTab } from "./helpers/browser";

const ROOT = path.resolve(__dirname, "../..");
const ACCOUNT = "0x00000000000000000000000000000000000b0b02";
/** examples/react/main.tsx gives the provider this appName; the REST requests carry it. */
const APP_NAME = "multiaccount-kit-react-example";
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
/** A browser starts slowly on a small machine; every wait for the page gets this long. */
const WAIT_MS = 60_000;

const row = (list: "unread" | "read", id: string) => `[data-testid="${list}"] li[data-id="${id}"]`;
/** The rows of a list, as the page shows them. */
const rows = (page: TestTab, list: "unread" | "read") =>
  page.evaluate(
    (l) =>
      Array.from(document.querySelectorAll(`[data-testid="${l}"] li:not(.empty)`)).map((li) => ({
        id: li.getAttribute("data-id"),
        tempQuoteId: li.getAttribute("data-temp-quote-id"),
        title: li.querySelector(".title")?.textContent ?? "",
        type: li.querySelector(".type")?.textContent ?? "",
      })),
    list
  );
const textOf = (page: TestTab, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
const waitForSelector = (page: TestTab, selector: string, gone = false) =>
  page.waitFor(`${selector}${gone ? " gone" : ""}`, ({ s, gone }) => (document.querySelector(s) === null) === gone, { s: selector, gone });

describe("examples/react", function () {
  let outDir: string;
  let built: ReactExampleBuild;

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "react-example-"));
    built = await buildReactExample(outDir);
  });
  after(() => {
    if (outDir !== undefined) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it("bundles React, react-redux and the module into one script, without ws, Hardhat, ethers, the mock hedger or Node built-ins", () => {
    const inputs = Object.keys(built.metafile.inputs).map((input) => input.replace(/\\/g, "/"));
    for (const file of ["main.tsx", "Notifications.tsx", "store.ts"]) {
      expect(
        inputs.some((input) => input.endsWith(`examples/react/${file}`)),
        file
      ).to.equal(true);
    }
    for (const dependency of ["react", "react-dom", "react-redux", "redux", "redux-thunk"]) {
      expect(
        inputs.some((input) => input.includes(`node_modules/${dependency}/`)),
        dependency
      ).to.equal(true);
    }
    // The package by its name, resolved to the sources here (the "paths" of tsconfig.json).
    expect(inputs.some((input) => input.endsWith("src/notifications/react/index.ts"))).to.equal(true);
    const forbidden = inputs.filter((input) =>
      /node_modules\/(ws|hardhat|ethers|@ethersproject|@nomiclabs|@nomicfoundation|undici)\/|src\/(mock-hedger|hardhat)\/|^node:/.test(input)
    );
    expect(forbidden, "Node-only inputs in the browser bundle").to.deep.equal([]);
    for (const output of Object.values(built.metafile.outputs)) {
      expect(output.imports, "the bundle imports nothing at run time").to.deep.equal([]);
    }
    expect(fs.existsSync(path.join(built.outDir, "index.html"))).to.equal(true);
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

      it("(a) mounts: the updater, configured by its provider, fetches and subscribes for the account; the lists are empty", async () => {
        await page.goto(`${hedger.origin}/?account=${ACCOUNT}`);
        await waitForSelector(page, '[data-testid="status"][data-status="open"]');
        await until("the page's subscription", () => hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
        await until("the page's REST fetch", () => hedger.requests.length > 0, WAIT_MS);
        expect(hedger.requests.map((request) => request.appName)).to.include(APP_NAME);
        expect(hedger.requests.map((request) => String(request.body.address).toLowerCase())).to.include(ACCOUNT);
        expect(await textOf(page, '[data-testid="account"]')).to.equal(ACCOUNT);
        expect(await textOf(page, '[data-testid="unread-count"]')).to.equal("0");
        expect(await rows(page, "unread")).to.deep.equal([]);
        expect(await rows(page, "read")).to.deep.equal([]);
      });

      let first: MockNotification;
      it("(b) shows what the mock hedger emits in unread, titled from NotificationMessages, and raises the new flag", async () => {
        // The flag is up for a moment only: the page records that it appeared.
        await page.evaluate(() => {
          const seen = window as unknown as { sawNewFlag: boolean };
          seen.sawNewFlag = false;
          const check = () => void (document.querySelector('[data-testid="new"]') !== null && (seen.sawNewFlag = true));
          new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
        });
        first = hedger.emit(ACCOUNT, VISIBLE);
        await waitForSelector(page, row("unread", first.id));
        expect(await rows(page, "unread")).to.deep.equal([{ id: first.id, tempQuoteId: null, title: "Open Order", type: "Success" }]);
        expect(await textOf(page, '[data-testid="unread-count"]')).to.equal("1");
        await page.waitFor("the new flag shown", () => (window as unknown as { sawNewFlag: boolean }).sawNewFlag);
      });

      let instant: MockNotification;
      it("(c) an instant order ends as one row: the confirmed frame takes its temporary frame's place", async () => {
        const order = hedger.emitInstant(ACCOUNT);
        const temp = String(order.temporary.temp_quote_id);
        await waitForSelector(page, `[data-testid="unread"] li[data-temp-quote-id="${temp}"]:not([data-id])`);
        instant = order.confirm();
        await waitForSelector(page, row("unread", instant.id));
        await waitForSelector(page, `li[data-temp-quote-id="${temp}"]:not([data-id])`, true);
        expect(await rows(page, "unread")).to.deep.equal([
          { id: instant.id, tempQuoteId: temp, title: "Instant Open", type: "Seen by hedger" },
          { id: first.id, tempQuoteId: null, title: "Open Order", type: "Success" },
        ]);
        expect(await rows(page, "read")).to.deep.equal([]);
      });

      it("(d) a click on an unread row marks it as read", async () => {
        await page.click(`${row("unread", first.id)} button`);
        await waitForSelector(page, row("read", first.id));
        expect((await rows(page, "unread")).map((n) => n.id)).to.deep.equal([instant.id]);
        expect((await rows(page, "read")).map((n) => n.id)).to.deep.equal([first.id]);
        expect(await textOf(page, '[data-testid="unread-count"]')).to.equal("1");
        expect(await textOf(page, '[data-testid="read-count"]')).to.equal("1");
      });

      it("(e) mark all as read moves every unread notification to read; the page logged no error", async () => {
        const closing = hedger.emit(ACCOUNT, { ...VISIBLE, last_seen_action: "RequestToClosePosition" });
        await waitForSelector(page, row("unread", closing.id));
        await page.click('[data-testid="mark-all-as-read"]');
        await waitForSelector(page, '[data-testid="unread"] li:not(.empty)', true);
        const read = await rows(page, "read");
        expect(read.map((n) => n.id)).to.have.members([first.id, instant.id, closing.id]);
        expect(read.find((n) => n.id === closing.id)?.title).to.equal("Close Position");
        expect(await textOf(page, '[data-testid="unread-count"]')).to.equal("0");
        expect(await textOf(page, '[data-testid="read-count"]')).to.equal("3");

        const screenshot = path.join(ROOT, "test-output", `react-example-${engine.name}.png`);
        fs.mkdirSync(path.dirname(screenshot), { recursive: true });
        await page.screenshot(screenshot);
        expect(page.errors, "uncaught errors in the page").to.deep.equal([]);
        // React's development build reports its warnings (keys, effects) with console.error.
        expect(
          page.consoleLines.filter((line) => /^(error|warn(ing)?):/.test(line)),
          "errors and warnings in the console"
        ).to.deep.equal([]);
      });
    });
  }
});
