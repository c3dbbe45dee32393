// What plugins print straight to the console (console.log, process.stdout.write) while several
// chains work in one process (Hardhat 3's `--networks`): each whole line goes to the logger of the
// chain whose work printed it, which prefixes it with the network and redacts it. A chain's work runs
// inside its own async context (AsyncLocalStorage), which Node carries through promises, timers and
// I/O callbacks, so a line printed deep inside the upgrades plugin or the explorer plugin still
// knows its chain. A line printed outside any chain's work goes to the run's own log, redacted.
import { AsyncLocalStorage } from "async_hooks";
import type { TextStream } from "./chain-display";
import type { Logger } from "./log";

/** The part of a process stream this replaces the write of. */
export interface CapturedStream {
  write(...args: never[]): boolean;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export interface ConsoleCapture {
  /** The streams as they were, for the display (what it writes is not captured again). */
  readonly out: TextStream;
  readonly err: TextStream;
  /** Runs `body` as `network`'s work: every line it prints, now or later, is that chain's. */
  within<T>(network: string, body: () => T): T;
  /** Prints the partial lines left, and gives the streams their own write back. */
  restore(): void;
}

/** The logger for a line of `network` (undefined: printed outside any chain's work). */
export type LineRoute = (network: string | undefined) => Logger;

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;

function textOf(chunk: unknown, encoding: unknown): string {
  if (typeof chunk === "string") return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString(typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return String(chunk);
}

/** Replaces `stream`'s write; returns the original write (bound) and what puts it back. */
function divert(stream: CapturedStream, level: "info" | "warn", storage: AsyncLocalStorage<string>, route: LineRoute) {
  const target = stream as unknown as { write: Write };
  const original = target.write;
  const partial = new Map<string | undefined, string>();
  const emit = (network: string | undefined, line: string) => route(network)[level](line.replace(/\r$/, ""));
  target.write = (chunk, encoding, callback) => {
    const network = storage.getStore();
    const lines = ((partial.get(network) ?? "") + textOf(chunk, encoding)).split("\n");
    partial.set(network, lines.pop()!);
    for (const line of lines) emit(network, line);
    const done = typeof encoding === "function" ? encoding : callback;
    // As a stream calls it once the chunk is written: no error.
    if (typeof done === "function") process.nextTick(done, null);
    return true;
  };
  return {
    write: (text: string) => original.call(stream, text),
    restore() {
      target.write = original;
      for (const [network, rest] of partial) if (rest !== "") emit(network, rest);
      partial.clear();
    },
  };
}

/** A stream the display writes to: `write` goes around the capture, the terminal's size is read live. */
function around(stream: CapturedStream, write: (text: string) => unknown): TextStream {
  return {
    write,
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
    get rows() {
      return stream.rows;
    },
  };
}

/**
 * Captures `stdout` and `stderr` (default: the process's) until restore(): a line on stdout goes to
 * the route's info, on stderr to its warn.
 */
export function captureConsole(route: LineRoute, streams: { stdout: CapturedStream; stderr: CapturedStream } = process): ConsoleCapture {
  const storage = new AsyncLocalStorage<string>();
  const out = divert(streams.stdout, "info", storage, route);
  const err = divert(streams.stderr, "warn", storage, route);
  return {
    out: around(streams.stdout, out.write),
    err: around(streams.stderr, err.write),
    within: (network, body) => storage.run(network, body),
    restore() {
      out.restore();
      err.restore();
    },
  };
}
