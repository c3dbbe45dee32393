// The backfill: after every open (the first one too), fetch over REST what was sent while the
// socket was not open, from the newest modifyTime seen minus an overlap, never before the visit's
// own start (the connect payload's `since`). The list rules make the overlap harmless
// (docs/contributing/design.md#newness-and-replay). A failed backfill is retried with backoff.
import { globalFetch } from "../effects";
import { fetchNotificationPage } from "../fetch/page";
import type { NotificationDetails } from "../types";
import { backoffDelay } from "./backoff";
import { clearTimer, isCurrent } from "./context";
import type { LiveContext, Session } from "./types";

/** Items older than the newest seen by this much are fetched again (clock skew, equal seconds). */
export const BACKFILL_OVERLAP_SECONDS = 60;
/** Attempts of one backfill before it gives up with a warning. */
export const BACKFILL_ATTEMPTS = 3;

export interface BackfillHandler {
  /** Starts a backfill for the session, replacing one already running for it. */
  start(s: Session): void;
  /** Stops the session's backfill and its retry, if any. */
  stop(s: Session): void;
}

/** A session's backfill: the request in flight, the retry waiting, the warning said once. */
interface Run {
  controller?: AbortController;
  retryTimer?: unknown;
  warnedNoBaseUrl?: boolean;
}

interface Backfill {
  ctx: LiveContext;
  ingest: (batch: NotificationDetails[]) => void;
  runs: WeakMap<Session, Run>;
}

export function buildBackfillHandler(ctx: LiveContext, ingest: (batch: NotificationDetails[]) => void): BackfillHandler {
  const backfill: Backfill = { ctx, ingest, runs: new WeakMap() };
  return {
    start: (s) => void run(backfill, s, 0),
    stop: (s) => stop(backfill, s),
  };
}

/** Unix seconds to fetch from: the newest modifyTime seen (or the session's start), minus the overlap. */
export function backfillSince(lastUpdateTimestamp: string, startedAtSeconds: number): number {
  const seen = Number(lastUpdateTimestamp);
  const newest = seen > 0 ? seen : startedAtSeconds;
  return Math.max(0, Math.floor(newest) - BACKFILL_OVERLAP_SECONDS);
}

function runOf(backfill: Backfill, s: Session): Run {
  let r = backfill.runs.get(s);
  if (r === undefined) {
    r = {};
    backfill.runs.set(s, r);
  }
  return r;
}

function stop(backfill: Backfill, s: Session): void {
  const r = backfill.runs.get(s);
  if (r === undefined) return;
  r.controller?.abort();
  r.controller = undefined;
  clearTimer(backfill.ctx, r.retryTimer);
  r.retryTimer = undefined;
}

async function run(backfill: Backfill, s: Session, attempt: number): Promise<void> {
  const { ctx } = backfill;
  const { baseUrl, appName } = s.payload;
  if (!ctx.options.backfill) return;
  const r = runOf(backfill, s);
  if (!baseUrl || !appName) {
    if (!r.warnedNoBaseUrl) {
      ctx.options.logger.warn(
        "notifications: connectNotifications has no baseUrl/appName; notifications sent while the socket was not open will not be backfilled"
      );
    }
    r.warnedNoBaseUrl = true;
    return;
  }
  stop(backfill, s);
  const controller = new AbortController();
  r.controller = controller;
  try {
    await fetchPages(backfill, s, controller.signal);
  } catch (error) {
    if (isCurrent(ctx, s) && !controller.signal.aborted) retryLater(backfill, s, attempt, error as Error);
  } finally {
    if (r.controller === controller) r.controller = undefined;
  }
}

/** Reads pages until a short one (or the page bound), ingesting each as it arrives. */
async function fetchPages(backfill: Backfill, s: Session, signal: AbortSignal): Promise<void> {
  const { ctx } = backfill;
  const { backfillPageSize: size, backfillMaxPages: maxPages, logger } = ctx.options;
  const since = Math.max(backfillSince(ctx.store.getState().notifications.lastUpdateTimestamp, s.startedAtSeconds), s.payload.since ?? 0);
  const { fetchTimeoutMs: timeoutMs, maxResponseBytes, timers } = ctx.options;
  const effects = { fetch: ctx.options.fetch ?? globalFetch(), logger, timeoutMs, maxResponseBytes, timers, signal };
  const request = { baseUrl: s.payload.baseUrl!, account: s.payload.account, appName: s.payload.appName!, modifyTimeGte: since };
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchNotificationPage({ ...request, start: page * size, size }, effects);
    if (!isCurrent(ctx, s) || signal.aborted) return;
    backfill.ingest(result.notifications);
    if (result.itemCount < size) return;
  }
  logger.warn(`notifications: backfill stopped at ${maxPages} pages of ${size}; older missed notifications were not fetched`);
}

function retryLater(backfill: Backfill, s: Session, attempt: number, error: Error): void {
  const { ctx } = backfill;
  if (attempt + 1 >= BACKFILL_ATTEMPTS) {
    ctx.options.logger.warn(
      `notifications: backfill failed ${BACKFILL_ATTEMPTS} times (${error.message}); some missed notifications may not show until the next fetch`
    );
    return;
  }
  const r = runOf(backfill, s);
  r.retryTimer = ctx.options.timers.setTimeout(
    () => {
      r.retryTimer = undefined;
      if (isCurrent(ctx, s)) void run(backfill, s, attempt + 1);
    },
    backoffDelay(ctx.options.backoff, attempt, ctx.options.random())
  );
}
