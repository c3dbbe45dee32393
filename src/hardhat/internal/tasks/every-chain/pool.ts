// How many chains work at once (--concurrency), and the bounded pool that runs them.
import { InputError } from "../../../errors";

/** Without --concurrency: every chain at once, up to this many. */
export const DEFAULT_CONCURRENCY = 8;

/**
 * --concurrency as given (a string on the command line, a number from a script), else every chain
 * up to DEFAULT_CONCURRENCY; anything but a whole number >= 1 is an InputError.
 */
export function resolveConcurrency(value: string | number | undefined, chains: number): number {
  if (value === undefined) return Math.max(1, Math.min(chains, DEFAULT_CONCURRENCY));
  const text = String(value).trim();
  const parsed = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < 1) {
    throw new InputError(
      `Invalid --concurrency ${typeof value === "string" ? JSON.stringify(value) : String(value)}: give a whole number of chains to work on at once, 1 or more ` +
        `(default: every chain, up to ${DEFAULT_CONCURRENCY}).`
    );
  }
  return parsed;
}

/**
 * Runs `work` on each item, at most `limit` at a time, in order; once `signal` is aborted no new
 * item starts. Resolves when every started item has settled. `work` must not reject (the runner's
 * own wrappers catch); a rejection would be lost, so it is treated as a bug and rethrown at the end.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}
