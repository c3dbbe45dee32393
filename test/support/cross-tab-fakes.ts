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
        setTimeout(() => {
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
    openCount: (name?: string) => [...open.entries()].filter(([n]) => name === undefined || n === name).reduce((sum, [, set]) => sum + set.size, 0),
  };
}

/** One browser origin: the locks and the channels its tabs share. */
export function fakeOrigin(): CrossTabEffects & { locks: FakeLocks; channels: ReturnType<typeof fakeBroadcastChannel> } {
  const channels = fakeBroadcastChannel();
  return { locks: new FakeLocks(), BroadcastChannel: channels.BroadcastChannel, channels };
}

/** A page's `document`, for visibilitychange: the tab shown or hidden by the user. */
export class FakeDocument extends EventTarget {
  listeners = 0;
  visibilityState: "visible" | "hidden" = "visible";
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners += 1;
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners -= 1;
    super.removeEventListener(type, listener);
  }
  /** The tab becomes `state`, as when the user switches tabs or minimizes the window. */
  become(state: "visible" | "hidden"): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

/** A page's window for the `page` option: Node's EventTarget, counting the listeners it holds, with its document. */
export class FakePage extends EventTarget {
  readonly document = new FakeDocument();
  listeners = 0;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners += 1;
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners -= 1;
    super.removeEventListener(type, listener);
  }
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
