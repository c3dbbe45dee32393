// Bounds on every HTTP exchange with a block explorer while verification runs, whichever client sends
// it (the explorer plugins' undici, the upgrades plugin's, Node's fetch): undici publishes each
// request it creates on the `undici:request:create` diagnostics channel, under one name for every
// copy of it, and a request to a guarded explorer's origin is held to:
// - a time bound on the whole exchange (a server that never answers, or trickles its answer);
// - a size bound on the answer (cut off as it arrives, never buffered whole);
// - a bound on "pending" status checks of one submission: the explorer plugins poll a pending
//   verification by themselves without end; past the retry policy's waits in all, the next status
//   check fails, and the verification gives up (a warning: the deployment is already recorded);
// - Ctrl-C (stopExplorerExchanges): every guarded exchange in flight fails at once, and the next ones
//   fail before they are sent, so that verification ends and the summary prints.
import diagnosticsChannel from "diagnostics_channel";

/** The verification retries' policy (verify-retry.ts, which builds on this module), as far as the bounds read it. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the first retry; each next one waits twice as long. */
  backoffMs: number;
}

/** The longest one explorer exchange may take, from the request to the answer's last byte. */
export const EXCHANGE_TIMEOUT_MS = 60_000;
/** The largest answer read from an explorer; a verified contract's `getsourcecode` stays well below. */
export const EXCHANGE_MAX_BYTES = 16 * 1024 * 1024;

/** A failure the retries do not try again: a pending verification given up, an answer cut off, Ctrl-C. */
export const NOT_RETRIED = "(not retried)";

export interface GuardedExplorer {
  /** Its API URL (only the origin counts). */
  url: string;
  /** For messages: "BscScan through Etherscan API V2 (chainid 56)". */
  name: string;
}

export interface ExchangeLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Tries and waits for a "pending" status: checked again until `attempts` checks were sent and the waits of `attempts` tries have passed. */
  policy: RetryPolicy;
}

interface Guard {
  explorers: Map<string, string>;
  limits: ExchangeLimits;
  /** Each submission's (origin + guid) first status check, in ms, and how many were sent. */
  pending: Map<string, { first: number; checks: number }>;
}

/** The parts of undici's Request (any copy, 5 to 7) this reads and wraps. */
interface UndiciRequest {
  origin?: unknown;
  path?: string;
  method?: string;
  body?: unknown;
  completed?: boolean;
  aborted?: boolean;
  error?: Error | null;
  abort?: ((error: Error) => void) | null;
  onData(chunk: Uint8Array): unknown;
  onComplete(trailers: unknown): unknown;
  onError(error: Error): unknown;
}

const guards = new Set<Guard>();
/** Ends an exchange in flight, for Ctrl-C's reason. */
const inFlight = new Set<(reason: string) => void>();
let stopped: string | undefined;

function originOf(url: unknown): string | undefined {
  try {
    return new URL(String(url)).origin;
  } catch {
    return undefined;
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Fails `request` with `error`: at once when connected, else as soon as it connects (it is never written). */
function fail(request: UndiciRequest, error: Error): void {
  if (request.completed === true || request.aborted === true) return;
  if (typeof request.abort === "function") request.abort(error);
  else request.error ??= error;
}

/** The submission a status check asks about (Etherscan's and Blockscout's `guid`, Sourcify's job id), if it is one. */
function statusCheckOf(request: UndiciRequest): string | undefined {
  const url = new URL(request.path ?? "/", "http://explorer");
  const params = new URLSearchParams(url.search);
  const body = request.body;
  if (body instanceof Uint8Array && body.byteLength < 4096)
    for (const [name, value] of new URLSearchParams(Buffer.from(body).toString())) params.set(name, value);
  const action = params.get("action");
  if ((action === "checkverifystatus" || action === "checkproxyverification") && params.get("guid")) return params.get("guid")!;
  const job = /\/v2\/verify\/([0-9a-f-]{8,})$/i.exec(url.pathname);
  return request.method === "GET" && job !== null ? job[1] : undefined;
}

/** The waits of every retry but the first try: how long a pending verification is checked again. */
export function pendingBudgetMs(policy: RetryPolicy): number {
  return policy.backoffMs * (2 ** Math.max(0, policy.attempts - 1) - 1);
}

function guardRequest(request: UndiciRequest, guard: Guard, explorer: string): void {
  if (stopped !== undefined) return fail(request, new Error(`${explorer}: ${stopped} ${NOT_RETRIED}`));
  const { timeoutMs, maxBytes, policy } = guard.limits;
  const submission = statusCheckOf(request);
  if (submission !== undefined) {
    const key = `${originOf(request.origin)} ${submission}`;
    const seen = guard.pending.get(key);
    if (seen === undefined) guard.pending.set(key, { first: Date.now(), checks: 1 });
    else if (seen.checks >= policy.attempts && Date.now() - seen.first >= pendingBudgetMs(policy)) {
      const waited = Math.round((Date.now() - seen.first) / 100) / 10;
      return fail(
        request,
        new Error(
          `${explorer} still answers "Pending in queue" after ${seen.checks} status check${seen.checks === 1 ? "" : "s"} in ${waited} s: verification given up ${NOT_RETRIED}`
        )
      );
    } else seen.checks++;
  }
  const abort = (error: Error) => fail(request, error);
  const timer = setTimeout(() => abort(new Error(`${explorer} did not answer within ${timeoutMs / 1000} s: timed out`)), timeoutMs);
  let received = 0;
  const { onData, onComplete, onError } = request;
  const stop = (reason: string) => abort(new Error(`${explorer}: ${reason} ${NOT_RETRIED}`));
  const done = () => (clearTimeout(timer), inFlight.delete(stop));
  inFlight.add(stop);
  request.onData = function (chunk) {
    received += chunk.byteLength;
    if (received > maxBytes) {
      abort(new Error(`${explorer} sent an answer larger than ${megabytes(maxBytes)}: cut off ${NOT_RETRIED}`));
      return false;
    }
    return onData.call(this, chunk);
  };
  request.onComplete = function (trailers) {
    done();
    return onComplete.call(this, trailers);
  };
  request.onError = function (error) {
    done();
    return onError.call(this, error);
  };
}

const onCreate = (message: unknown) => {
  const request = (message as { request?: UndiciRequest }).request;
  const origin = originOf(request?.origin);
  if (request === undefined || origin === undefined) return;
  // The innermost guard of that origin: its explorer's name and limits.
  const guard = [...guards].reverse().find((candidate) => candidate.explorers.has(origin));
  if (guard !== undefined) guardRequest(request, guard, guard.explorers.get(origin)!);
};

/**
 * Runs `body` with every exchange with `explorers` bounded (in time, in size, in "pending" status
 * checks, and by Ctrl-C); other requests (the chain's RPC, a compiler download) are left alone.
 */
export async function guardExplorerExchanges<T>(
  explorers: readonly GuardedExplorer[],
  limits: Partial<ExchangeLimits> & { policy: RetryPolicy },
  body: () => Promise<T>
): Promise<T> {
  const named = new Map<string, string>();
  for (const explorer of explorers) {
    const origin = originOf(explorer.url);
    if (origin !== undefined && !named.has(origin)) named.set(origin, explorer.name);
  }
  const guard: Guard = {
    explorers: named,
    limits: { timeoutMs: limits.timeoutMs ?? EXCHANGE_TIMEOUT_MS, maxBytes: limits.maxBytes ?? EXCHANGE_MAX_BYTES, policy: limits.policy },
    pending: new Map(),
  };
  if (guards.size === 0) diagnosticsChannel.subscribe("undici:request:create", onCreate);
  guards.add(guard);
  try {
    return await body();
  } finally {
    guards.delete(guard);
    if (guards.size === 0) diagnosticsChannel.unsubscribe("undici:request:create", onCreate);
  }
}

const sleepers = new Set<() => void>();

/**
 * Ctrl-C (or the parent of a multi-chain child gone): every guarded exchange in flight fails, the
 * next ones fail before they are sent, retries and waits end at once, until resumeExplorerExchanges().
 */
export function stopExplorerExchanges(reason = "stopped (Ctrl-C)"): void {
  if (stopped !== undefined) return;
  stopped = reason;
  for (const stop of [...inFlight]) stop(reason);
  for (const wake of [...sleepers]) wake();
}

/** Lets verification run again (the run that was stopped is over). */
export function resumeExplorerExchanges(): void {
  stopped = undefined;
}

/** Why verification was stopped, or undefined while it may run. */
export function explorerExchangesStopped(): string | undefined {
  return stopped;
}

/** A wait of verification (a retry's backoff, the indexing delay) that Ctrl-C ends at once. */
export function stoppableSleep(ms: number): Promise<void> {
  if (stopped !== undefined || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => (clearTimeout(timer), sleepers.delete(wake), resolve());
    const timer = setTimeout(wake, ms);
    sleepers.add(wake);
  });
}

/** A stream from a fetch: a WHATWG one (Node's fetch, undici), or a Node stream (node-fetch, which a project may set as the global fetch). */
type Body = { getReader(): ReadableStreamDefaultReader<Uint8Array> } | (AsyncIterable<Uint8Array | string> & { destroy?(): void });

/** A response body's text, read as it arrives and cut off past `maxBytes` (the error `tooLarge` makes). */
async function boundedText(body: unknown, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (body === null || body === undefined) return "";
  const chunks: Buffer[] = [];
  let received = 0;
  const take = (chunk: Uint8Array | string): boolean => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    received += bytes.byteLength;
    chunks.push(bytes);
    return received <= maxBytes;
  };
  const stream = body as Body;
  if ("getReader" in stream && typeof stream.getReader === "function") {
    const reader = stream.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (!take(next.value)) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
    }
  } else if (Symbol.asyncIterator in stream) {
    for await (const chunk of stream) {
      if (!take(chunk)) {
        stream.destroy?.();
        throw tooLarge();
      }
    }
  } else {
    throw new Error("the answer's body is neither a web stream nor a Node.js stream");
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * An explorer answer read with the same bounds, for the calls the plugin makes itself (Node's fetch):
 * the JSON body, or an error naming `explorer`.
 */
export async function fetchExplorerJson(
  url: URL,
  init: RequestInit,
  explorer: string,
  limits: Partial<ExchangeLimits> = {}
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const timeoutMs = limits.timeoutMs ?? EXCHANGE_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? EXCHANGE_MAX_BYTES;
  if (stopped !== undefined) throw new Error(`${explorer}: ${stopped} ${NOT_RETRIED}`);
  const controller = new AbortController();
  const timedOut = new Error(`${explorer} did not answer within ${timeoutMs / 1000} s: timed out`);
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await boundedText(
      response.body,
      maxBytes,
      () => new Error(`${explorer} sent an answer larger than ${megabytes(maxBytes)}: cut off ${NOT_RETRIED}`)
    );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { ok: response.ok, status: response.status, body };
  } catch (error) {
    if (controller.signal.aborted) throw timedOut;
    const cause = (error as { cause?: Error })?.cause;
    throw cause instanceof Error ? cause : error;
  } finally {
    clearTimeout(timer);
  }
}
