// The retry policy: how long to wait before the next attempt (capped exponential backoff with
// jitter, never earlier than the endpoint's Retry-After), and when to give up.
import { DEFAULT_RPC_RETRY, type RpcRetryConfig } from "../../config";

export interface RetryPolicy {
  /** Attempts after the first, per call. */
  retries: number;
  minDelay: number;
  maxDelay: number;
  /** One attempt, in milliseconds. */
  timeout: number;
  /** A whole call, attempts and waits included, in milliseconds. */
  totalTimeout: number;
}

/** The resolved `multiAccount.rpc` for a network whose own HTTP timeout is `networkTimeout` ms. */
export function retryPolicy(config: RpcRetryConfig | undefined, networkTimeout: number | undefined): RetryPolicy {
  const rpc = config ?? { ...DEFAULT_RPC_RETRY, timeout: undefined };
  const fallback = Math.min(DEFAULT_RPC_RETRY.timeout, networkTimeout ?? DEFAULT_RPC_RETRY.timeout);
  return { retries: rpc.retries, minDelay: rpc.minDelay, maxDelay: rpc.maxDelay, timeout: rpc.timeout ?? fallback, totalTimeout: rpc.totalTimeout };
}

/**
 * The wait before retry number `retry` (1 for the first retry): minDelay doubled each time, capped at
 * maxDelay, then "equal jitter": a uniform draw from its upper half, so that waits never collapse to
 * zero and many clients do not retry in step.
 */
export function backoff(retry: number, policy: Pick<RetryPolicy, "minDelay" | "maxDelay">, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelay, policy.minDelay * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined || header.trim() === "") return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
