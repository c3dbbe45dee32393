// Waiting for an outcome in tests: poll until a condition holds. The bound only keeps a broken build
// from hanging; no test asserts how long anything took.

/** Polls `condition` every few ms until it holds; fails naming `what` after `limitMs`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
