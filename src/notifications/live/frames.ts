// When to apply what arrived: at most once per animation frame in a visible page, once per task in
// a hidden one, once per timer tick elsewhere (Node, tests). What arrives meanwhile is coalesced by
// the caller into one store update (docs/live-notifications.md#bursts).
import type { LiveContext } from "./types";

/** The part of the page's `window` used here; a fake page of the tests has none of it. */
interface FramePage {
  requestAnimationFrame?: (callback: () => void) => unknown;
  document?: { visibilityState?: string };
}

/**
 * Runs `callback` once, at the next moment to apply a batch, and returns what cancels it. In a
 * visible page: the next animation frame, so that one store update is painted once. A hidden page
 * runs no animation frames, and throttles its timers to one a second (one a minute after five
 * minutes hidden), yet a hidden leader must relay at once: there, a MessageChannel message, the
 * next task. A page hidden before its frame came falls back to a timer of a second (what a hidden
 * page's timers get anyway). Without a page (Node,
 * tests): the `timers` option's next tick.
 */
export function nextFrame(ctx: LiveContext, callback: () => void): () => void {
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
  if (page.document?.visibilityState === "visible") {
    page.requestAnimationFrame(run);
    timers.setTimeout(run, 1000);
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
