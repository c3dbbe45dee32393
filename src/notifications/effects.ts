// The thunk's extra argument, checked and filled with the real defaults.
import { NotificationsInputError } from "./errors";
import type { FetchLike, NotificationsExtraArgument, NotificationsLogger, NotificationsTimers } from "./types";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface NotificationsEffects {
  /** Undefined only where there is no global fetch and none was passed. */
  fetch: FetchLike | undefined;
  logger: NotificationsLogger;
  timeoutMs: number;
  timers: NotificationsTimers;
}

const globalTimers: NotificationsTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function invalid(field: string, expected: string): NotificationsInputError {
  return new NotificationsInputError(
    `notifications: the thunk extra argument's "${field}" must be ${expected}; fix it in thunk.withExtraArgument({...}) or leave it out for the default`
  );
}

/**
 * Reads `{ fetch?, logger?, timeoutMs?, timers? }` from the thunk's extra argument. Another kind of
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
  const fetchFn = e.fetch ?? (typeof globalThis.fetch === "function" ? globalThis.fetch.bind(globalThis) : undefined);
  return { fetch: fetchFn, logger, timeoutMs, timers };
}
