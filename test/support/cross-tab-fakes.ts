// Fakes of the browser APIs the cross-tab layer uses, with the browsers' semantics that matter:
// one holder per lock name, waiters granted in order, a waiting request withdrawn by its signal
// (rejecting with an AbortError); a BroadcastChannel that delivers a structured clone, later, to
// every other open channel of the same name and never to the sender; and a page's window, which
// fires pagehide and pageshow (with `persisted`) when told to.
import type { BroadcastChannelLike, CrossTabEffects, LockManagerLike } from "../../src/notifications/live/types";

interface Waiter {
  grant(): void;
}

export class FakeLocks implements LockManagerLike {
  private readonly holders = new Set<string>();
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(abortError());
      const waiter: Waiter = {
        grant: () => {
          Promise.resolve()
            .then(() => callback({ name }))
            .then(resolve, reject)
            .finally(() => this.release(name));
        },
      };
      signal?.addEventListener("abort", () => {
        const queue = this.queue(name);
        const at = queue.indexOf(waiter);
        if (at < 0) return;
        queue.splice(at, 1);
        reject(abortError());
      });
      this.queue(name).push(waiter);
      this.pump(name);
    });
  }

  /** Whether someone holds `name`, and how many wait for it. */
  held(name: string): boolean {
    return this.holders.has(name);
  }
  waiting(name: string): number {
    return this.queue(name).length;
  }

  private queue(name: string): Waiter[] {
    let queue = this.queues.get(name);
    if (queue === undefined) this.queues.set(name, (queue = []));
    return queue;
  }

  private pump(name: string): void {
    if (this.holders.has(name)) return;
    const next = this.queue(name).shift();
    if (next === undefined) return;
    this.holders.add(name);
    next.grant();
  }

  private release(name: string): void {
    this.holders.delete(name);
    setTimeout(() => this.pump(name), 0);
  }
}

function abortError(): Error {
  const error = new Error("The request was aborted");
  error.name = "AbortError";
  return error;
}

/** A BroadcastChannel class whose instances talk to each other only (one "origin"). */
export function fakeBroadcastChannel() {
  const open = new Map<string, Set<FakeChannel>>();
  const posted: unknown[] = [];
  /** Deliveries posted and not yet made (or handed to a frozen tab's queue). */
  let inFlight = 0;
  class FakeChannel implements BroadcastChannelLike {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    closed = false;
    constructor(readonly name: string) {
      if (!open.has(name)) open.set(name, new Set());
      open.get(name)!.add(this);
    }
    postMessage(message: unknown): void {
      if (this.closed) throw new Error("InvalidStateError: the channel is closed");
      const data = structuredClone(message);
      posted.push(data);
      for (const peer of open.get(this.name) ?? []) {
        if (peer === this) continue;
        inFlight += 1;
        setTimeout(() => {
          inFlight -= 1;
          if (!peer.closed) peer.onmessage?.({ data: structuredClone(data) });
        }, 0);
      }
    }
    close(): void {
      this.closed = true;
      open.get(this.name)?.delete(this);
    }
  }
  return {
    BroadcastChannel: FakeChannel,
    posted,
    inFlight: () => inFlight,
    openCount: (name?: string) => [...open.entries()].filter(([n]) => name === undefined || n === name).reduce((sum, [, set]) => sum + set.size, 0),
  };
}

/** One browser origin: the locks and the channels its tabs share. */
export function fakeOrigin(): CrossTabEffects & { locks: FakeLocks; channels: ReturnType<typeof fakeBroadcastChannel> } {
  const channels = fakeBroadcastChannel();
  return { locks: new FakeLocks(), BroadcastChannel: channels.BroadcastChannel, channels };
}

/** Node's EventTarget, counting the listeners it holds (a test checks that none is left). */
class CountingTarget extends EventTarget {
  listeners = 0;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners += 1;
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners -= 1;
    super.removeEventListener(type, listener);
  }
}

/** A page's `document`, for visibilitychange: the tab shown or hidden by the user. */
export class FakeDocument extends CountingTarget {
  visibilityState: "visible" | "hidden" = "visible";
  /** The tab becomes `state`, as when the user switches tabs or minimizes the window. */
  become(state: "visible" | "hidden"): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

/** A page's window for the `page` option, with its document. */
export class FakePage extends CountingTarget {
  readonly document = new FakeDocument();
  /** The user navigates away; `persisted`: the page goes into the back-forward cache. */
  hide(persisted = true): void {
    this.dispatchEvent(Object.assign(new Event("pagehide"), { persisted }));
  }
  /** `persisted`: restored from the back-forward cache; false: a first load. */
  show(persisted = true): void {
    this.dispatchEvent(Object.assign(new Event("pageshow"), { persisted }));
  }
  /** The browser's network comes back. */
  online(): void {
    this.dispatchEvent(new Event("online"));
  }
}

/**
 * What a tab's page runs on, for freezing and crashing it: every event that reaches the tab's
 * script (a lock granted, a channel message, a socket event, a timer, a fetch answer) goes through
 * `run`. A frozen tab queues them, as a frozen page queues its tasks, and runs them in order, one per
 * turn of the event loop, once resumed; it keeps its locks, channels and sockets meanwhile. A
 * crashed tab runs nothing again, and the browser releases what it held: its locks (held or
 * waited for), its channels and its sockets (cut with no close frame).
 */
export class FakeTabRuntime {
  frozen = false;
  crashed = false;
  /** Whether this tab holds a lock now (its lock callback runs). */
  holding = 0;
  /** Work of the tab's own under way that a test may wait for (a fetch, a timer due at once). */
  busy = 0;
  readonly sockets = new Set<{ terminate(): void }>();
  readonly channels = new Set<BroadcastChannelLike>();
  private readonly queue: Array<() => void> = [];
  private readonly crash$ = new AbortController();
  private draining = false;

  /** The signal the browser aborts when the tab crashes. */
  get crashSignal(): AbortSignal {
    return this.crash$.signal;
  }
  /** Events waiting for the tab to run them. */
  get queued(): number {
    return this.queue.length;
  }

  run(task: () => void): void {
    if (this.crashed) return;
    if (this.frozen || this.queue.length > 0) {
      this.queue.push(task);
      this.drain();
    } else task();
  }

  freeze(): void {
    this.frozen = true;
  }
  resume(): void {
    this.frozen = false;
    this.drain();
  }

  crash(): void {
    this.crashed = true;
    this.queue.length = 0;
    this.crash$.abort();
    for (const socket of this.sockets) socket.terminate();
    for (const channel of this.channels) channel.close();
  }

  private drain(): void {
    if (this.draining || this.frozen || this.crashed || this.queue.length === 0) return;
    this.draining = true;
    setTimeout(() => {
      this.draining = false;
      if (this.frozen || this.crashed) return;
      this.queue.shift()?.();
      this.drain();
    }, 0);
  }
}

/**
 * One tab's view of its origin's locks and channels, through its runtime: a lock granted to a
 * frozen tab waits for it; a crashed tab's lock is released and its waiting requests withdrawn.
 */
export function tabEffects(origin: ReturnType<typeof fakeOrigin>, tab: FakeTabRuntime): CrossTabEffects {
  const locks: LockManagerLike = {
    request: (name, options, callback) =>
      new Promise((resolve, reject) => {
        const signals = [tab.crashSignal, ...(options.signal ? [options.signal] : [])];
        const held = (lock: unknown) =>
          new Promise<unknown>((done) => {
            tab.holding += 1;
            tab.crashSignal.addEventListener("abort", () => done(undefined), { once: true });
            tab.run(() => void Promise.resolve(lock).then(callback).then(done, done));
          }).finally(() => (tab.holding -= 1));
        origin.locks.request(name, { signal: AbortSignal.any(signals) }, held).then(
          (value) => tab.run(() => resolve(value)),
          (error: Error) => tab.run(() => reject(error))
        );
      }),
  };
  class TabChannel implements BroadcastChannelLike {
    private readonly inner: BroadcastChannelLike & { closed?: boolean };
    private handler: ((event: { data: unknown }) => void) | null = null;
    constructor(name: string) {
      this.inner = new origin.BroadcastChannel(name);
      tab.channels.add(this.inner);
      this.inner.onmessage = (event: { data: unknown }) => tab.run(() => this.inner.closed || this.handler?.(event));
    }
    get onmessage() {
      return this.handler;
    }
    set onmessage(handler: ((event: { data: unknown }) => void) | null) {
      this.handler = handler;
    }
    postMessage(message: unknown): void {
      this.inner.postMessage(message);
    }
    close(): void {
      this.inner.close();
    }
  }
  return { locks, BroadcastChannel: TabChannel };
}
