// One page of `POST {baseUrl}/position-state/{start}/{size}` with `Content-Type: application/json`,
// `App-Name: <appName>` and the body `{ address, modify_time_gte, create_time_gte?, quote_id? }` in
// unix seconds (docs/contributing/design.md#wire-format). Used by the fetch thunks and by the live backfill.
import { globalTimers, type FetchLike, type NotificationsLogger, type NotificationsTimers } from "../effects";
import { NotificationFetchError, NotificationsInputError } from "../errors";
import type { NotificationDetails } from "../types";
import { parseWireJson } from "../wire/json";
import { parseNotificationResponses } from "../wire/transform";

export interface NotificationsRequestParams {
  /** Base URL of the hedger's notification service; its own path is kept. */
  baseUrl: string;
  account: string;
  /** Oldest modify time wanted, unix seconds (number or string). `""` means everything. */
  timestamp: string | number;
  /** Sent as the `App-Name` header. */
  appName: string;
  /** Offset of the first notification. Default 0. */
  start?: number;
  /** Page size. Default 10. */
  size?: number;
  /** Sent as `create_time_gte` (unix seconds) only when given. */
  createTimestamp?: string | number;
  /** Sent as `quote_id` only when given. */
  quoteId?: string | number;
}

export interface NotificationPageRequest {
  baseUrl: string;
  account: string;
  modifyTimeGte: number;
  appName: string;
  start: number;
  size: number;
  createTimeGte?: number;
  quoteId?: number;
}

export interface NotificationPage {
  /** The usable notifications of the page, in the order received. */
  notifications: NotificationDetails[];
  /** How many items the page held, usable or not: a page shorter than `size` is the last one. */
  itemCount: number;
}

export interface FetchPageEffects {
  fetch: FetchLike | undefined;
  logger: NotificationsLogger;
  timeoutMs: number;
  /** Largest body read, in bytes; default defaultMaxResponseBytes(size). */
  maxResponseBytes?: number;
  timers?: NotificationsTimers;
  signal?: AbortSignal;
}

/**
 * The default bound on one page's body: 4 KiB per requested item (ten times a typical item), and
 * never under 1 MiB, the bound on one socket message. A page over it is a failed fetch.
 */
export function defaultMaxResponseBytes(size: number): number {
  return Math.max(1024 * 1024, size * 4096);
}

function bad(message: string): NotificationsInputError {
  return new NotificationsInputError(`notifications: ${message}`);
}

function unixSeconds(name: string, value: unknown, emptyMeansZero: boolean): number {
  if (emptyMeansZero && value === "") return 0;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
    throw bad(`${name} must be unix seconds (a non-negative number or numeric string), got ${JSON.stringify(value)}`);
  }
  return n;
}

function count(name: string, value: unknown, min: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    throw bad(`${name} must be an integer of at least ${min}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Checks the thunk parameters and fills the defaults; throws NotificationsInputError. */
export function validateRequest(params: NotificationsRequestParams): NotificationPageRequest {
  if (typeof params !== "object" || params === null) throw bad("getNotifications needs a parameter object");
  const { baseUrl, account, appName } = params;
  if (typeof baseUrl !== "string" || baseUrl.trim() === "") {
    throw bad("baseUrl is empty; pass the hedger's notification service URL, e.g. https://hedger.example/api");
  }
  if (typeof account !== "string" || account.trim() === "") {
    throw bad("account is empty; pass the address whose notifications to fetch");
  }
  if (typeof appName !== "string" || appName.trim() === "") {
    throw bad("appName is empty; pass your application's name (sent as the App-Name header)");
  }
  const request: NotificationPageRequest = {
    baseUrl: baseUrl.trim(),
    account,
    modifyTimeGte: unixSeconds("timestamp", params.timestamp, true),
    appName,
    start: count("start", params.start ?? 0, 0),
    size: count("size", params.size ?? 10, 1),
  };
  if (params.createTimestamp !== undefined) {
    request.createTimeGte = unixSeconds("createTimestamp", params.createTimestamp, false);
  }
  if (params.quoteId !== undefined) {
    const q = typeof params.quoteId === "string" && params.quoteId.trim() !== "" ? Number(params.quoteId) : params.quoteId;
    request.quoteId = count("quoteId", q, 0);
  }
  return request;
}

/** `{baseUrl}/position-state/{start}/{size}`, keeping the base URL's own path, query and fragment. */
export function notificationsPageUrl(baseUrl: string, start: number, size: number): string {
  const cut = baseUrl.search(/[?#]/);
  const path = cut === -1 ? baseUrl : baseUrl.slice(0, cut);
  const rest = cut === -1 ? "" : baseUrl.slice(cut);
  return `${path.replace(/\/+$/, "")}/position-state/${start}/${size}${rest}`;
}

function requestBody(r: NotificationPageRequest): string {
  const body: Record<string, unknown> = { address: r.account, modify_time_gte: r.modifyTimeGte };
  if (r.createTimeGte !== undefined) body.create_time_gte = r.createTimeGte;
  if (r.quoteId !== undefined) body.quote_id = r.quoteId;
  return JSON.stringify(body);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A body's chunks, whichever kind of stream the fetch in use gives; `stop` drops the connection. */
interface Chunks {
  next(): Promise<Uint8Array | undefined>;
  stop(): void;
}

/**
 * The WHATWG stream of `fetch` in browsers and Node, or a Node stream (node-fetch 2, which Hardhat 2
 * installs as the global `fetch`); undefined for a fetch without streams (a polyfill, a test double).
 */
function chunksOf(body: unknown): Chunks | undefined {
  const web = body as { getReader?: () => ReadableStreamDefaultReader<Uint8Array> } | null;
  if (typeof web?.getReader === "function") {
    const reader = web.getReader();
    return { next: async () => (await reader.read()).value, stop: () => void reader.cancel().catch(() => undefined) };
  }
  const node = body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | null;
  if (typeof node?.[Symbol.asyncIterator] !== "function") return undefined;
  const chunks = node[Symbol.asyncIterator]();
  return { next: async () => (await chunks.next()).value, stop: () => node.destroy?.() };
}

/**
 * The body as text, read as a stream that is dropped once it passes `maxBytes`: an endless or huge
 * body costs at most about `maxBytes` of memory, and the connection is dropped rather than drained.
 */
async function readBody(response: Response, maxBytes: number, url: string): Promise<string> {
  const tooLarge = () => new NotificationFetchError("tooLarge", `${url} answered with a body over ${maxBytes} bytes (maxResponseBytes)`);
  if (Number(response.headers?.get("content-length")) > maxBytes) throw tooLarge();
  const chunks = chunksOf(response.body);
  if (chunks === undefined) {
    // Without a stream the bound can only be checked once the whole body is in.
    const text = await response.text();
    if (text.length > maxBytes) throw tooLarge();
    return text;
  }
  const decoder = new TextDecoder();
  let text = "";
  for (let total = 0; ;) {
    const chunk = await chunks.next();
    if (chunk === undefined) return text + decoder.decode();
    total += chunk.byteLength;
    if (total > maxBytes) {
      chunks.stop();
      throw tooLarge();
    }
    text += decoder.decode(chunk, { stream: true });
  }
}

/** The page in a response: its status, then its body, bounded in bytes and in items. */
async function readPage(response: Response, request: NotificationPageRequest, url: string, effects: FetchPageEffects): Promise<NotificationPage> {
  if (!response.ok) throw new NotificationFetchError("status", `${url} answered HTTP ${response.status}`, response.status);
  const text = await readBody(response, effects.maxResponseBytes ?? defaultMaxResponseBytes(request.size), url);
  let json: unknown;
  try {
    json = parseWireJson(text);
  } catch {
    throw new NotificationFetchError("json", `${url} answered with a body that is not JSON`);
  }
  const all = typeof json === "object" && json !== null ? (json as { position_state?: unknown }).position_state : undefined;
  if (!Array.isArray(all)) throw new NotificationFetchError("shape", `${url} answered JSON without a position_state array`);
  if (all.length > request.size) {
    effects.logger.warn(`notifications: ${url} answered ${all.length} items for a page of ${request.size}; kept the first ${request.size}`);
  }
  const items: unknown[] = all.slice(0, request.size);
  return { notifications: parseNotificationResponses(items, effects.logger), itemCount: items.length };
}

/**
 * Fetches and parses one page. Rejects with NotificationFetchError on a network error, a timeout,
 * an abort through `signal`, a non-2xx status, a body over `maxResponseBytes`, a body that is not
 * JSON, or a JSON body without a `position_state` array; a failed request is aborted, so that
 * nothing of it stays open. Malformed items are dropped with a warning, and items beyond `size` with
 * one warning; the rest of the page is kept.
 */
export async function fetchNotificationPage(request: NotificationPageRequest, effects: FetchPageEffects): Promise<NotificationPage> {
  const fetchFn = effects.fetch;
  if (fetchFn === undefined) {
    throw new NotificationsInputError("notifications: there is no global fetch here; pass one as thunk.withExtraArgument({ fetch })");
  }
  const timers = effects.timers ?? globalTimers;
  const url = notificationsPageUrl(request.baseUrl, request.start, request.size);
  const controller = new AbortController();
  let timedOut = false;
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, effects.timeoutMs);
  const outer = effects.signal;
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener("abort", onOuterAbort, { once: true });

  const failure = (err: unknown): NotificationFetchError => {
    if (err instanceof NotificationFetchError) return err;
    if (timedOut) return new NotificationFetchError("timeout", `no complete response from ${url} within ${effects.timeoutMs} ms`);
    if (outer?.aborted) return new NotificationFetchError("aborted", `the request to ${url} was aborted`);
    return new NotificationFetchError("network", `the request to ${url} failed: ${errorText(err)}`);
  };

  try {
    const response = await fetchFn(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "App-Name": request.appName },
      body: requestBody(request),
      signal: controller.signal,
    });
    return await readPage(response, request, url, effects);
  } catch (err) {
    const error = failure(err);
    controller.abort();
    throw error;
  } finally {
    timers.clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}
