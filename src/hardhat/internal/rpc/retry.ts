// Attempts of one JSON-RPC call under the retry policy: the endpoint's Retry-After holds back every
// call (not only the one that got the 429), failures that may pass are retried after a capped,
// jittered backoff, and a call gives up after `retries` retries or `totalTimeout`.
import { MultiAccountKitError, RpcUnavailableError } from "../../errors";
import type { Logger } from "../output/log";
import { classify, type Failure } from "./failures";
import { backoff, type RetryPolicy } from "./policy";

/** Decides a failed attempt before any retry: `{ value }` ends the call with that value; undefined goes on. */
export type Settle<T> = (error: unknown, failure: Failure) => Promise<{ value: T } | undefined>;

export interface RetryEffects {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export class Retrier {
  /** No call goes out before this time (ms since the epoch): the endpoint's Retry-After. */
  private notBefore = 0;
  /** The endpoint has answered once: from then on a refused connection is worth retrying. */
  private answered = false;
  log?: Logger;

  constructor(
    private readonly policy: RetryPolicy,
    /** `network "bsc" (https://host)`, for errors. */
    private readonly endpoint: string,
    private readonly effects: RetryEffects = {}
  ) {}

  /** Runs `attempt` until it succeeds, `settle` ends the call, or the policy says to give up. */
  async attempts<T>(method: string, attempt: (timeoutMs: number) => Promise<T>, settle?: Settle<T>): Promise<T> {
    const started = Date.now();
    const deadline = started + this.policy.totalTimeout;
    for (let retry = 0; ; retry++) {
      await this.waitForGate(method, deadline);
      try {
        const result = await attempt(Math.max(1, Math.min(this.policy.timeout, deadline - Date.now())));
        this.answered = true;
        return result;
      } catch (error) {
        const failure = classify(error);
        if (failure.answered) this.answered = true;
        const settled = settle === undefined ? undefined : await settle(error, failure);
        if (settled !== undefined) return settled.value;
        await this.afterFailure(method, error, failure, retry, started);
      }
    }
  }

  /**
   * Asks `probe` again, with the policy's backoff between asks, until it gives a value or
   * `totalTimeout` has passed; undefined when it never did. For what the node may only show later
   * (a transaction its index has not caught up with), not for a call that failed.
   */
  async poll<T>(probe: () => Promise<T | undefined>): Promise<T | undefined> {
    const deadline = Date.now() + this.policy.totalTimeout;
    for (let round = 1; ; round++) {
      const value = await probe();
      if (value !== undefined) return value;
      const wait = backoff(round, this.policy, this.effects.random);
      if (Date.now() + wait > deadline) return undefined;
      await this.sleep(wait);
    }
  }

  private async sleep(ms: number): Promise<void> {
    await (this.effects.sleep ?? realSleep)(ms);
  }

  private async waitForGate(method: string, deadline: number): Promise<void> {
    const wait = this.notBefore - Date.now();
    if (wait <= 0) return;
    if (Date.now() + wait > deadline) {
      throw new RpcUnavailableError(
        this.endpoint,
        method,
        `the endpoint asks to wait ${seconds(wait)} (Retry-After), longer than multiAccount.rpc.totalTimeout allows`
      );
    }
    await this.sleep(wait);
  }

  /** After a failed attempt: throws when the call cannot go on, otherwise waits until the next attempt may go out. */
  private async afterFailure(method: string, error: unknown, failure: Failure, retry: number, started: number): Promise<void> {
    const policy = this.policy;
    const attempts = `${retry + 1} attempt${retry === 0 ? "" : "s"} over ${seconds(Date.now() - started)}`;
    if (!failure.retry) {
      if (failure.answered || error instanceof MultiAccountKitError) throw error;
      throw new RpcUnavailableError(this.endpoint, method, failure.reason);
    }
    if (failure.unreachable && !this.answered) throw new RpcUnavailableError(this.endpoint, method, failure.reason);
    if (failure.retryAfterMs !== undefined) this.notBefore = Math.max(this.notBefore, Date.now() + failure.retryAfterMs);
    if (retry >= policy.retries) {
      throw new RpcUnavailableError(this.endpoint, method, `${failure.reason} (${attempts}; multiAccount.rpc.retries is ${policy.retries})`);
    }
    const wait = Math.max(backoff(retry + 1, policy, this.effects.random), this.notBefore - Date.now());
    if (Date.now() + wait - started > policy.totalTimeout) {
      throw new RpcUnavailableError(this.endpoint, method, `${failure.reason} (${attempts}; multiAccount.rpc.totalTimeout is ${policy.totalTimeout} ms)`);
    }
    this.log?.info(`  ${method}: ${failure.reason}; retry ${retry + 1} of ${policy.retries} in ${seconds(wait)}`);
    await this.sleep(wait);
  }
}
