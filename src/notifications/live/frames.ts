// When to apply what arrived: at most once per animation frame in a visible page, once per task in
// a hidden one, once per timer tick elsewhere (Node, tests). What arrives meanwhile is coalesced by
// the caller into one store update (docs/live-notifications.md#bursts).
import type { LiveContext } from "./types";

/**
 * How long a visible page waits for its animation frame before it applies the batch anyway: about
 * one frame. A page that paints (60 frames a second) gets its frame first; one that the browser
 * gives few frames to (a tab behind another that still counts as visible, as in headless Chromium)
 * is not held back by them, and a page hidden before its frame came waits no longer than its
 * throttled timers make it.
 */
const FRAME_MS = 20;

/** The part of the page's `window` used here; a fake page of the tests has none of it. */
interface FramePage {
  requestAnimationFrame?: (callback: () => void) => unknown;
  document?: { visibilityState?: string };
}

/**
 * Runs `callback` once, at the next moment to apply a batch, and returns what cancels it. In a
 * visible page that applied a batch within the last FRAME_MS (a burst): the next animation frame,
 * so that one store update is painted once, or FRAME_MS if no frame came by then. After a quiet
 * while, the next task: a lone message is not held back for a frame. A hidden page runs no animation frames, and throttles its timers to one a
 * second (one a minute after five minutes hidden), yet a hidden leader must relay at once: there, a
 * MessageChannel message, the next task. Without a page (Node, tests): the `timers` option's next
 * tick.
 */
export function nextFrame(ctx: LiveContext, callback: () => void): () => void {
  const { timers } = ctx.options;
  const page = ctx.options.page as FramePage | undefined;
  let due = true;
  const run = () => {
    if (due) {
      due = false;
      ctx.appliedAt = ctx.options.clock.now();
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
  // Nothing applied within the last frame: no burst, so no reason to wait for a frame.
  const idle = !(ctx.options.clock.now() - (ctx.appliedAt ?? -Infinity) < FRAME_MS);
  if (page.document?.visibilityState === "visible" && !idle) {
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
