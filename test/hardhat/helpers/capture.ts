import type { Logger } from "../../../src/hardhat/internal/output/log";

export interface CapturedLogger extends Logger {
  lines: string[];
  text(): string;
}

/** A logger that keeps every line, for assertions on what an operator would see. */
export function captureLogger(): CapturedLogger {
  const lines: string[] = [];
  const push = (message: string) => void lines.push(message);
  return { lines, info: push, warn: push, error: push, text: () => lines.join("\n") };
}

/** Collects everything written through console.* while `body` runs (plugins print there directly). */
export async function captureConsole<T>(body: () => Promise<T>): Promise<{ result: T; output: string }> {
  const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  let output = "";
  const sink = (...args: unknown[]) => void (output += args.map(String).join(" ") + "\n");
  Object.assign(console, { log: sink, info: sink, warn: sink, error: sink });
  try {
    const result = await body();
    return { result, output };
  } finally {
    Object.assign(console, original);
  }
}
