/**
 * Damerau–Levenshtein distance (optimal string alignment: insertion, deletion, substitution, transposition of
 * two adjacent letters all cost 1), bounded: the functions stop early and return `maxDistance + 1` once the
 * distance is known to exceed the bound. Used to re-check single words (highlighting, facet values); the index
 * uses {@link ./typo-match.ts} over the whole dictionary instead.
 */

let sharedRows: Uint8Array[] = [new Uint8Array(32), new Uint8Array(32), new Uint8Array(32)];

/** Three DP rows of at least `length + 1` cells, reused across calls (the function is not re-entrant). */
function rowsFor(length: number): Uint8Array[] {
  if ((sharedRows[0]?.length ?? 0) <= length) {
    sharedRows = [
      new Uint8Array(length * 2 + 2),
      new Uint8Array(length * 2 + 2),
      new Uint8Array(length * 2 + 2),
    ];
  }
  return sharedRows;
}

/** A 32-bit set of the letters of `text` (letters a–z exactly, other characters hashed). */
export function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) mask |= 1 << (text.charCodeAt(i) % 32);
  return mask;
}

/** Number of set bits. */
function bitCount(value: number): number {
  let count = 0;
  let rest = value;
  while (rest !== 0) {
    rest &= rest - 1;
    count++;
  }
  return count;
}

/**
 * A cheap necessary condition for `boundedEditDistance(word, candidate) ≤ maxDistance`: each edit can supply at
 * most one of the word's letters missing from the candidate.
 */
export function mayBeWithin(wordMask: number, candidateMask: number, maxDistance: number): boolean {
  return bitCount(wordMask & ~candidateMask) <= maxDistance;
}

/**
 * Distance between `word` and `candidate` (or, with `asPrefix`, between `word` and the closest prefix of
 * `candidate`), capped at `maxDistance + 1`.
 * @param word - the query word (folded).
 * @param candidate - the record word (folded).
 * @param maxDistance - 0–2 in practice.
 * @param asPrefix - true for the last query word under `prefixLast`: `tele` matches `television` at distance 0.
 */
export function boundedEditDistance(
  word: string,
  candidate: string,
  maxDistance: number,
  asPrefix: boolean,
): number {
  const limit = maxDistance + 1;
  if (!asPrefix && Math.abs(word.length - candidate.length) > maxDistance) return limit;
  const m = word.length;
  const rows = rowsFor(m);
  let previous2 = rows[0] ?? new Uint8Array(0);
  let previous = rows[1] ?? new Uint8Array(0);
  let current = rows[2] ?? new Uint8Array(0);
  for (let j = 0; j <= m; j++) previous[j] = j;
  let best = asPrefix ? (previous[m] ?? limit) : limit;
  const depth = asPrefix ? Math.min(candidate.length, m + maxDistance) : candidate.length;
  for (let i = 1; i <= depth; i++) {
    const letter = candidate.charCodeAt(i - 1);
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= m; j++) {
      const cost = word.charCodeAt(j - 1) === letter ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        letter === word.charCodeAt(j - 2) &&
        candidate.charCodeAt(i - 2) === word.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      }
      current[j] = Math.min(value, 255);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (asPrefix) best = Math.min(best, current[m] ?? limit);
    if (rowMinimum > maxDistance) return asPrefix ? Math.min(best, limit) : limit;
    const spare = previous2;
    previous2 = previous;
    previous = current;
    current = spare;
  }
  const distance = asPrefix ? best : (previous[m] ?? limit);
  return Math.min(distance, limit);
}
