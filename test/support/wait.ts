// Waiting for an outcome in tests: poll until a condition holds. The bounds only keep a broken build
// from hanging; no test asserts how long anything took, and a loaded machine never reaches them.

/** How long a child process or a mocha test may run before it counts as hung. */
export const HANG_GUARD_MS = 600_000;
/** How long `until` polls before it counts the condition as never coming. */
export const UNTIL_LIMIT_MS = 60_000;

/** Polls `condition` every few ms until it holds; fails naming `what` after `limitMs`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs = UNTIL_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
