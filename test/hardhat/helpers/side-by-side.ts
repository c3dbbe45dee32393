// Side-by-side tracks for one mocha file. mocha runs a file's tests one after another; a file whose
// describes share nothing (each its own project, node and explorer) can instead run each describe's
// hooks and tests in the background, in their order, all describes at once from the file's first
// hook, while each mocha test waits for its own body's outcome and reports it. The bodies and their
// assertions are the same; within a describe the order is the same; a before hook that fails fails
// the tests under it, and after hooks run whatever happened, as in mocha. `--grep` still selects what
// is reported, but every body of the file runs.
import { HANG_GUARD_MS } from "../../support/wait";

/** A mocha-like registration API whose bodies run in the background, on the track. */
export interface Track {
  describe(title: string, body: () => void): void;
  before(fn: () => unknown, options?: { timeoutMs?: number }): void;
  beforeEach(fn: () => unknown): void;
  after(fn: () => unknown): void;
  it(title: string, fn: () => unknown, options?: { timeoutMs?: number }): void;
}

interface Scope {
  parent?: Scope;
  beforeEach: Array<() => unknown>;
  after: Array<() => unknown>;
  failed?: unknown;
}

interface Step {
  kind: "hook" | "after" | "test";
  title: string;
  scope: Scope;
  fn: () => unknown;
  timeoutMs: number;
  hooks: Array<() => unknown>;
  outcome?: Deferred;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  // Awaited only when mocha reaches the test: not an unhandled rejection meanwhile.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const DEFAULT_TIMEOUT_MS = HANG_GUARD_MS;

/** Runs `fn` within `ms`; past it, fails (the body is left to end on its own). */
async function within(ms: number, title: string, fn: () => unknown): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timeout of ${ms}ms exceeded in the side-by-side track: ${title}`)), ms);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), late]);
  } finally {
    clearTimeout(timer);
  }
}

function failedAbove(scope: Scope | undefined): unknown {
  for (let current = scope; current; current = current.parent) if (current.failed !== undefined) return current.failed;
  return undefined;
}

/** The tracks of one file: `track()` for each independent describe, `start()` in the file's first hook, `settled()` in its last. */
export function sideBySide() {
  const tracks: Step[][] = [];
  let running: Promise<void> | undefined;

  async function run(steps: Step[]): Promise<void> {
    for (const step of steps) {
      const failed = failedAbove(step.scope);
      if (step.kind === "after") {
        await within(step.timeoutMs, step.title, step.fn).catch(() => undefined);
      } else if (step.kind === "hook") {
        if (failed !== undefined) continue;
        await within(step.timeoutMs, step.title, step.fn).catch((error) => (step.scope.failed = error));
      } else if (failed !== undefined) {
        step.outcome!.reject(new Error(`a "before" hook of this test failed: ${(failed as Error)?.message ?? String(failed)}`));
      } else {
        await within(step.timeoutMs, step.title, async () => {
          for (const hook of step.hooks) await hook();
          await step.fn();
        }).then(step.outcome!.resolve, step.outcome!.reject);
      }
    }
  }

  return {
    track(): Track {
      const steps: Step[] = [];
      tracks.push(steps);
      let scope: Scope = { beforeEach: [], after: [] };
      const hooksOf = (from: Scope) => {
        const chain: Scope[] = [];
        for (let current: Scope | undefined = from; current; current = current.parent) chain.unshift(current);
        return chain.flatMap((s) => s.beforeEach);
      };
      return {
        describe(title, body) {
          describe(title, () => {
            const outer = scope;
            scope = { parent: outer, beforeEach: [], after: [] };
            const inner = scope;
            try {
              body();
            } finally {
              for (const fn of inner.after)
                steps.push({ kind: "after", title: `"after" hook of ${title}`, scope: inner, fn, timeoutMs: DEFAULT_TIMEOUT_MS, hooks: [] });
              scope = outer;
            }
          });
        },
        before(fn, options = {}) {
          steps.push({ kind: "hook", title: `"before" hook`, scope, fn, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, hooks: [] });
        },
        beforeEach(fn) {
          scope.beforeEach.push(fn);
        },
        after(fn) {
          scope.after.push(fn);
        },
        it(title, fn, options = {}) {
          const step: Step = { kind: "test", title, scope, fn, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, hooks: hooksOf(scope), outcome: deferred() };
          steps.push(step);
          it(title, function () {
            // The body has its own time limit on the track; this test only waits for it.
            this.timeout(0);
            return step.outcome!.promise;
          });
        },
      };
    },
    /** Starts every track's steps, all tracks at once. */
    start(): void {
      running ??= Promise.all(tracks.map(run)).then(() => undefined);
    },
    /** Resolves once every track has run all its steps (its after hooks included). */
    settled(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}
