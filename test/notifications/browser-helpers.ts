// Shared by the headless-Chromium tests: Debian's chromium (installed when missing) and one launch.
import { execSync } from "child_process";
import * as fs from "fs";
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
