// Reconnect delays: exponential growth from a minimum by a factor up to a cap, with jitter
// (docs/contributing/design.md#connection-life-cycle).
export interface BackoffOptions {
  minDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Random spread as a fraction of the delay: 0.2 gives delay × [0.8, 1.2]. */
  jitter?: number;
  /** How long a connection must stay up before the attempt counter resets. */
  resetAfterMs?: number;
  maxRetries?: number;
}

export type BackoffPolicy = Required<BackoffOptions>;

export const DEFAULT_BACKOFF: BackoffPolicy = {
  minDelayMs: 1000,
  maxDelayMs: 30_000,
  factor: 2,
  jitter: 0.2,
  resetAfterMs: 5000,
  maxRetries: Infinity,
};

function check(name: keyof BackoffOptions, value: number, ok: boolean): number {
  if (typeof value !== "number" || Number.isNaN(value) || !ok) {
    throw new TypeError(`notifications: backoff.${name} is invalid (${String(value)}); see the middleware option table`);
  }
  return value;
}

export function resolveBackoff(options: BackoffOptions = {}): BackoffPolicy {
  const p = { ...DEFAULT_BACKOFF, ...options };
  check("minDelayMs", p.minDelayMs, p.minDelayMs >= 0);
  check("maxDelayMs", p.maxDelayMs, p.maxDelayMs >= p.minDelayMs);
  check("factor", p.factor, p.factor >= 1);
  check("jitter", p.jitter, p.jitter >= 0 && p.jitter <= 1);
  check("resetAfterMs", p.resetAfterMs, p.resetAfterMs >= 0);
  check("maxRetries", p.maxRetries, p.maxRetries >= 0);
  return p;
}

/** Delay before retry number `attempt` (0-based); `random` is in [0, 1). */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: number): number {
  const base = Math.min(policy.maxDelayMs, policy.minDelayMs * Math.pow(policy.factor, attempt));
  const spread = base * policy.jitter * (2 * random - 1);
  return Math.max(0, Math.min(policy.maxDelayMs, Math.round(base + spread)));
}
