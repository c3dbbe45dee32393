// Effects are passed in: the HTTP `fetch`, the logger and the timers, with the real ones as
// defaults. Thunks get theirs from redux-thunk's extra argument, checked here.
import { NotificationsInputError } from "./errors";

export interface NotificationsLogger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface NotificationsTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The thunk's extra argument (`thunk.withExtraArgument({...})`). Every field is optional; the
 * defaults are the global `fetch`, `console`, a 10 s timeout, the global timers, and a bound on each
 * page's body of 4 KiB per requested item, at least 1 MiB.
 */
export interface NotificationsExtraArgument {
  fetch?: FetchLike;
  logger?: NotificationsLogger;
  timeoutMs?: number;
  timers?: NotificationsTimers;
  /** Largest body of one page, in bytes; a page over it is a failed fetch. */
  maxResponseBytes?: number;
}

/** Bound on each REST request, body included, unless the caller gives another. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const globalTimers: NotificationsTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The global fetch, bound, or undefined where there is none. Read at call time, not import time. */
export function globalFetch(): FetchLike | undefined {
  return typeof globalThis.fetch === "function" ? globalThis.fetch.bind(globalThis) : undefined;
}

export interface NotificationsEffects {
  /** Undefined only where there is no global fetch and none was passed. */
  fetch: FetchLike | undefined;
  logger: NotificationsLogger;
  timeoutMs: number;
  timers: NotificationsTimers;
  /** Undefined for the default, which depends on the page size. */
  maxResponseBytes: number | undefined;
}

function invalid(field: string, expected: string): NotificationsInputError {
  return new NotificationsInputError(
    `notifications: the thunk extra argument's "${field}" must be ${expected}; fix it in thunk.withExtraArgument({...}) or leave it out for the default`
  );
}

/**
 * Reads `{ fetch?, logger?, timeoutMs?, timers?, maxResponseBytes? }` from the thunk's extra argument. Another kind of
 * extra argument (a store built for other thunks) simply gets the defaults.
 */
export function resolveEffects(extra: unknown): NotificationsEffects {
  const e = (typeof extra === "object" && extra !== null ? extra : {}) as NotificationsExtraArgument;
  if (e.fetch !== undefined && typeof e.fetch !== "function") throw invalid("fetch", "a fetch function");
  const logger = e.logger ?? console;
  if (typeof logger.warn !== "function" || typeof logger.error !== "function") {
    throw invalid("logger", "an object with warn and error methods, like console");
  }
  const timeoutMs = e.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) throw invalid("timeoutMs", "a positive number of milliseconds");
  const timers = e.timers ?? globalTimers;
  if (typeof timers.setTimeout !== "function" || typeof timers.clearTimeout !== "function") {
    throw invalid("timers", "an object with setTimeout and clearTimeout");
  }
  const { maxResponseBytes } = e;
  if (maxResponseBytes !== undefined && (typeof maxResponseBytes !== "number" || !(maxResponseBytes > 0))) {
    throw invalid("maxResponseBytes", "a positive number of bytes");
  }
  return { fetch: e.fetch ?? globalFetch(), logger, timeoutMs, timers, maxResponseBytes };
}
