// The live connection: a Redux middleware that keeps one WebSocket to the hedger for the connected
// account, reconnects with backoff, subscribes again on every open, backfills what was missed over
// REST, and feeds every message through the same parsing and list rules as the REST fetch.
// Browser-safe: the WebSocket constructor is passed in (the global one by default).
import type { Middleware } from "redux";
import { ingestNotifications, setConnectionStatus, updateIsNewNotification, type NotificationsAction } from "./actions";
import { backoffDelay, resolveBackoff, type BackoffOptions, type BackoffPolicy } from "./backoff";
import { CONNECT, DISCONNECT, type ConnectNotificationsPayload } from "./connection";
import { DEFAULT_TIMEOUT_MS } from "./effects";
import { NotificationsInputError } from "./errors";
import { fetchNotificationPage } from "./fetch";
import { parseNotificationResponses } from "./transform";
import type {
  ConnectionStatus,
  FetchLike,
  NotificationDetails,
  NotificationsLogger,
  NotificationsRootState,
  NotificationsTimers,
} from "./types";

/** The part of the WebSocket API the middleware uses; the browser's and `ws` both have it. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // `any` events, so that both the DOM's and `ws`'s constructors are accepted without a cast.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface NotificationsMiddlewareOptions {
  /** The WebSocket constructor: the global one by default; in Node pass `ws`. */
  WebSocket?: WebSocketConstructor;
  backoff?: BackoffOptions;
  /** Bound on each connect attempt. Default 10000. */
  connectTimeoutMs?: number;
  /** Largest message accepted, in bytes. Default 1 MiB. */
  maxMessageBytes?: number;
  /** How long isNewNotification stays set. Default 1000. */
  newNotificationFlagMs?: number;
  /** Backfill over REST after a reconnect. Default true. */
  backfill?: boolean;
  backfillPageSize?: number;
  backfillMaxPages?: number;
  /** Timeout of each backfill request. Default 10000. */
  fetchTimeoutMs?: number;
  fetch?: FetchLike;
  logger?: NotificationsLogger;
  timers?: NotificationsTimers;
  clock?: { now(): number };
  /** Source of jitter, in [0, 1). Default Math.random. */
  random?: () => number;
}

/** Answered by the middleware so that the updater can tell it is installed. */
export const MIDDLEWARE_PROBE = "notifications/middlewareProbe";

/** Items older than the newest seen by this much are re-fetched too (clock skew, equal seconds). */
const BACKFILL_OVERLAP_SECONDS = 60;
const BACKFILL_RETRIES = 3;

interface Session {
  payload: ConnectNotificationsPayload;
  socket: WebSocketLike | undefined;
  /** Failed attempts since the connection was last stable. */
  attempts: number;
  /** Whether this session has already tried to connect once. */
  tried: boolean;
  /** The missing-baseUrl warning is said once per session. */
  warnedNoBackfill?: boolean;
  startedAtSeconds: number;
  stopped: boolean;
  retryTimer?: unknown;
  connectTimer?: unknown;
  stableTimer?: unknown;
  backfill?: AbortController;
}

const noop = () => undefined;

function sameConnection(a: ConnectNotificationsPayload, b: ConnectNotificationsPayload): boolean {
  return a.url === b.url && a.account === b.account && a.whitelisted === b.whitelisted && a.baseUrl === b.baseUrl && a.appName === b.appName;
}

function validatePayload(p: ConnectNotificationsPayload): void {
  if (typeof p !== "object" || p === null) throw new NotificationsInputError("notifications: connectNotifications needs { url, account, whitelisted }");
  if (typeof p.url !== "string" || !/^wss?:\/\//i.test(p.url.trim())) {
    throw new NotificationsInputError(`notifications: connectNotifications url must be a ws:// or wss:// URL, got ${JSON.stringify(p.url)}`);
  }
  if (typeof p.account !== "string" || p.account.trim() === "") {
    throw new NotificationsInputError("notifications: connectNotifications account is empty; pass the connected address");
  }
  if (typeof p.whitelisted !== "boolean") {
    throw new NotificationsInputError("notifications: connectNotifications whitelisted must be true or false");
  }
}

/** Byte length of a UTF-8 string, computed only when the character count cannot decide. */
function exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(text).length > maxBytes;
}

function messageText(data: unknown, maxBytes: number): string | { drop: string } {
  if (typeof data === "string") return exceeds(data, maxBytes) ? { drop: `a message over ${maxBytes} bytes` } : data;
  const bytes =
    data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : undefined;
  if (bytes === undefined) return { drop: "a message that is neither text nor bytes" };
  if (bytes.byteLength > maxBytes) return { drop: `a message over ${maxBytes} bytes` };
  return new TextDecoder().decode(bytes);
}

export function createNotificationsMiddleware(options: NotificationsMiddlewareOptions = {}): Middleware<{}, NotificationsRootState> {
  const policy: BackoffPolicy = resolveBackoff(options.backoff);
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const maxMessageBytes = options.maxMessageBytes ?? 1024 * 1024;
  const flagMs = options.newNotificationFlagMs ?? 1000;
  const backfillEnabled = options.backfill ?? true;
  const pageSize = options.backfillPageSize ?? 100;
  const maxPages = options.backfillMaxPages ?? 100;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? console;
  const timers: NotificationsTimers = options.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const clock = options.clock ?? Date;
  const random = options.random ?? Math.random;
  for (const [name, value] of Object.entries({ connectTimeoutMs, maxMessageBytes, backfillPageSize: pageSize, backfillMaxPages: maxPages, fetchTimeoutMs })) {
    if (typeof value !== "number" || !(value > 0)) throw new TypeError(`notifications: middleware option ${name} must be a positive number`);
  }

  return (api) => {
    const dispatch = api.dispatch as unknown as (action: NotificationsAction) => unknown;
    let session: Session | undefined;
    let status: ConnectionStatus = "idle";
    let pending: NotificationDetails[] = [];
    let flushTimer: unknown;
    let flagTimer: unknown;

    const setStatus = (next: ConnectionStatus) => {
      if (next === status) return;
      status = next;
      dispatch(setConnectionStatus(next));
    };

    const clear = (handle: unknown) => {
      if (handle !== undefined) timers.clearTimeout(handle);
    };

    function flagNew(): void {
      clear(flagTimer);
      if (!api.getState().notifications.isNewNotification) dispatch(updateIsNewNotification(true));
      flagTimer = timers.setTimeout(() => {
        flagTimer = undefined;
        dispatch(updateIsNewNotification(false));
      }, flagMs);
    }

    /** One store update for a whole batch; the flag is raised only if a visible item changed the list. */
    function ingest(batch: NotificationDetails[]): void {
      if (batch.length === 0) return;
      const before = api.getState().notifications.unreadNotifications;
      dispatch(ingestNotifications(batch));
      if (api.getState().notifications.unreadNotifications !== before && batch.some((n) => n.showInModal)) flagNew();
    }

    function flush(): void {
      flushTimer = undefined;
      const batch = pending;
      pending = [];
      ingest(batch);
    }

    function abandon(socket: WebSocketLike | undefined): void {
      if (socket === undefined) return;
      // Keep an error handler: `ws` emits "error" when a connecting socket is closed.
      socket.onopen = noop;
      socket.onmessage = noop;
      socket.onclose = noop;
      socket.onerror = noop;
      try {
        socket.close();
      } catch {
        // already closed
      }
    }

    function teardown(s: Session): void {
      s.stopped = true;
      clear(s.retryTimer);
      clear(s.connectTimer);
      clear(s.stableTimer);
      s.backfill?.abort();
      abandon(s.socket);
      s.socket = undefined;
    }

    function scheduleRetry(s: Session): void {
      if (s.stopped) return;
      if (s.attempts >= policy.maxRetries) {
        logger.error(`notifications: gave up reconnecting to ${s.payload.url} after ${s.attempts} retries`);
        setStatus("closed");
        return;
      }
      const delay = backoffDelay(policy, s.attempts, random());
      s.attempts += 1;
      setStatus("reconnecting");
      s.retryTimer = timers.setTimeout(() => {
        s.retryTimer = undefined;
        open(s);
      }, delay);
    }

    async function backfill(s: Session, retry = 0): Promise<void> {
      const { baseUrl, appName, account } = s.payload;
      if (!backfillEnabled) return;
      if (!baseUrl || !appName) {
        if (!s.warnedNoBackfill) logger.warn("notifications: connectNotifications has no baseUrl/appName; notifications sent while the socket was not open will not be backfilled");
        s.warnedNoBackfill = true;
        return;
      }
      s.backfill?.abort();
      const controller = new AbortController();
      s.backfill = controller;
      const seen = Number(api.getState().notifications.lastUpdateTimestamp);
      const newest = seen > 0 ? seen : s.startedAtSeconds;
      const since = Math.max(0, Math.floor(newest) - BACKFILL_OVERLAP_SECONDS);
      try {
        for (let page = 0; page < maxPages; page++) {
          const result = await fetchNotificationPage(
            { baseUrl, account, appName, modifyTimeGte: since, start: page * pageSize, size: pageSize },
            { fetch: options.fetch ?? globalThis.fetch?.bind(globalThis), logger, timeoutMs: fetchTimeoutMs, timers, signal: controller.signal }
          );
          if (session !== s || controller.signal.aborted) return;
          ingest(result.notifications);
          if (result.itemCount < pageSize) return;
        }
        logger.warn(`notifications: backfill stopped at ${maxPages} pages of ${pageSize}; older missed notifications were not fetched`);
      } catch (error) {
        if (session !== s || controller.signal.aborted) return;
        if (retry + 1 >= BACKFILL_RETRIES) {
          logger.warn(`notifications: backfill failed ${BACKFILL_RETRIES} times (${(error as Error).message}); some missed notifications may not show until the next fetch`);
          return;
        }
        s.retryTimer = timers.setTimeout(() => {
          s.retryTimer = undefined;
          if (session === s && !s.stopped) void backfill(s, retry + 1);
        }, backoffDelay(policy, retry, random()));
      } finally {
        if (s.backfill === controller) s.backfill = undefined;
      }
    }

    function open(s: Session): void {
      if (s.stopped) return;
      const Ctor = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
      if (Ctor === undefined) {
        logger.error("notifications: no WebSocket constructor; pass one as createNotificationsMiddleware({ WebSocket }) (in Node: the `ws` package)");
        setStatus("closed");
        return;
      }
      const reopening = s.tried;
      s.tried = true;
      setStatus(reopening ? "reconnecting" : "connecting");
      let socket: WebSocketLike;
      try {
        socket = new Ctor(s.payload.url);
      } catch (error) {
        logger.warn(`notifications: cannot open ${s.payload.url}: ${(error as Error).message}`);
        scheduleRetry(s);
        return;
      }
      s.socket = socket;
      const current = () => session === s && s.socket === socket && !s.stopped;
      s.connectTimer = timers.setTimeout(() => {
        s.connectTimer = undefined;
        if (!current()) return;
        logger.warn(`notifications: no connection to ${s.payload.url} within ${connectTimeoutMs} ms`);
        abandon(socket);
        s.socket = undefined;
        scheduleRetry(s);
      }, connectTimeoutMs);
      socket.onopen = () => {
        if (!current()) return;
        clear(s.connectTimer);
        s.connectTimer = undefined;
        socket.send(JSON.stringify({ address: [s.payload.account] }));
        setStatus("open");
        s.stableTimer = timers.setTimeout(() => {
          s.stableTimer = undefined;
          s.attempts = 0;
        }, policy.resetAfterMs);
        // Every open backfills, the first one too: whatever happened between an earlier REST fetch
        // (or the last drop) and this subscription would otherwise never arrive.
        void backfill(s);
      };
      socket.onmessage = (event) => {
        if (!current()) return;
        const text = messageText(event.data, maxMessageBytes);
        if (typeof text !== "string") {
          logger.warn(`notifications: dropped ${text.drop}`);
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          logger.warn(`notifications: dropped a message that is not JSON: ${text.slice(0, 80)}`);
          return;
        }
        const items = parseNotificationResponses(json, logger);
        if (items.length === 0) return;
        for (const item of items) pending.push(item);
        // Messages arriving together are applied as one store update.
        if (flushTimer === undefined) flushTimer = timers.setTimeout(flush, 0);
      };
      socket.onerror = noop; // a close event always follows
      socket.onclose = () => {
        if (!current()) return;
        clear(s.connectTimer);
        clear(s.stableTimer);
        s.connectTimer = undefined;
        s.stableTimer = undefined;
        s.socket = undefined;
        s.backfill?.abort();
        scheduleRetry(s);
      };
    }

    function connect(payload: ConnectNotificationsPayload): void {
      validatePayload(payload);
      if (session !== undefined && !session.stopped && sameConnection(session.payload, payload)) return;
      if (session !== undefined) {
        teardown(session);
        // Whatever the old account's socket delivered but was not applied yet stays out of the store.
        pending = [];
        clear(flushTimer);
        flushTimer = undefined;
      }
      session = undefined;
      if (!payload.whitelisted) {
        setStatus("idle");
        return;
      }
      session = {
        payload: { ...payload },
        socket: undefined,
        attempts: 0,
        tried: false,
        startedAtSeconds: Math.floor(clock.now() / 1000),
        stopped: false,
      };
      open(session);
    }

    function disconnect(): void {
      if (session !== undefined) {
        teardown(session);
        session = undefined;
      }
      clear(flushTimer);
      flush();
      clear(flagTimer);
      flagTimer = undefined;
      if (api.getState().notifications.isNewNotification) dispatch(updateIsNewNotification(false));
      setStatus(status === "idle" ? "idle" : "closed");
    }

    return (next) => (action) => {
      const type = (action as { type?: unknown }).type;
      if (type === MIDDLEWARE_PROBE) return true;
      if (type === CONNECT) {
        const result = next(action);
        connect((action as { payload: ConnectNotificationsPayload }).payload);
        return result;
      }
      if (type === DISCONNECT) {
        const result = next(action);
        disconnect();
        return result;
      }
      return next(action);
    };
  };
}
