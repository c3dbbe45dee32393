// What went wrong with one JSON-RPC attempt, and whether trying again can help. Errors come from our
// own HTTP transport (typed below) or from Hardhat's providers (either major), whose shapes differ:
// Hardhat 2 throws HH108/HH110 HardhatErrors, ProviderError -32005 and bare undici errors; Hardhat 3
// throws CONNECTION_REFUSED/NETWORK_TIMEOUT HardhatErrors, LimitExceededError and UnknownError
// ("Failed to make POST request", the undici error as its cause).

/** The node answered, with a JSON-RPC error object. */
export class RpcAnswerError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export type TransportFailureKind = "timeout" | "reset" | "refused" | "status" | "malformed";

/** No usable answer came back: the call may or may not have reached the node. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    message: string,
    readonly status?: number,
    /** What the endpoint asked for with Retry-After, in milliseconds. */
    readonly retryAfterMs?: number
  ) {
    super(message);
    this.name = "TransportError";
  }
}

export interface Failure {
  /** Another attempt may succeed. */
  retry: boolean;
  /** The node answered (so it saw the call); otherwise the answer, if any, was lost. */
  answered: boolean;
  /** The endpoint cannot be reached at all (refused, unknown host): worth retrying only once it has answered before. */
  unreachable: boolean;
  /** For messages: "connection reset", "HTTP 503", "timed out after 30 s", "rate limited (HTTP 429)". */
  reason: string;
  retryAfterMs?: number;
}

/** Node answers that mean "not now" rather than "no": load-balanced public endpoints send these. */
const TRANSIENT_ANSWER =
  /rate limit|too many requests|request limit|exceeded .*capacity|try again|temporarily unavailable|header not found|request timed out|timeout|busy/i;
const REVERT = /revert/i;

function transientAnswer(message: string): boolean {
  return TRANSIENT_ANSWER.test(message) && !REVERT.test(message);
}
const RESET =
  /other side closed|ECONNRESET|socket hang up|UND_ERR_SOCKET|EPIPE|terminated|fetch failed|Failed to make POST request|network error|closed before/i;
const REFUSED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|Cannot connect to the network|CONNECTION_REFUSED|connection refused/i;
const TIMEOUT = /timeout|timed out|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|ETIMEDOUT|NETWORK_TIMEOUT/i;

function text(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const e = current as { message?: unknown; code?: unknown; name?: unknown; cause?: unknown; parent?: unknown };
    parts.push(String(e.message ?? ""), String(e.code ?? ""), String(e.name ?? ""));
    current = e.cause ?? e.parent;
  }
  return parts.join(" ");
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split("\n")[0];
}

export function classify(error: unknown): Failure {
  if (error instanceof TransportError) {
    switch (error.kind) {
      case "timeout":
      case "reset":
        return { retry: true, answered: false, unreachable: false, reason: error.message, retryAfterMs: error.retryAfterMs };
      case "refused":
        return { retry: true, answered: false, unreachable: true, reason: error.message };
      case "status": {
        const status = error.status ?? 0;
        const transient = status === 429 || status === 408 || status === 425 || status >= 500;
        return { retry: transient, answered: false, unreachable: false, reason: error.message, retryAfterMs: error.retryAfterMs };
      }
      case "malformed":
        return { retry: true, answered: false, unreachable: false, reason: error.message };
    }
  }
  if (error instanceof RpcAnswerError) {
    const transient = error.code === -32005 || transientAnswer(error.message);
    return { retry: transient, answered: true, unreachable: false, reason: `the node answered "${firstLine(error)}"` };
  }
  // Hardhat's providers.
  const all = text(error);
  const code = (error as { code?: unknown })?.code;
  const hardhatError = (error as { _isHardhatError?: unknown })?._isHardhatError === true;
  // A JSON-RPC error object (a numeric code, not a Hardhat error of its own) is the node's answer,
  // whatever its text says: a revert reason may well read "terminated" or "timeout".
  if (typeof code === "number" && code !== -32005 && !hardhatError && !/Too Many Requests/i.test(all)) {
    const transient = transientAnswer(firstLine(error));
    return { retry: transient, answered: true, unreachable: false, reason: `the node answered "${firstLine(error)}"` };
  }
  if (code === -32005 || /Too Many Requests/i.test(all)) {
    return { retry: true, answered: false, unreachable: false, reason: "rate limited (HTTP 429)" };
  }
  if (REFUSED.test(all)) return { retry: true, answered: false, unreachable: true, reason: "connection refused" };
  // Hardhat 2's HH110: the body was not a JSON-RPC answer (a load balancer's 502/503 page, say).
  if (hardhatError && /HH110|Invalid JSON-RPC response/i.test(all)) {
    return { retry: true, answered: false, unreachable: false, reason: "not a JSON-RPC answer (HH110)" };
  }
  if (RESET.test(all)) return { retry: true, answered: false, unreachable: false, reason: "connection reset" };
  if (TIMEOUT.test(all) && hardhatError) {
    return { retry: true, answered: false, unreachable: false, reason: "timed out" };
  }
  if (typeof code === "number") {
    const transient = transientAnswer(firstLine(error));
    return { retry: transient, answered: true, unreachable: false, reason: `the node answered "${firstLine(error)}"` };
  }
  return { retry: false, answered: false, unreachable: false, reason: firstLine(error) };
}

/** A raw transaction the node already holds, or whose nonce is used: look its hash up. */
export const ALREADY_KNOWN = /already known|known transaction|already imported|alreadyknown|transaction already exists|already in (the )?mempool|tx already/i;
export const NONCE_USED = /nonce too low|nonce is too low|OldNonce|invalid nonce|replacement transaction underpriced|nonce has already been used/i;
