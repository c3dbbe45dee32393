// The middleware's options, checked and filled with their defaults once, when it is created.
import { DEFAULT_TIMEOUT_MS, globalTimers, type FetchLike, type NotificationsLogger, type NotificationsTimers } from "../effects";
import { DEFAULT_NEW_NOTIFICATION_FLAG_MS } from "../state/new-notification-flag";
import { resolveBackoff, type BackoffOptions, type BackoffPolicy } from "./backoff";
import type { CrossTabEffects } from "./cross-tab/environment";
import { globalPage, type PageEventTarget } from "./page-lifecycle";
import type { WebSocketConstructor } from "./session";

export interface NotificationsMiddlewareOptions {
  /** The WebSocket constructor: the global one by default; in Node pass `ws`. */
  WebSocket?: WebSocketConstructor;
  backoff?: BackoffOptions;
  /** Bound on each connect attempt. Default 10000. */
  connectTimeoutMs?: number;
  /** Largest message accepted, in bytes. Default 1 MiB. */
  maxMessageBytes?: number;
  /** How long isNewNotification stays set. Default DEFAULT_NEW_NOTIFICATION_FLAG_MS (1000). */
  newNotificationFlagMs?: number;
  /** Backfill over REST after every open. Default true. */
  backfill?: boolean;
  backfillPageSize?: number;
  backfillMaxPages?: number;
  /** Timeout of each backfill request. Default 10000. */
  fetchTimeoutMs?: number;
  /** Largest body of one backfill page, in bytes. Default 4 KiB per item of backfillPageSize, at least 1 MiB. */
  maxResponseBytes?: number;
  fetch?: FetchLike;
  logger?: NotificationsLogger;
  timers?: NotificationsTimers;
  clock?: { now(): number };
  /** Source of jitter, in [0, 1). Default Math.random. */
  random?: () => number;
  /**
   * Share one socket among the tabs of an origin (one leader tab by Web Locks, the others mirror it
   * over BroadcastChannel). Default true; false gives every store its own socket. Without the two
   * APIs, outside a secure context, or in Node, every store keeps its own socket anyway. Tests may
   * pass the two APIs instead.
   */
  crossTab?: boolean | CrossTabEffects;
  /**
   * Where pagehide and pageshow arrive: the page's `window` by default (none in Node). The
   * connection closes on pagehide and opens again when the page is restored from the back-forward
   * cache. Tests may pass an EventTarget.
   */
  page?: PageEventTarget;
}

/** Every option filled in. `WebSocket` and `fetch` stay undefined for "the global one, when needed". */
export interface LiveOptions {
  WebSocket: WebSocketConstructor | undefined;
  backoff: BackoffPolicy;
  connectTimeoutMs: number;
  maxMessageBytes: number;
  newNotificationFlagMs: number;
  backfill: boolean;
  backfillPageSize: number;
  backfillMaxPages: number;
  fetchTimeoutMs: number;
  /** Undefined for the default, which depends on the page size. */
  maxResponseBytes: number | undefined;
  fetch: FetchLike | undefined;
  logger: NotificationsLogger;
  timers: NotificationsTimers;
  clock: { now(): number };
  random: () => number;
  crossTab: boolean | CrossTabEffects;
  page: PageEventTarget | undefined;
}

function check(name: string, value: number, allowZero: boolean): void {
  if (typeof value !== "number" || Number.isNaN(value) || !(allowZero ? value >= 0 : value > 0)) {
    const expected = allowZero ? "a non-negative number" : "a positive number";
    throw new TypeError(`notifications: middleware option ${name} must be ${expected}`);
  }
}

/** Fills in the defaults; a bad value throws a TypeError naming the option. */
export function resolveLiveOptions(options: NotificationsMiddlewareOptions = {}): LiveOptions {
  const resolved: LiveOptions = {
    WebSocket: options.WebSocket,
    backoff: resolveBackoff(options.backoff),
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024,
    newNotificationFlagMs: options.newNotificationFlagMs ?? DEFAULT_NEW_NOTIFICATION_FLAG_MS,
    backfill: options.backfill ?? true,
    backfillPageSize: options.backfillPageSize ?? 100,
    backfillMaxPages: options.backfillMaxPages ?? 100,
    fetchTimeoutMs: options.fetchTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes,
    fetch: options.fetch,
    logger: options.logger ?? console,
    timers: options.timers ?? globalTimers,
    clock: options.clock ?? Date,
    random: options.random ?? Math.random,
    crossTab: options.crossTab ?? true,
    page: options.page ?? globalPage(),
  };
  for (const name of ["connectTimeoutMs", "maxMessageBytes", "backfillPageSize", "backfillMaxPages", "fetchTimeoutMs"] as const) {
    check(name, resolved[name], false);
  }
  check("newNotificationFlagMs", resolved.newNotificationFlagMs, true);
  if (resolved.maxResponseBytes !== undefined) check("maxResponseBytes", resolved.maxResponseBytes, false);
  return resolved;
}
