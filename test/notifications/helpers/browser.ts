// Shared by the headless-Chromium tests: Debian's chromium (installed when missing), the usual
// launch, and a launch that keeps the page life cycle (back-forward cache, hidden and frozen tabs).
import { execSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's chromium, installed with apt-get when missing (as on a fresh CI machine). */
export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const command = "apt-get update && apt-get install -y chromium";
  const fix = `Install Debian's chromium package (${command}, as root), or set CHROMIUM_PATH to a Chromium binary.`;
  if (process.platform !== "linux" || process.getuid?.() !== 0) {
    throw new Error(`The browser test needs Chromium at ${CHROMIUM}, and cannot install it here (not root on Linux). ${fix}`);
  }
  console.log(`    Chromium is missing at ${CHROMIUM}; running: ${command}`);
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
    throw new Error(`Installing Chromium failed: ${e.message}\n${tail}\n${fix}`);
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but there is still no ${CHROMIUM}. ${fix}`);
  return CHROMIUM;
}

/** Headless Chromium with nothing running in the background. */
export function launchChromium(executablePath: string, timeoutMs: number): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: 2 * timeoutMs,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Headless Chromium started without Playwright's launch defaults, and attached with `noDefaults`:
 * its default context keeps the back-forward cache (Playwright launches with
 * --disable-back-forward-cache) and has no focus emulation, which would hold every tab visible,
 * so that a tab behind another is hidden, as in a desktop browser, and can be frozen.
 * Pages go into `browser.contexts()[0]`.
 */
export async function launchChromiumWithPageLifecycle(executablePath: string, timeoutMs: number): Promise<{ browser: Browser; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-lifecycle-"));
  const child = spawn(
    executablePath,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--remote-debugging-port=0",
      `--user-data-dir=${userDataDir}`,
      "about:blank",
    ],
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
