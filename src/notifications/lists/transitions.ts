// lists/: the list rules and their indexes. This file: every transition on the (unread, read) pair,
// as the rules state it (docs/contributing/design.md#list-rules): both lists newest first, no duplicates, nothing
// in both, and an incoming item older than a stored match changes nothing.
import type { NotificationDetails } from "../types";
import {
  addKeys,
  attachIndex,
  detachIndex,
  emptyIndex,
  findMatches,
  indexOfList,
  normalList,
  normalize,
  removeKeys,
  sortNewestFirst,
  type ListIndex,
} from "./indexes";
import { compareMatch, compareNewness, hasId, isSameNotification, quoteKey, sameTemporary } from "./rules";
import { applyEdits } from "./splice";

type N = NotificationDetails;

export interface Lists {
  unread: N[];
  read: N[];
}

/**
 * Records removals and insertions against one list and builds the new list once at the end.
 * The list's index is only taken over (and patched) on the first change.
 */
class ListEditor {
  private index: ListIndex;
  private owned = false;
  private readonly removed: N[] = [];
  private readonly inserted = new Set<N>();

  constructor(readonly list: N[]) {
    this.index = indexOfList(list);
  }

  matches(n: N): N[] {
    return findMatches(this.index, n);
  }

  /** The stored notification that is the same as `n` in the narrow sense (readOne). */
  same(n: N): N | undefined {
    const candidates = findMatches(this.index, n);
    if (candidates.length === 0 && !hasId(n) && quoteKey(n) === null) {
      // Neither an id nor a quote key: only the very object can be the same.
      return this.contains(n) ? n : undefined;
    }
    return candidates.find((m) => isSameNotification(n, m));
  }

  private contains(n: N): boolean {
    return this.inserted.has(n) || (this.list.includes(n) && !this.removed.includes(n));
  }

  remove(n: N): void {
    this.own();
    removeKeys(this.index, n);
    if (this.inserted.has(n)) this.inserted.delete(n);
    else this.removed.push(n);
  }

  insert(n: N): void {
    this.own();
    addKeys(this.index, n);
    this.inserted.add(n);
  }

  /** `order: "latestFirst"` puts later insertions before earlier ones of equal newness. */
  finish(order: "latestFirst" | "asInserted" = "latestFirst"): N[] {
    if (!this.owned) return this.list;
    const ins = Array.from(this.inserted);
    if (order === "latestFirst") ins.reverse();
    const next = applyEdits(this.list, this.removed, sortNewestFirst(ins));
    attachIndex(next, this.index);
    return next;
  }

  private own(): void {
    if (this.owned) return;
    this.owned = true;
    if (this.list.length === 0) {
      // Every empty list is interchangeable; never patch an index another list may share.
      this.index = emptyIndex();
      return;
    }
    this.index = detachIndex(this.list);
  }
}

function editors(lists: Lists): [ListEditor, ListEditor] {
  const unread = normalList(lists.unread);
  let read = normalList(lists.read);
  // A preloaded state may use one array for both lists; the indexes must not be shared.
  if (read === unread && read.length > 0) read = normalList(read.slice());
  return [new ListEditor(unread), new ListEditor(read)];
}

function result(original: Lists, unread: ListEditor, read: ListEditor, readOrder?: "asInserted"): Lists {
  const nextUnread = unread.finish();
  const nextRead = read.finish(readOrder);
  if (nextUnread === unread.list && nextRead === read.list) return original;
  return { unread: nextUnread, read: nextRead };
}

/**
 * addUnreadNotification for each item in order. An item older than a match in unread changes
 * nothing; a match in read stays read unless the item is strictly newer.
 */
export function ingestUnread(lists: Lists, items: readonly N[], maxItems = Infinity): Lists {
  const [unread, read] = editors(lists);
  // A full store takes no new item older than the last one it would keep (see capLists).
  const floor = unread.list.length + read.list.length < maxItems ? undefined : (read.list[read.list.length - 1] ?? unread.list[unread.list.length - 1]);
  for (const n of items) {
    const inRead = read.matches(n);
    const inUnread = unread.matches(n);
    if (floor !== undefined && inRead.length + inUnread.length === 0 && compareNewness(n, floor) <= 0) continue;
    if (inRead.some((m) => compareMatch(n, m) <= 0)) continue;
    if (inUnread.some((m) => compareMatch(n, m) < 0)) continue;
    if (inRead.length === 0 && inUnread.length === 1 && inUnread[0] === n) continue;
    for (const m of inRead) read.remove(m);
    for (const m of inUnread) unread.remove(m);
    // An instant order's confirmation of a notification already read, and no newer: it stays read.
    if (inRead.length > 0 && inRead.every((m) => sameTemporary(n, m) && compareNewness(n, m) <= 0)) read.insert(n);
    else unread.insert(n);
  }
  return result(lists, unread, read);
}

/**
 * At most `maxItems` in both lists: read items go first, oldest first, then the oldest unread ones.
 * Each list's index goes with it, less the dropped items' keys.
 */
export function capLists(lists: Lists, maxItems = Infinity): Lists {
  if (!(lists.unread.length + lists.read.length > maxItems)) return lists;
  const [unread, read] = editors(lists);
  const over = unread.list.length + read.list.length - maxItems;
  const fromRead = Math.min(over, read.list.length);
  return { unread: dropOldest(unread.list, over - fromRead), read: dropOldest(read.list, fromRead) };
}

function dropOldest(list: N[], count: number): N[] {
  if (count <= 0) return list;
  const index = detachIndex(list);
  const kept = list.slice(0, list.length - count);
  for (let i = kept.length; i < list.length; i++) removeKeys(index, list[i]);
  attachIndex(kept, index);
  return kept;
}

/**
 * addReadNotification for each item: upserts into read and takes the notification out of unread.
 * `order: "asInserted"` keeps the items' order among equally new ones (readAllNotifications with a
 * list), instead of putting later items first.
 */
export function ingestRead(lists: Lists, items: readonly N[], order?: "asInserted"): Lists {
  const [unread, read] = editors(lists);
  for (const n of items) {
    const inUnread = unread.matches(n);
    const inRead = read.matches(n);
    if (inUnread.some((m) => compareMatch(n, m) < 0)) continue;
    if (inRead.some((m) => compareMatch(n, m) < 0)) continue;
    if (inUnread.length === 0 && inRead.length === 1 && inRead[0] === n) continue;
    for (const m of inUnread) unread.remove(m);
    for (const m of inRead) read.remove(m);
    read.insert(n);
  }
  return result(lists, unread, read, order);
}

/** Moves the stored unread notification that is `n` to read; nothing when it is not unread. */
export function readOne(lists: Lists, n: N): Lists {
  const [unread, read] = editors(lists);
  const stored = unread.same(n);
  if (stored === undefined) return lists;
  moveToRead(stored, unread, read);
  return result(lists, unread, read);
}

/** Moves every unread notification to read, keeping their order. */
export function readAll(lists: Lists): Lists {
  if (lists.unread.length === 0) return lists;
  const unread = normalList(lists.unread);
  const read = normalList(lists.read);
  if (read !== unread) {
    const fast = mergeDisjoint(unread, read);
    if (fast !== null) return { unread: [], read: fast };
  }
  // Some unread item matches a read one: only a state built outside the reducer gets here.
  const [unreadEditor, readEditor] = editors(lists);
  for (const n of unreadEditor.list) moveToRead(n, unreadEditor, readEditor);
  return { unread: [], read: readEditor.finish("asInserted") };
}

/**
 * When no unread item matches a read one (always, for states this reducer made), the new read list
 * is a merge of the two and its index is the union of theirs, with keys that are already hashed.
 */
function mergeDisjoint(unread: N[], read: N[]): N[] | null {
  const u = indexOfList(unread);
  const r = indexOfList(read);
  for (const id of u.byId.keys()) if (r.byId.has(id)) return null;
  for (const buckets of [u.byQuote, u.byTemp]) for (const bucket of buckets.values()) for (const n of bucket) if (findMatches(r, n).length > 0) return null;
  const index = read.length === 0 ? emptyIndex() : detachIndex(read);
  for (const [id, n] of u.byId) index.byId.set(id, n);
  for (const [quoteId, bucket] of u.byQuote) {
    const into = index.byQuote.get(quoteId);
    index.byQuote.set(quoteId, into === undefined ? bucket.slice() : into.concat(bucket));
  }
  for (const [temp, bucket] of u.byTemp) index.byTemp.set(temp, [...(index.byTemp.get(temp) ?? []), ...bucket]);
  const merged = applyEdits(read, [], unread);
  attachIndex(merged, index);
  return merged;
}

function moveToRead(n: N, unread: ListEditor, read: ListEditor): void {
  unread.remove(n);
  // Only a state built outside the reducer can hold n in both lists; the newer copy stays.
  const inRead = read.matches(n);
  if (inRead.some((m) => compareMatch(n, m) < 0)) return;
  for (const m of inRead) read.remove(m);
  read.insert(n);
}

/** Replaces one list (deduplicated, newest kept) and removes its items from the other. */
export function replaceList(lists: Lists, which: "unread" | "read", items: readonly N[]): Lists {
  const { list, index } = normalize(items);
  attachIndex(list, index);
  const other = which === "unread" ? lists.read : lists.unread;
  const kept = other.filter((m) => findMatches(index, m).length === 0);
  const nextOther = kept.length === other.length ? other : kept;
  return which === "unread" ? { unread: list, read: nextOther } : { unread: nextOther, read: list };
}

/** The stored notification in `list` that is `n` in the narrow sense, if any. */
export function findStored(list: N[], n: N): N | undefined {
  return new ListEditor(normalList(list)).same(n);
}
