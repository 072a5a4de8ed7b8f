/**
 * Finds every dictionary word within a bounded Damerau–Levenshtein distance of a query word, walking the sorted
 * word list as if it were a trie: consecutive words share their common prefix's DP rows, and a whole block of
 * words sharing a prefix is skipped (binary search) as soon as that prefix's row exceeds the bound. Under prefix
 * matching the distance of a word is fixed once the walk is `length + maxTypos` letters deep, so the remaining
 * block is reported as one range. The cost is therefore proportional to the prefixes visited, not to the
 * dictionary size.
 */
import { endOfPrefix, lowerBound } from './term-dictionary.ts';

/** Receives matching sorted positions `[low, high)` that all match with `typos` typos. */
export type RangeVisitor = (low: number, high: number, typos: number) => void;

/**
 * Visits every word of `terms` (sorted) within `maxTypos` of `word`.
 * @param terms - the dictionary in code-unit order.
 * @param word - the folded query word.
 * @param maxTypos - 0, 1 or 2.
 * @param asPrefix - true when `word` may be a prefix of the dictionary word (last word under `prefixLast`).
 * @param visit - called with ranges of sorted positions and their typo count (the minimum over prefixes).
 */
export function visitTypoMatches(
  terms: readonly string[],
  word: string,
  maxTypos: number,
  asPrefix: boolean,
  visit: RangeVisitor,
): void {
  if (maxTypos === 0) {
    visitExact(terms, word, asPrefix, visit);
    return;
  }
  const m = word.length;
  const maxDepth = m + maxTypos;
  const rows: Uint8Array[] = Array.from({ length: maxDepth + 2 }, () => new Uint8Array(m + 1));
  const best = new Uint8Array(maxDepth + 2);
  const firstRow = rows[0] ?? new Uint8Array(0);
  for (let j = 0; j <= m; j++) firstRow[j] = j;
  best[0] = 255;
  let path = '';
  let pathDepth = 0;
  let index = 0;
  while (index < terms.length) {
    const term = terms[index] ?? '';
    let depth = commonPrefixLength(path, term, pathDepth);
    const limit = asPrefix ? Math.min(term.length, maxDepth) : Math.min(term.length, maxDepth + 1);
    let pruned = false;
    while (depth < limit) {
      depth++;
      const rowMinimum = computeRow(rows, depth, word, term);
      const distanceHere = rows[depth]?.[m] ?? 255;
      best[depth] = Math.min(best[depth - 1] ?? 255, distanceHere);
      if (rowMinimum > maxTypos) {
        pruned = true;
        break;
      }
    }
    path = term;
    pathDepth = depth;
    if (pruned || (!asPrefix && depth > maxDepth)) {
      const high = endOfPrefix(terms, term.slice(0, depth), index);
      // Under prefix matching a shorter prefix may already have matched: the whole block shares it.
      const typos = best[depth] ?? 255;
      if (asPrefix && typos <= maxTypos) visit(index, high, typos);
      index = high;
      continue;
    }
    const typos = asPrefix ? (best[depth] ?? 255) : (rows[depth]?.[m] ?? 255);
    const high =
      asPrefix && depth === maxDepth ? endOfPrefix(terms, term.slice(0, depth), index) : index + 1;
    if (typos <= maxTypos) visit(index, high, typos);
    index = high;
  }
}

function visitExact(
  terms: readonly string[],
  word: string,
  asPrefix: boolean,
  visit: RangeVisitor,
): void {
  const low = lowerBound(terms, word, 0);
  if (asPrefix) {
    const high = endOfPrefix(terms, word, low);
    if (high > low) visit(low, high, 0);
  } else if (terms[low] === word) {
    visit(low, low + 1, 0);
  }
}

function commonPrefixLength(a: string, b: string, maximum: number): number {
  const length = Math.min(a.length, b.length, maximum);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

/** Fills `rows[depth]` (OSA recurrence) and returns its minimum. */
function computeRow(rows: Uint8Array[], depth: number, word: string, term: string): number {
  const current = rows[depth] ?? new Uint8Array(0);
  const previous = rows[depth - 1] ?? new Uint8Array(0);
  const previous2 = rows[depth - 2];
  const letter = term.charCodeAt(depth - 1);
  const letterBefore = depth > 1 ? term.charCodeAt(depth - 2) : -1;
  current[0] = depth;
  let minimum = depth;
  for (let j = 1; j < current.length; j++) {
    const queryLetter = word.charCodeAt(j - 1);
    let value = Math.min(
      (previous[j] ?? 0) + 1,
      (current[j - 1] ?? 0) + 1,
      (previous[j - 1] ?? 0) + (queryLetter === letter ? 0 : 1),
    );
    if (
      previous2 !== undefined &&
      j > 1 &&
      letter === word.charCodeAt(j - 2) &&
      letterBefore === queryLetter
    ) {
      value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
    }
    current[j] = Math.min(value, 255);
    if (value < minimum) minimum = value;
  }
  return minimum;
}
