// When to apply what arrived. A steady trickle: in the next task, with no frame wait. A backlog (more
// queued than one task should take: see `backlog` in intake.ts and shared-session.ts): at the next
// animation frame in a visible page, so that a burst makes one store update per frame. The caller
// coalesces what arrives meanwhile into one store update (docs/live-notifications.md#bursts).
import type { LiveContext } from "./types";

/**
 * How long a visible page waits for its animation frame before it applies a backlog anyway: about
 * one frame. A page that paints gets its frame first; one that the browser gives few frames to (a
 * tab behind another that still counts as visible, as in headless Chromium) is not held back by
 * them, and a page hidden before its frame came waits no longer than its throttled timers make it.
 */
export const FRAME_MS = 20;

/** The part of the page's `window` used here; a fake page of the tests has none of it. */
interface FramePage {
  requestAnimationFrame?: (callback: () => void) => unknown;
  document?: { visibilityState?: string };
}

/**
 * Runs `callback` once, at the next moment to apply a batch, and returns what cancels it. A backlog
 * in a visible page: the next animation frame, or FRAME_MS if no frame came by then. Anything else
 * in a page: the next task, through a MessageChannel message, which no browser throttles (a hidden
 * page runs no animation frames and throttles its timers to one a second, yet a hidden leader must
 * relay at once). Without a page (Node, tests): the `timers` option's next tick.
 */
export function nextFrame(ctx: LiveContext, callback: () => void, backlog = false): () => void {
  const { timers } = ctx.options;
  const page = ctx.options.page as FramePage | undefined;
  let due = true;
  const run = () => {
    if (due) {
      due = false;
      callback();
    }
  };
  if (typeof page?.requestAnimationFrame !== "function") {
    const handle = timers.setTimeout(run, 0);
    return () => {
      due = false;
      timers.clearTimeout(handle);
    };
  }
  if (backlog && page.document?.visibilityState === "visible") {
    page.requestAnimationFrame(run);
    timers.setTimeout(run, FRAME_MS);
  } else {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(0);
  }
  return () => (due = false);
}

/**
 * More messages (or relayed items) than this within FRAME_MS are a burst, which waits for animation
 * frames; fewer (a steady trickle, even one every 2 ms) are applied in the next task.
 */
export const BURST_ITEMS = 16;

/**
 * Counts what arrives (`count` messages or items at a time), and says whether it comes as a
 * backlog: more than BURST_ITEMS in this FRAME_MS window or in the one before (so that a burst stays
 * one from one window to the next).
 */
export function burstMeter(ctx: LiveContext): (count: number) => boolean {
  let start = -Infinity;
  let now = 0;
  let before = 0;
  return (count) => {
    const at = ctx.options.clock.now();
    if (at - start >= FRAME_MS) {
      before = at - start < 2 * FRAME_MS ? now : 0;
      start = at;
      now = 0;
    }
    return (now += count) > BURST_ITEMS || before > BURST_ITEMS;
  };
}
