// The types that the parts of live/ share: the one small internal state (LiveContext) every part is
// built on, the options as given and as resolved, the socket's shape, a session, and the two
// browser APIs that cross-tab/ shares the socket with.
import type { FetchLike, NotificationsLogger, NotificationsTimers } from "../effects";
import type { ConnectNotificationsPayload, NotificationsAction } from "../state/actions";
import type { ConnectionStatus, NotificationDetails, NotificationsRootState } from "../types";
import type { BackoffOptions, BackoffPolicy } from "./backoff";
import type { PageEventTarget } from "./page-lifecycle";

/** What the middleware uses of the store (its MiddlewareAPI). */
export interface LiveStore {
  dispatch(action: NotificationsAction): unknown;
  getState(): NotificationsRootState;
}

export interface LiveContext {
  readonly store: LiveStore;
  readonly options: LiveOptions;
  /** The session of the connected account; undefined when disconnected or not whitelisted. */
  session: Session | undefined;
  status: ConnectionStatus;
}

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
  /**
   * The most notifications the store holds, read and unread together, set on every
   * `notifications/ingest` the middleware sees: beyond it, read ones drop first, oldest first, then
   * the oldest unread. Default 10000; Infinity for no bound.
   */
  maxItems?: number;
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
   * Share one socket among the tabs of an origin. `"leader"`: one leader tab by Web Locks, the others
   * mirror it over BroadcastChannel; a tab about to be frozen hands the socket over. `true` (the
   * default): the best available, today `"leader"` where the browser has both APIs in a secure
   * context, else every store its own socket (as in Node). `false`: every store its own socket.
   * Tests may pass the two APIs instead (docs/live-notifications.md#one-socket-per-browser).
   */
  crossTab?: boolean | "leader" | CrossTabEffects;
  /**
   * Called once for each new notification, in the tab that owns the socket (the leader; every store
   * with its own socket), after the store holds it: one that its socket or backfill put into unread,
   * whose id (or quote key) no list of the store held before. Never in the other tabs, never for a
   * replay, never for one that arrives read. Pass `item.id` as the OS notification's `tag`, a second
   * guard. What it throws is logged (`logger.error`), and changes nothing else.
   */
  onNewNotification?: (item: NotificationDetails) => void;
  /**
   * Where pagehide, pageshow and online arrive, with its `document` for visibilitychange: the page's
   * `window` by default (none in Node). The connection closes on pagehide and opens again when the
   * page is restored from the back-forward cache; after maxRetries, it tries again when the browser
   * comes online or the tab becomes visible. Tests may pass an EventTarget.
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
  maxItems: number;
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
  crossTab: boolean | "leader" | CrossTabEffects;
  page: PageEventTarget | undefined;
  onNewNotification: ((item: NotificationDetails) => void) | undefined;
}

/** The part of the WebSocket API the middleware uses; the browser's and `ws` both have it. */
export interface WebSocketLike {
  readonly readyState: number;
  /** Set to "arraybuffer" where the socket has it, so that binary frames can be read at once. */
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /* eslint-disable @typescript-eslint/no-explicit-any -- `any` events, so that both the DOM's and `ws`'s constructors are accepted without a cast */
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
  /* eslint-enable @typescript-eslint/no-explicit-any -- end of the event handlers */
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface Session {
  readonly payload: ConnectNotificationsPayload;
  socket: WebSocketLike | undefined;
  /** Failed attempts since the connection was last stable. */
  attempts: number;
  /** Whether this session has already tried to connect once. */
  tried: boolean;
  readonly startedAtSeconds: number;
  stopped: boolean;
  /** Out of retries (maxRetries): no socket and no timer until revived. */
  gaveUp?: boolean;
  retryTimer?: unknown;
  connectTimer?: unknown;
  stableTimer?: unknown;
}

/** The part of `navigator.locks` used: a request held until its AbortSignal fires. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** The part of a BroadcastChannel used. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the DOM's MessageEvent handler and a fake's both fit
  onmessage: ((event: any) => void) | null;
}

export type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike;

/** What a store needs to share one socket with the other tabs of its origin. */
export interface CrossTabEffects {
  locks: LockManagerLike;
  BroadcastChannel: BroadcastChannelConstructor;
}
