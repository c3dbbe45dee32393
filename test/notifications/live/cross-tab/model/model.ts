// The model of the model-based test: which tabs live, which are frozen, and what each tab knows to
// be read. It says nothing of sockets, leaders or backfills: every notification the hedger holds
// must reach every tab, at its newest version, once. What a tab knows to be read follows the
// relay's rules, kept as plain data (docs/live-notifications.md#the-model-based-test):
// - a read in a tab reaches every other living tab (a frozen one when it resumes);
// - a tab that opens learns what every running tab knows, and, when each frozen tab resumes, what
//   that one knows then;
// - a tab that closes or crashes takes with it what no other tab learned;
// - a tab frozen with its freeze event (Chromium's) closes its connection first: nothing waits in it,
//   and when it resumes it joins again, learning what every running tab knows (as a tab that opens,
//   keeping what it knew), and telling them what it knows (its hello carries its lists).
// A notification is read in a tab when the tab knows it read at its newest version; a newer
// version makes it unread again (the list rules).
import type { MockNotification } from "../../../../../src/mock-hedger";
import type { NotificationResponse } from "../../../../../src/notifications";

/** Item id to the newest modify time read. */
export type Reads = Map<string, number>;

/** What waits in a frozen tab, in the order it was sent. */
export type Pending = { kind: "read"; reads: Reads } | { kind: "hello"; from: number; reads: Reads } | { kind: "lists"; reads: Reads };

export interface ModelTab {
  key: number;
  frozen: boolean;
  /** Frozen after its freeze event: it left the other tabs, and joins them again on resume. */
  left: boolean;
  reads: Reads;
  queue: Pending[];
}

export interface Model {
  tabs: ModelTab[];
  nextKey: number;
  /** Every notification emitted or recorded, id to its quote id (for updates). */
  items: Map<string, number | null>;
}

export const emptyModel = (): Model => ({ tabs: [], nextKey: 1, items: new Map() });

function merge(into: Reads, from: Reads): void {
  for (const [id, time] of from) into.set(id, Math.max(time, into.get(id) ?? -Infinity));
}

export const running = (m: Readonly<Model>): ModelTab[] => m.tabs.filter((t) => !t.frozen);
export const frozen = (m: Readonly<Model>): ModelTab[] => m.tabs.filter((t) => t.frozen);

/** The `slot`-th of `tabs`, wrapping around. */
export const pick = (tabs: ModelTab[], slot: number): ModelTab => tabs[slot % tabs.length];

export function openTab(m: Model): ModelTab {
  const tab: ModelTab = { key: m.nextKey++, frozen: false, left: false, reads: new Map(), queue: [] };
  m.tabs.push(tab);
  join(m, tab);
  return tab;
}

/**
 * `tab` says hello, with what it knows: every running tab learns that, and it learns what they know;
 * a frozen one that stayed does both when it resumes.
 */
function join(m: Model, tab: ModelTab): void {
  const told = new Map(tab.reads);
  for (const peer of m.tabs) {
    if (peer === tab || peer.left) continue;
    if (peer.frozen) peer.queue.push({ kind: "hello", from: tab.key, reads: told });
    else {
      merge(peer.reads, told);
      merge(tab.reads, peer.reads);
    }
  }
}

/** The tab is frozen; `left`: after its freeze event, which closed its connection first. */
export function freeze(m: Model, key: number, left: boolean): void {
  const tab = m.tabs.find((t) => t.key === key)!;
  tab.frozen = true;
  tab.left = left;
}

export function removeTab(m: Model, key: number): void {
  m.tabs = m.tabs.filter((t) => t.key !== key);
}

export function read(m: Model, key: number, reads: Reads): void {
  for (const tab of m.tabs) {
    if (tab.key === key || !tab.frozen) merge(tab.reads, reads);
    else if (!tab.left) tab.queue.push({ kind: "read", reads: new Map(reads) });
  }
}

export function resume(m: Model, key: number): void {
  const tab = m.tabs.find((t) => t.key === key)!;
  tab.frozen = false;
  if (tab.left) {
    tab.left = false;
    join(m, tab);
    return;
  }
  for (const pending of tab.queue.splice(0)) {
    merge(tab.reads, pending.reads);
    if (pending.kind !== "hello") continue;
    const joiner = m.tabs.find((t) => t.key === pending.from);
    if (joiner === undefined || joiner.left) continue;
    if (joiner.frozen) joiner.queue.push({ kind: "lists", reads: new Map(tab.reads) });
    else merge(joiner.reads, tab.reads);
  }
}

/** What a tab must show: every item the hedger holds, at its newest version, newest first, split by what the tab knows read. */
export function expectedLists(tab: ModelTab, all: NotificationResponse[]): { unread: string[]; read: string[] } {
  // The model sends no instant order: every record has an id.
  const history = all as MockNotification[];
  const newest = new Map<string, MockNotification>();
  for (const r of history) if ((newest.get(r.id)?.modify_time ?? -Infinity) < r.modify_time) newest.set(r.id, r);
  const sorted = [...newest.values()].sort((a, b) => b.modify_time - a.modify_time);
  const isRead = (r: MockNotification) => (tab.reads.get(r.id) ?? -Infinity) >= r.modify_time;
  const label = (r: MockNotification) => `${r.id}@${r.modify_time}`;
  return { unread: sorted.filter((r) => !isRead(r)).map(label), read: sorted.filter(isRead).map(label) };
}
