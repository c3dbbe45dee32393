// Lookup indexes for the two lists, kept outside the state so the state stays plain data.
//
// An index belongs to one list array. When a reducer derives a new list from an old one it moves
// the index over and patches it, instead of rebuilding it: that is what keeps one ingest O(1)
// lookups plus one array copy. A list with no index (a preloaded or deserialized state, or an old
// state dispatched against again) gets one rebuilt from its contents, so the cache only ever
// changes speed, never results.
import type { NotificationDetails } from "../types";
import { compareMatch, compareNewness, hasId, sameTemporary, supersedesByQuote, tempKey } from "./rules";

type List = readonly NotificationDetails[];

export interface ListIndex {
  byId: Map<string, NotificationDetails>;
  /**
   * Notifications that supersede by quote key, bucketed by quote id. A bucket holds one entry per
   * (notificationType, actionStatus), so it stays tiny, and lookups build no key strings.
   */
  byQuote: Map<string, NotificationDetails[]>;
  /** Instant orders' notifications, by their temporary key (rules.ts tempKey). */
  byTemp: Map<string, NotificationDetails[]>;
}

const indexes = new WeakMap<List, ListIndex>();

export function emptyIndex(): ListIndex {
  return { byId: new Map(), byQuote: new Map(), byTemp: new Map() };
}

function sameQuoteKey(a: NotificationDetails, b: NotificationDetails): boolean {
  return a.notificationType === b.notificationType && (a.actionStatus ?? null) === (b.actionStatus ?? null);
}

function quoteBucket(index: ListIndex, n: NotificationDetails): NotificationDetails[] | undefined {
  return supersedesByQuote(n) ? index.byQuote.get(n.quoteId as string) : undefined;
}

function findByQuoteKey(index: ListIndex, n: NotificationDetails): NotificationDetails | undefined {
  const bucket = quoteBucket(index, n);
  if (bucket === undefined) return undefined;
  for (const m of bucket) if (sameQuoteKey(m, n)) return m;
  return undefined;
}

export function addKeys(index: ListIndex, n: NotificationDetails): void {
  if (hasId(n)) index.byId.set(n.id, n);
  const temp = tempKey(n);
  if (temp !== null) index.byTemp.set(temp, [...(index.byTemp.get(temp) ?? []), n]);
  if (!supersedesByQuote(n)) return;
  const bucket = index.byQuote.get(n.quoteId as string);
  if (bucket === undefined) {
    index.byQuote.set(n.quoteId as string, [n]);
    return;
  }
  const at = bucket.findIndex((m) => sameQuoteKey(m, n));
  if (at === -1) bucket.push(n);
  else bucket[at] = n;
}

export function removeKeys(index: ListIndex, n: NotificationDetails): void {
  if (hasId(n) && index.byId.get(n.id) === n) index.byId.delete(n.id);
  const temp = tempKey(n);
  const sharing = temp === null ? undefined : index.byTemp.get(temp)?.filter((m) => m !== n);
  if (temp !== null) {
    if (sharing === undefined || sharing.length === 0) index.byTemp.delete(temp);
    else index.byTemp.set(temp, sharing);
  }
  const bucket = quoteBucket(index, n);
  if (bucket === undefined) return;
  const at = bucket.indexOf(n);
  if (at === -1) return;
  if (bucket.length === 1) index.byQuote.delete(n.quoteId as string);
  else bucket.splice(at, 1);
}

/** The stored notifications an incoming one matches (rules.ts matches): same id, same quote key, or one instant order's. */
export function findMatches(index: ListIndex, n: NotificationDetails): NotificationDetails[] {
  const byId = hasId(n) ? index.byId.get(n.id) : undefined;
  const byKey = findByQuoteKey(index, n);
  const found = byId === undefined ? (byKey === undefined ? [] : [byKey]) : byKey === undefined || byKey === byId ? [byId] : [byId, byKey];
  const temp = tempKey(n);
  if (temp === null) return found;
  for (const m of index.byTemp.get(temp) ?? []) if (sameTemporary(n, m) && !found.includes(m)) found.push(m);
  return found;
}

/**
 * Builds the index of a list in normal form (newest first, no two items matching), or returns
 * null when the list is not in normal form.
 */
function buildIndex(list: List): ListIndex | null {
  const index = emptyIndex();
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (i > 0 && compareNewness(list[i - 1], n) < 0) return null;
    if (findMatches(index, n).length > 0) return null;
    addKeys(index, n);
  }
  return index;
}

/**
 * Applies the superseding rules to `items` in order (a later item wins a tie) and returns the
 * survivors newest first; among equally new ones the given order is kept.
 */
export function normalize(items: List): { list: NotificationDetails[]; index: ListIndex } {
  const index = emptyIndex();
  const kept = new Set<NotificationDetails>();
  for (const n of items) {
    const found = findMatches(index, n);
    if (found.some((m) => compareMatch(n, m) < 0)) continue;
    for (const m of found) {
      removeKeys(index, m);
      kept.delete(m);
    }
    addKeys(index, n);
    kept.add(n);
  }
  const list = sortNewestFirst(Array.from(kept));
  return { list, index };
}

/** Stable sort, newest first. */
export function sortNewestFirst(items: NotificationDetails[]): NotificationDetails[] {
  for (let i = 1; i < items.length; i++) {
    if (compareNewness(items[i - 1], items[i]) < 0) return items.sort((a, b) => compareNewness(b, a));
  }
  return items;
}

/**
 * The list itself when it is in normal form (its index is then cached), or its normalized copy.
 */
export function normalList(list: List): NotificationDetails[] {
  if (indexes.has(list)) return list as NotificationDetails[];
  const index = buildIndex(list);
  if (index !== null) {
    indexes.set(list, index);
    return list as NotificationDetails[];
  }
  const normalized = normalize(list);
  indexes.set(normalized.list, normalized.index);
  return normalized.list;
}

/** The index of a list in normal form, built on a cold cache. */
export function indexOfList(list: List): ListIndex {
  const cached = indexes.get(list);
  if (cached !== undefined) return cached;
  const built = buildIndex(list);
  if (built === null) throw new Error("notifications: indexOfList called on a list that is not in normal form");
  indexes.set(list, built);
  return built;
}

/** Takes the index away from `list` so that it can be patched for a list derived from it. */
export function detachIndex(list: List): ListIndex {
  const index = indexOfList(list);
  indexes.delete(list);
  return index;
}

export function attachIndex(list: List, index: ListIndex): void {
  indexes.set(list, index);
}
