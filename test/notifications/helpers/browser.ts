// The browser tests' driver, one for both engines, so that each test is written once and runs in
// each: Debian's chromium through playwright-core, and Debian's firefox-esr through puppeteer-core
// over WebDriver BiDi (no download). Each binary is installed with apt-get when missing. BROWSERS
// (a comma-separated list: chromium, firefox) picks the engines; both by default.
//
// The driver is small on purpose: tabs (pages) in isolated contexts (profiles: their own Web Locks
// and BroadcastChannels), scripts run before the page's own, evaluate, waits polled from Node (a
// hidden tab's timers and animation frames are throttled, Node's are not), a DOM click, closing.
// Where the engines differ, the Engine says how (crashHow, canFreeze, keepsLeaderInBackForwardCache),
// and the tests put it in their titles.
import { execSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext as PlaywrightContext, type Page as PlaywrightPage } from "playwright-core";
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from "puppeteer-core";
import type { MockHedger } from "../../../src/mock-hedger";
import { until } from "../../support/wait";
import { traceMainThreadTasks, type MainThreadTasks } from "./burst-probe";

export type EngineName = "chromium" | "firefox";

/** A function run in the page, and its one serializable argument. */
type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface TestTab {
  /** Uncaught errors and unhandled rejections in the page. */
  readonly errors: string[];
  /** The page's console, as `type: text`. */
  readonly consoleLines: string[];
  /** Navigates, and waits for the load event. */
  goto(url: string): Promise<void>;
  evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R>;
  /** Polls `fn` in the page until it returns true (false while the page navigates). */
  waitFor<A = undefined>(what: string, fn: PageFunction<A, boolean>, arg?: A): Promise<void>;
  /** Waits for `selector`, then clicks it through the DOM (no pointer: no wait for animation frames a hidden tab does not get). */
  click(selector: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Closes the tab as a user does: pagehide runs. */
  close(): Promise<void>;
  /** The tab ends with no handler of its page running (see Engine.crashHow). */
  crash(): Promise<void>;
  /** Chromium only (CDP Page.setWebLifecycleState), and only in `lifecycleContext()` (see Engine.canFreeze). */
  setFrozen?: (frozen: boolean) => Promise<void>;
}

export interface TestContext {
  /** Runs `fn(arg)` in every tab opened after this call, before the page's own scripts. */
  addInitScript<A>(fn: (arg: A) => void, arg?: A): void;
  newTab(viewport?: { width: number; height: number }): Promise<TestTab>;
  close(): Promise<void>;
}

export interface TestBrowser {
  readonly engine: EngineName;
  /** "Chromium 156.0.8078.79", "Firefox 153.7.0". */
  readonly version: string;
  newContext(): Promise<TestContext>;
  /**
   * A context that keeps the page life cycle: the back-forward cache, and a tab behind another is
   * hidden. Chromium: a second Chromium without Playwright's launch defaults (see
   * launchChromiumWithPageLifecycle), which also lets a hidden tab be frozen. Firefox: a new
   * context of this browser, which keeps both as it is. Closing the context closes what it started.
   */
  lifecycleContext(): Promise<TestContext>;
  /** Chromium only (CDP tracing, see Engine.tracesTasks): records the tasks of every page's main thread until `stop()`. */
  traceMainThreadTasks?: () => Promise<{ stop(): Promise<MainThreadTasks> }>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  readonly title: "Chromium" | "Firefox";
  /** How TestTab.crash ends a tab in this engine. */
  readonly crashHow: string;
  /** True when a tab of `lifecycleContext()` can be frozen (TestTab.setFrozen); else why not. */
  readonly canFreeze: true | string;
  /** True when the back-forward cache keeps a page that holds a Web Lock until its pagehide; else what it does. */
  readonly keepsLeaderInBackForwardCache: true | string;
  /** True when TestBrowser.traceMainThreadTasks measures each task's CPU time; else why not. */
  readonly tracesTasks: true | string;
  /** The binary's path (installed when missing). */
  ensure(): string;
  launch(executablePath: string, timeoutMs: number): Promise<TestBrowser>;
}

const CHROMIUM = { title: "Chromium", path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", apt: "chromium", env: "CHROMIUM_PATH" };
const FIREFOX = { title: "Firefox", path: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr", apt: "firefox-esr", env: "FIREFOX_PATH" };

/** Debian's package, installed with apt-get when the binary is missing (as on a fresh CI machine). */
function ensureBinary(binary: typeof CHROMIUM): string {
  if (fs.existsSync(binary.path)) return binary.path;
  const command = `apt-get update && apt-get install -y ${binary.apt}`;
  const fix = `Install Debian's ${binary.apt} package (${command}, as root), or set ${binary.env} to a ${binary.title} binary.`;
  if (process.platform !== "linux" || process.getuid?.() !== 0) {
    throw new Error(`The browser test needs ${binary.title} at ${binary.path}, and cannot install it here (not root on Linux). ${fix}`);
  }
  console.log(`    ${binary.title} is missing at ${binary.path}; running: ${command}`);
  try {
    execSync(command, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      timeout: 15 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as Error & { stderr?: Buffer };
    const tail = (e.stderr?.toString() ?? "").trim().split("\n").slice(-10).join("\n");
    throw new Error(`Installing ${binary.title} failed: ${e.message}\n${tail}\n${fix}`);
  }
  if (!fs.existsSync(binary.path)) throw new Error(`apt-get installed ${binary.apt}, but there is still no ${binary.path}. ${fix}`);
  return binary.path;
}

/** Debian's chromium, installed with apt-get when missing. */
export const ensureChromium = (): string => ensureBinary(CHROMIUM);
/** Debian's firefox-esr, installed with apt-get when missing. */
export const ensureFirefox = (): string => ensureBinary(FIREFOX);

const ALL_ENGINES: Engine[] = [
  {
    name: "chromium",
    title: "Chromium",
    crashHow: "CDP Page.crash",
    canFreeze: true,
    keepsLeaderInBackForwardCache: true,
    tracesTasks: true,
    ensure: ensureChromium,
    launch: launchChromiumForTests,
  },
  {
    name: "firefox",
    title: "Firefox",
    // BiDi has no equivalent of CDP Page.crash, and Firefox's about:crashcontent would take down
    // every tab sharing the content process.
    crashHow:
      "no BiDi crash command: closed with its pagehide, unload and beforeunload listeners stopped, so that only the browser releases its lock and socket",
    canFreeze:
      "BiDi has no equivalent of CDP Page.setWebLifecycleState, and Firefox has no frozen state (no freeze or resume events: the Page Lifecycle API is Chromium's)",
    // Measured in Firefox ESR 153: a page holding a Web Lock when it navigates is left out of the
    // cache even when its pagehide releases the lock (Firefox decides before pagehide; Chromium after).
    keepsLeaderInBackForwardCache: "it keeps no page that holds a Web Lock when it navigates away, so Back loads it again",
    // Measured in Firefox ESR 153: PerformanceObserver.supportedEntryTypes has no "longtask".
    tracesTasks: "Firefox has no longtask entries (PerformanceObserver.supportedEntryTypes lacks it) and BiDi no tracing of task CPU time",
    ensure: ensureFirefox,
    launch: launchFirefoxForTests,
  },
];

/** The engines to test: BROWSERS=chromium,firefox (the default), or one of them. */
export function testedEngines(): Engine[] {
  const wanted = (process.env.BROWSERS ?? "chromium,firefox").split(",").map((name) => name.trim());
  const unknown = wanted.filter((name) => !ALL_ENGINES.some((engine) => engine.name === name));
  if (unknown.length > 0) throw new Error(`BROWSERS names no engine we drive: ${unknown.join(", ")} (chromium, firefox)`);
  return ALL_ENGINES.filter((engine) => wanted.includes(engine.name));
}

/** Installs the engine's binary when missing, and launches it headless. */
export async function launchBrowser(engine: Engine, timeoutMs: number): Promise<TestBrowser> {
  return engine.launch(engine.ensure(), timeoutMs);
}

/**
 * Only a context that keeps the page life cycle (TestBrowser.lifecycleContext), for a test that needs
 * no other: in Chromium one browser started without Playwright's defaults, not two. Closing the
 * context closes its browser.
 */
export async function launchLifecycleContext(engine: Engine, timeoutMs: number): Promise<{ context: TestContext; version: string }> {
  const executablePath = engine.ensure();
  if (engine.name === "chromium") {
    const lifecycle = await launchChromiumWithPageLifecycle(executablePath, timeoutMs);
    return { context: chromiumContext(lifecycle.browser.contexts()[0], timeoutMs, lifecycle.close), version: `Chromium ${lifecycle.browser.version()}` };
  }
  const browser = await engine.launch(executablePath, timeoutMs);
  const context = await browser.lifecycleContext();
  return { context: { ...context, close: () => context.close().then(() => browser.close()) }, version: browser.version };
}

/** What both engines' tabs share: waits polled from Node, and the DOM click. */
function finishTab(tab: Omit<TestTab, "waitFor" | "click">, timeoutMs: number): TestTab {
  const waitFor: TestTab["waitFor"] = (what, fn, arg) => until(what, () => tab.evaluate(fn, arg).then(Boolean, () => false), timeoutMs);
  return {
    ...tab,
    waitFor,
    click: async (selector) => {
      await waitFor(`${selector} to click`, (s) => document.querySelector(s) !== null, selector);
      await tab.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);
    },
  };
}

// ---- Chromium (playwright-core) ----

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function chromiumTab(page: PlaywrightPage, timeoutMs: number): TestTab {
  page.setDefaultTimeout(timeoutMs);
  const errors: string[] = [];
  const consoleLines: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  const cdp = () => page.context().newCDPSession(page);
  return finishTab(
    {
      errors,
      consoleLines,
      goto: async (url) => void (await page.goto(url)),
      evaluate: (fn, arg) => page.evaluate(fn, arg as never),
      screenshot: async (file) => void (await page.screenshot({ path: file, fullPage: true })),
      close: () => page.close({ runBeforeUnload: true }),
      crash: async () => {
        // The renderer dies before it can answer.
        (await cdp()).send("Page.crash").catch(() => undefined);
      },
      setFrozen: async (frozen) => void (await (await cdp()).send("Page.setWebLifecycleState", { state: frozen ? "frozen" : "active" })),
    },
    timeoutMs
  );
}

function chromiumContext(context: PlaywrightContext, timeoutMs: number, onClose: () => Promise<void>): TestContext {
  const scripts: Array<[fn: (arg: never) => void, arg: unknown]> = [];
  return {
    addInitScript: (fn, arg) => void scripts.push([fn, arg]),
    newTab: async (viewport) => {
      const page = await context.newPage();
      if (viewport !== undefined) await page.setViewportSize(viewport);
      for (const [fn, arg] of scripts) await page.addInitScript(fn, arg as never);
      return chromiumTab(page, timeoutMs);
    },
    close: onClose,
  };
}

async function launchChromiumForTests(executablePath: string, timeoutMs: number): Promise<TestBrowser> {
  const browser = await launchChromium(executablePath, timeoutMs);
  const withoutFreeze = (tab: TestTab): TestTab => ({ ...tab, setFrozen: undefined });
  const plain = (context: PlaywrightContext): TestContext => {
    const wrapped = chromiumContext(context, timeoutMs, () => context.close());
    // Playwright's launch emulates focus, which keeps every tab visible: freezing there freezes nothing.
    return { ...wrapped, newTab: async (viewport) => withoutFreeze(await wrapped.newTab(viewport)) };
  };
  return {
    engine: "chromium",
    version: `Chromium ${browser.version()}`,
    newContext: async () => plain(await browser.newContext()),
    lifecycleContext: async () => {
      const lifecycle = await launchChromiumWithPageLifecycle(executablePath, timeoutMs);
      return chromiumContext(lifecycle.browser.contexts()[0], timeoutMs, lifecycle.close);
    },
    traceMainThreadTasks: () => traceMainThreadTasks(browser),
    close: () => browser.close(),
  };
}

/** Headless Chromium with nothing running in the background. */
export function launchChromium(executablePath: string, timeoutMs: number): Promise<PlaywrightBrowser> {
  return chromium.launch({ executablePath, headless: true, timeout: 2 * timeoutMs, args: CHROMIUM_ARGS });
}

/**
 * Headless Chromium started without Playwright's launch defaults, and attached with `noDefaults`:
 * its default context keeps the back-forward cache (Playwright launches with
 * --disable-back-forward-cache) and has no focus emulation, which would hold every tab visible,
 * so that a tab behind another is hidden, as in a desktop browser, and can be frozen.
 * Pages go into `browser.contexts()[0]`.
 */
export async function launchChromiumWithPageLifecycle(
  executablePath: string,
  timeoutMs: number
): Promise<{ browser: PlaywrightBrowser; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-lifecycle-"));
  const child = spawn(
    executablePath,
    [...CHROMIUM_ARGS, "--headless", "--disable-dev-shm-usage", "--remote-debugging-port=0", `--user-data-dir=${userDataDir}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] }
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  /** Ends the process (by a kill only if it did not quit when asked) and removes its profile. */
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    // Its helper processes may still write there for a moment after it exits.
    await fs.promises.rm(userDataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not print its DevTools endpoint within ${timeoutMs} ms:\n${stderr.slice(-2000)}`)),
        timeoutMs
      );
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
        if (found !== null) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before it listened:\n${stderr.slice(-2000)}`));
      });
    });
    const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true, timeout: timeoutMs });
    return {
      browser,
      close: async () => {
        // Closing a browser Playwright attached to only detaches; Browser.close shuts Chromium down
        // with its helper processes.
        const session = await browser.newBrowserCDPSession().catch(() => undefined);
        await session?.send("Browser.close").catch(() => undefined);
        await browser.close().catch(() => undefined);
        await close();
      },
    };
  } catch (error) {
    child.kill();
    await close();
    throw error;
  }
}

// ---- Firefox (puppeteer-core over WebDriver BiDi) ----

function firefoxTab(page: PuppeteerPage, timeoutMs: number): TestTab {
  page.setDefaultTimeout(timeoutMs);
  const errors: string[] = [];
  const consoleLines: string[] = [];
  page.on("pageerror", (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  return finishTab(
    {
      errors,
      consoleLines,
      goto: async (url) => void (await page.goto(url)),
      evaluate: (fn, arg) => page.evaluate(fn as never, arg),
      screenshot: async (file) => void (await page.screenshot({ path: file, fullPage: true })),
      close: () => page.close({ runBeforeUnload: true }),
      crash: async () => {
        await page.evaluate(() => {
          const stop = (event: Event) => event.stopImmediatePropagation();
          for (const type of ["pagehide", "unload", "beforeunload"]) window.addEventListener(type, stop, true);
        });
        await page.close();
      },
    },
    timeoutMs
  );
}

async function launchFirefoxForTests(executablePath: string, timeoutMs: number): Promise<TestBrowser> {
  // Loaded here, so that a run in Chromium only does not load it.
  const puppeteer = await import("puppeteer-core");
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
    protocol: "webDriverBiDi",
    // Timers in a tab behind another run at most once a second by default; Playwright's Chromium
    // launch turns that throttling off (--disable-background-timer-throttling), and so does this, so
    // that both engines' tests wait on the code under test, not on the throttle.
    extraPrefsFirefox: {
      "dom.min_background_timeout_value": 4,
      "dom.min_background_timeout_value_without_budget_throttling": 4,
      "dom.timeout.enable_budget_timer_throttling": false,
    },
    timeout: 2 * timeoutMs,
  });
  const newContext = async (): Promise<TestContext> => {
    const context = await browser.createBrowserContext();
    const scripts: Array<[fn: (arg: never) => void, arg: unknown]> = [];
    return {
      addInitScript: (fn, arg) => void scripts.push([fn, arg]),
      newTab: async (viewport) => {
        const page = await context.newPage();
        if (viewport !== undefined) await page.setViewport(viewport);
        // A BiDi preload script, bound to this tab.
        for (const [fn, arg] of scripts) await page.evaluateOnNewDocument(fn, arg as never);
        return firefoxTab(page, timeoutMs);
      },
      close: () => context.close(),
    };
  };
  return {
    engine: "firefox",
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`,
    newContext,
    lifecycleContext: newContext,
    close: () => browser.close(),
  };
}

/**
 * Waits, after a leader's tab closed or crashed, until the hedger has seen that tab's socket go, or
 * the next leader connect (it takes the lock, released only once the closed page is gone), so that
 * no item emitted after it reaches the old leader. A closing Chromium page still runs for a moment
 * after close() resolves: an item emitted then reached it and was announced there, and the tests'
 * count of the system notifications went with the page (a handover test and the closed-leader test
 * failed once each so). `connections`: the hedger's connectionCount before the tab went.
 */
export function untilLeaderSocketGone(hedger: MockHedger, account: string, connections: number, waitMs: number): Promise<void> {
  return until("the old leader's socket gone", () => hedger.subscribers(account) === 0 || hedger.connectionCount > connections, waitMs);
}

/**
 * An init script: the Permissions API answers "granted" for notifications, as the browser example
 * reads it (examples/browser/app.ts), beside a test's own `Notification` stand-in.
 */
export function grantNotificationsPermission(): void {
  const granted = { state: "granted", addEventListener: () => undefined, removeEventListener: () => undefined };
  const query = navigator.permissions.query.bind(navigator.permissions);
  const stubbed = (descriptor: PermissionDescriptor) => (descriptor.name === "notifications" ? Promise.resolve(granted) : query(descriptor));
  Object.defineProperty(navigator.permissions, "query", { value: stubbed, configurable: true });
}
