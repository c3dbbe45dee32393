// End to end: examples/browser in headless Chromium (Debian's package, driven by playwright-core),
// with the browser's native WebSocket, against the mock hedger on a loopback port.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Browser, Page } from "playwright-core";
import { buildBrowserExample, type BrowserExampleBuild } from "../../examples/browser/build";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import type { NotificationResponse } from "../../src/notifications";
import { until } from "../support/wait";
import { ensureChromium, launchChromium } from "./helpers/browser";

const ROOT = path.resolve(__dirname, "../..");
const SCREENSHOT = path.join(ROOT, "test-output", "browser-example.png");
const ACCOUNT = "0x00000000000000000000000000000000000b0b01";
const VISIBLE = { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" } as const;
/** Chromium starts slowly on a small machine; every wait for the page gets this long. */
const WAIT_MS = 60_000;

const item = (list: "unread" | "read", id: string) => `[data-testid="${list}"] li[data-id="${id}"]`;
const status = (value: string) => `[data-testid="status"][data-status="${value}"]`;

describe("examples/browser in headless Chromium", function () {
  this.timeout(3 * WAIT_MS);

  let outDir: string;
  let built: BrowserExampleBuild;
  let hedger: MockHedger;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  const consoleLines: string[] = [];

  before(async function () {
    this.timeout(20 * 60_000); // may install Chromium first
    const executablePath = ensureChromium();
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "browser-example-"));
    built = await buildBrowserExample(outDir);
    hedger = await startMockHedger({ port: 0, staticDir: built.outDir });
    browser = await launchChromium(executablePath, WAIT_MS);
    page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    page.setDefaultTimeout(WAIT_MS);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  });

  afterEach(function () {
    if (this.currentTest?.state === "failed") {
      console.log(`    browser console:\n${consoleLines.map((line) => `      ${line}`).join("\n")}`);
    }
  });

  after(async () => {
    await browser?.close();
    await hedger?.close();
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

  it("(a) connects: status becomes open", async () => {
    // The page's defaults point at its own origin; a short backoff keeps the restart step quick.
    await page.goto(`${hedger.origin}/?account=${ACCOUNT}&minDelayMs=100&maxDelayMs=500`);
    await page.waitForSelector(status("open"));
    await until("the page's subscription", () => hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
  });

  let first: NotificationResponse;
  it("(b) shows a notification emitted by the mock hedger in unread", async () => {
    first = hedger.emit(ACCOUNT, VISIBLE);
    const shown = await page.waitForSelector(item("unread", first.id));
    expect(await shown.textContent())
      .to.contain("Success")
      .and.to.contain("Open Order");
    expect(await page.textContent('[data-testid="unread-count"]')).to.equal("1");
  });

  it("(c) mark as read moves it to the read list", async () => {
    await page.click(`${item("unread", first.id)} [data-testid="mark-as-read"]`);
    await page.waitForSelector(item("read", first.id));
    await page.waitForSelector(item("unread", first.id), { state: "detached" });
    expect(await page.textContent('[data-testid="read-count"]')).to.equal("1");
  });

  let missed: NotificationResponse;
  let afterRestart: NotificationResponse;
  it("(d) recovers after the mock hedger restarts, backfilling what was sent while it was down", async () => {
    await hedger.goDown();
    await page.waitForSelector(`[data-testid="status"]:not([data-status="open"])`);
    missed = hedger.record(ACCOUNT, { ...VISIBLE, last_seen_action: "FillLimitOrderOpen" });
    await hedger.up();
    await page.waitForSelector(status("open"));
    await page.waitForSelector(item("unread", missed.id));
    await until("the page's new subscription", () => hedger.subscribers(ACCOUNT) > 0, WAIT_MS);
    afterRestart = hedger.emit(ACCOUNT, { ...VISIBLE, last_seen_action: "RequestToClosePosition" });
    await page.waitForSelector(item("unread", afterRestart.id));
    for (const id of [first.id, missed.id, afterRestart.id]) {
      expect(await page.locator(`li[data-id="${id}"]`).count(), `${id} shown once`).to.equal(1);
    }
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it("(e) mark all as read empties unread", async () => {
    await page.click('[data-testid="mark-all-as-read"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="unread"] li[data-id]').length === 0);
    for (const id of [first.id, missed.id, afterRestart.id]) await page.waitForSelector(item("read", id));
    expect(await page.textContent('[data-testid="unread-count"]')).to.equal("0");
    expect(await page.textContent('[data-testid="read-count"]')).to.equal("3");
    expect(pageErrors, "uncaught errors in the page").to.deep.equal([]);
  });
});
