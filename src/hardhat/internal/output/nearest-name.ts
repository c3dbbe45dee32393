// "Did you mean ...?": the name of a list nearest to a mistyped one, by edit distance.

/**
 * The edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count one ("locahost" and "lcoalhost" are both 1 from "localhost").
 * Letter case is ignored.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // rows[i][j]: the distance between the first i characters of s and the first j of t.
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const substitution = rows[i - 1][j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1);
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, substitution);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
      rows[i][j] = best;
    }
  }
  return rows[s.length][t.length];
}

/**
 * The candidate nearest to `name`, when one is near enough to be a typo of it: at most 2 edits, and
 * at most a third of the longer name's length (so "bsc" is not offered for "eth"); failing that, the
 * one candidate that `name` (3 characters or more) begins ("local" for "localhost"). On a tie the
 * first candidate in the list wins; `name` itself is never offered.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(name, candidate);
    const allowed = Math.min(2, Math.floor(Math.max(name.length, candidate.length) / 3));
    if (distance > allowed) continue;
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  if (best !== undefined) return best.candidate;
  const extended = candidates.filter((candidate) => name.length >= 3 && candidate !== name && candidate.toLowerCase().startsWith(name.toLowerCase()));
  return extended.length === 1 ? extended[0] : undefined;
}
