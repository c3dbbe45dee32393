// Builds a new newest-first list from an old one plus removals and insertions. Every element is
// copied once, natively, into an array of the exact final size; only the region around the edits
// is then patched element by element. Growing a copy element by element (push, filter, spread) is
// what makes large lists slow: in V8 an array beyond ~16k elements lives in large-object space,
// where every regrowth is a fresh allocation.
import type { NotificationDetails } from "../types";
import { compareNewness } from "./rules";

type N = NotificationDetails;

/** The index at which `n` goes: before every stored item that is not newer (incoming wins ties). */
export function insertionPoint(list: readonly N[], n: N): number {
  // A live feed brings notifications that belong at or near the top: gallop from the front
  // (positions 0, 1, 3, 7, ...) before the binary search.
  let lo = 0;
  let step = 1;
  let hi = 0;
  while (hi < list.length && compareNewness(list[hi], n) > 0) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewness(list[mid], n) > 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a stored item sits: binary search to its newness, then a scan over ties. */
export function positionOf(list: readonly N[], item: N): number {
  for (let i = insertionPoint(list, item); i < list.length; i++) {
    if (list[i] === item) return i;
    if (compareNewness(list[i], item) !== 0) break;
  }
  return list.indexOf(item);
}

const FEW_EDITS = 16;

/**
 * `list` without `removed` and with `inserted` (already newest first) merged in. Inserted items go
 * before stored items of equal newness.
 */
export function applyEdits(list: readonly N[], removed: readonly N[], inserted: readonly N[]): N[] {
  if (removed.length === 0 && inserted.length === 0) return list as N[];
  if (inserted.length === 0 && removed.length === list.length) return [];
  const removedAt = removed.map((n) => positionOf(list, n)).sort((a, b) => a - b);
  if (removedAt.length + inserted.length > FEW_EDITS) return mergeAll(list, removedAt, inserted);
  const insertAt = inserted.map((n) => insertionPoint(list, n));
  for (let k = 1; k < insertAt.length; k++) insertAt[k] = Math.max(insertAt[k], insertAt[k - 1]);
  return patchFew(list, removedAt, inserted, insertAt);
}

/**
 * Few edits. Old positions before `lo` keep their index and those from `hi` on move by `shift`;
 * one native copy puts whichever part is longer in place, and the rest is written by hand.
 */
function patchFew(list: readonly N[], removedAt: number[], inserted: readonly N[], insertAt: number[]): N[] {
  const n = list.length;
  const shift = inserted.length - removedAt.length;
  const size = n + shift;
  const lo = Math.min(removedAt.length > 0 ? removedAt[0] : n, insertAt.length > 0 ? insertAt[0] : n);
  const hi = Math.max(removedAt.length > 0 ? removedAt[removedAt.length - 1] + 1 : 0, insertAt.length > 0 ? insertAt[insertAt.length - 1] : 0);
  let out: N[];
  let from: number; // first new index to write
  let to: number; // one past the last new index to write
  if (shift === 0) {
    out = list.slice();
    from = lo;
    to = hi;
  } else if (lo < n - hi) {
    // The edits sit near the front: align the tail, rewrite the head.
    out = shift > 0 ? inserted.slice(0, shift).concat(list) : list.slice(-shift);
    from = 0;
    to = hi + shift;
  } else {
    // Near the back: align the head, rewrite the tail.
    out = shift > 0 ? list.concat(inserted.slice(0, shift)) : list.slice(0, size);
    from = lo;
    to = size;
  }
  let w = from;
  let i = from; // old positions before lo map to themselves
  let r = 0;
  let j = 0;
  while (r < removedAt.length && removedAt[r] < i) r++;
  while (w < to) {
    if (j < inserted.length && insertAt[j] <= i) {
      out[w++] = inserted[j++];
    } else if (r < removedAt.length && removedAt[r] === i) {
      r++;
      i++;
    } else {
      out[w++] = list[i++];
    }
  }
  return out;
}

/** Many edits: one merge pass into an array allocated at its final size. */
function mergeAll(list: readonly N[], removedAt: number[], inserted: readonly N[]): N[] {
  const size = list.length - removedAt.length + inserted.length;
  const out: N[] = new Array(size);
  let w = 0;
  let r = 0;
  let j = 0;
  for (let i = 0; i < list.length; i++) {
    if (r < removedAt.length && removedAt[r] === i) {
      r++;
      continue;
    }
    const stored = list[i];
    while (j < inserted.length && compareNewness(inserted[j], stored) >= 0) out[w++] = inserted[j++];
    out[w++] = stored;
  }
  while (j < inserted.length) out[w++] = inserted[j++];
  return out;
}
