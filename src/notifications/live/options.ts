// The middleware's options, checked and filled with their defaults once, when it is created.
import { DEFAULT_TIMEOUT_MS, globalTimers } from "../effects";
import { DEFAULT_NEW_NOTIFICATION_FLAG_MS } from "../state/new-notification-flag";
import { resolveBackoff } from "./backoff";
import { checkCrossTab } from "./cross-tab/environment";
import { globalPage } from "./page-lifecycle";
import type { LiveOptions, NotificationsMiddlewareOptions } from "./types";

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
    maxItems: options.maxItems ?? 10_000,
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
    onNewNotification: options.onNewNotification,
  };
  for (const name of ["connectTimeoutMs", "maxMessageBytes", "maxItems", "backfillPageSize", "backfillMaxPages", "fetchTimeoutMs"] as const) {
    check(name, resolved[name], false);
  }
  check("newNotificationFlagMs", resolved.newNotificationFlagMs, true);
  checkCrossTab(resolved.crossTab);
  if (resolved.maxResponseBytes !== undefined) check("maxResponseBytes", resolved.maxResponseBytes, false);
  if (resolved.onNewNotification !== undefined && typeof resolved.onNewNotification !== "function") {
    throw new TypeError("notifications: middleware option onNewNotification must be a function");
  }
  return resolved;
}
