// Per-store bookkeeping of running fetches, so that a fetch for an account the store has since
// switched away from is aborted and its result discarded (it still resolves, with an empty list).
// Keyed by the store's getState, which the thunk middleware passes unchanged for the store's lifetime.

interface StoreFetches {
  account: string | null;
  latest: number;
  running: Set<FetchTicket>;
}

export interface FetchTicket {
  readonly account: string;
  readonly seq: number;
  readonly controller: AbortController;
  readonly store: StoreFetches;
}

// Kept under a key of the global symbol registry, so that every copy of this module in the process
// (an ES module one and a CommonJS one can both be loaded: docs/notifications.md, "ESM and
// CommonJS") shares it, and a fetch dispatched through one copy still aborts one from the other.
// The key names the shape of StoreFetches: change it when that shape changes.
const STORES: unique symbol = Symbol.for("multiaccount-kit/notifications/storeFetches@1");

function stores(): WeakMap<object, StoreFetches> {
  const registry = globalThis as { [STORES]?: WeakMap<object, StoreFetches> };
  return (registry[STORES] ??= new WeakMap());
}

/** Addresses differ only in checksum case. */
function accountKey(account: string): string {
  return account.trim().toLowerCase();
}

export function beginFetch(storeKey: object, account: string): FetchTicket {
  let store = stores().get(storeKey);
  if (store === undefined) {
    store = { account: null, latest: 0, running: new Set() };
    stores().set(storeKey, store);
  }
  const key = accountKey(account);
  if (store.account !== key) {
    for (const ticket of store.running) if (ticket.account !== key) ticket.controller.abort();
  }
  store.account = key;
  const ticket: FetchTicket = { account: key, seq: ++store.latest, controller: new AbortController(), store };
  store.running.add(ticket);
  return ticket;
}

/** A newer fetch for another account was dispatched on the same store. */
export function isStale(ticket: FetchTicket): boolean {
  return ticket.store.account !== ticket.account;
}

/** No fetch was dispatched on the same store after this one: it owns notificationsStatus. */
export function isLatest(ticket: FetchTicket): boolean {
  return ticket.store.latest === ticket.seq;
}

export function endFetch(ticket: FetchTicket): void {
  ticket.store.running.delete(ticket);
}
