// Bounded retries, with backoff, for one explorer's verification: a rate limit (429), an answer still
// "pending", the explorer down or cut off mid-answer. Anything else (a refusal, a partial match, an
// "already verified") is final at once. A retry never resubmits what the explorer accepted: the
// explorer plugins check first (Etherscan's `getsourcecode`, Sourcify's lookup) and answer "already
// verified".
import { EnvError } from "../../errors";
import { NOT_RETRIED, explorerExchangesStopped, type RetryPolicy } from "../chains/explorer-exchange";

export type { RetryPolicy };

export type Sleep = (ms: number) => Promise<void>;

/** 3 tries, 5 s then 10 s apart: an explorer's rate limit is per second, and a queue drains in seconds. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, backoffMs: 5000 };

function wholeNumber(env: Record<string, string | undefined>, variable: string, min: number, max: number, fallback: number): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new EnvError(variable, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** MULTIACCOUNT_VERIFY_ATTEMPTS (1 to 10) and MULTIACCOUNT_VERIFY_BACKOFF_MS (0 to 600000) change the policy. */
export function retryPolicy(env: Record<string, string | undefined>): RetryPolicy {
  return {
    attempts: wholeNumber(env, "MULTIACCOUNT_VERIFY_ATTEMPTS", 1, 10, DEFAULT_RETRY_POLICY.attempts),
    backoffMs: wholeNumber(env, "MULTIACCOUNT_VERIFY_BACKOFF_MS", 0, 600_000, DEFAULT_RETRY_POLICY.backoffMs),
  };
}

const PASSING = [
  /\b429\b/,
  /too many requests|rate limit/i,
  /pending/i,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|EPIPE|UND_ERR_SOCKET|socket hang up|other side closed/i,
  /status code:? 5\d\d\b|\b50[234]\b/i,
  /timed? ?out/i,
  // Bounded by explorer-exchange.ts: a failure, not a refusal, but not tried again.
  /\(not retried\)/,
];

/** The failure may pass by itself: a rate limit, a pending answer, the explorer unreachable or failing (5xx). */
export function isPassing(message: string): boolean {
  // A refusal, or a host that does not exist (ENOTFOUND: a typo in a URL does not pass by itself).
  if (/already (been )?verified|partial match|did not verify|unable to verify|does not match|doesn't match|ENOTFOUND/i.test(message)) return false;
  return PASSING.some((pattern) => pattern.test(message));
}

function oneLine(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).split("\n").filter(Boolean).join(" ");
}

/**
 * Runs `call`, again after a passing failure while tries are left, waiting `backoffMs`, then twice
 * that, and so on. `onRetry` says what failed and when the next try comes. The last failure is thrown,
 * and so is one the bounds of explorer-exchange.ts end (NOT_RETRIED), or any once Ctrl-C stopped verification.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  sleep: Sleep,
  onRetry: (message: string, waitMs: number) => void
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const message = oneLine(error);
      if (attempt >= policy.attempts || !isPassing(message) || message.includes(NOT_RETRIED) || explorerExchangesStopped() !== undefined) throw error;
      const waitMs = policy.backoffMs * 2 ** (attempt - 1);
      onRetry(message, waitMs);
      await sleep(waitMs);
    }
  }
}
