/**
 * Finds every dictionary word within a bounded Damerau–Levenshtein distance of a query word, walking the sorted
 * word list as a trie (term-trie.ts): each node computes one DP row from its parent's, and a whole subtree is
 * skipped as soon as its row exceeds the bound. A row is held as one bit mask per typo level (bit j of level i:
 * within i typos of the word's first j letters), so a node costs a few shifts and ORs whatever the word's length
 * (words over 30 letters use a byte per cell of the row's diagonal band, where values within the bound can lie).
 * Under prefix matching the distance of a word is fixed once the walk is `length + maxTypos` letters deep, so
 * that subtree is reported as one range. A subtree whose words are all too short or too long to come within the
 * bound is skipped too. The cost is proportional to the trie nodes visited, not to the dictionary size.
 */
import { endOfPrefix, lowerBound } from './term-dictionary.ts';
import { type TermTrie, termTrie } from './term-trie.ts';

/** Receives matching sorted positions `[low, high)` that all match with `typos` typos. */
export type RangeVisitor = (low: number, high: number, typos: number) => void;

/**
 * Visits every word of `terms` (sorted) within `maxTypos` of `word`, in sorted order.
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
  if (maxTypos === 0) visitExact(terms, word, asPrefix, visit);
  else if (maxTypos <= 2 && word.length <= maxMaskedLength)
    visitByMasks(terms, word, maxTypos, asPrefix, visit);
  else visitByRows(terms, word, maxTypos, asPrefix, visit);
}

/** Longest word the masks hold: cells 0 … length are bits 0 … length of one 32-bit integer (bit 31 spare). */
const maxMaskedLength = 30;

/**
 * The walk with each DP row held as `maxTypos + 1` bit masks: bit `j` of mask `i` is set when the path's letters
 * are within `i` typos of the word's first `j` letters. One row costs a few shifts and ORs per typo level, with
 * no branch per cell (`visitByRows` costs a branchy min of four values per cell of the band). Same rows, same
 * pruning test, same visits.
 */
function visitByMasks(
  terms: readonly string[],
  word: string,
  maxTypos: number,
  asPrefix: boolean,
  visit: RangeVisitor,
): void {
  const m = word.length;
  const k = maxTypos;
  const levels = k + 1;
  const maxDepth = m + k;
  const full = -1 >>> (31 - m);
  const wordEnd = 1 << m;
  const walk = startWalk(terms, word, k, asPrefix, visit);
  const { trie } = walk;
  const { size, symbols, depths, nexts, shortest, longest } = trie;
  // letterMasks[symbol]: bit j set when the word's letter j (1-based) is that letter.
  const letterMasks = new Int32Array(trie.alphabet.size);
  for (let j = 1; j <= m; j++) {
    const symbol = trie.alphabet.get(word.charCodeAt(j - 1));
    if (symbol !== undefined) letterMasks[symbol] = (letterMasks[symbol] ?? 0) | (1 << j);
  }
  // Row of depth d at (d + 1) × levels (row 0 is an empty row before the root, for the transposition of depth 1).
  const rows = new Int32Array((maxDepth + 2) * levels);
  for (let i = 0; i <= k; i++) rows[levels + i] = (-1 >>> (31 - Math.min(i, m))) & full;
  // The letter mask of the path's letter at each depth (0 at the root).
  const pathMasks = new Int32Array(maxDepth + 2);
  let node = 0;
  while (node < size) {
    const depth = depths[node] ?? 0;
    if (depth > maxDepth) {
      node = nexts[node] ?? size;
      continue;
    }
    const letterMask = letterMasks[symbols[node] ?? 0] ?? 0;
    pathMasks[depth] = letterMask;
    // Cells j where the path's last two letters are the word's letters j and j − 1 swapped.
    const swapped = (letterMask << 1) & (pathMasks[depth - 1] ?? 0);
    const current = (depth + 1) * levels;
    const previous = current - levels;
    const previous2 = previous - levels;
    // A word below is `minLength`..`maxLength` letters long (under prefix matching, any prefix of it from this
    // depth down counts); from cell j, reaching the word's end costs at least the gap between the letters left
    // on each side: some word below can be within the budget only if a cell within `i` typos leaves a gap of at
    // most `k − i`.
    const minLength = asPrefix ? depth : (shortest[node] ?? 0);
    const maxLength = longest[node] ?? 0;
    let distance = levels;
    let alive = false;
    let below = 0;
    for (let i = 0; i < levels; i++) {
      let mask = ((rows[previous + i] ?? 0) << 1) & letterMask;
      if (i > 0) {
        const up = rows[previous + i - 1] ?? 0;
        mask |= (up << 1) | up | (below << 1) | (((rows[previous2 + i - 1] ?? 0) << 2) & swapped);
      }
      if (depth <= i) mask |= 1;
      mask &= full;
      rows[current + i] = mask;
      if (distance === levels && (mask & wordEnd) !== 0) distance = i;
      if (!alive && mask !== 0) {
        const slack = k - i;
        const low = m + depth - maxLength - slack;
        const high = m + depth - minLength + slack;
        if (high >= 0 && low <= m) {
          const range = (-1 >>> (31 - Math.min(high, m))) & (-1 << Math.max(low, 0));
          if ((mask & range) !== 0) alive = true;
        }
      }
      below = mask;
    }
    node = settle(walk, node, depth, distance, alive);
  }
}

/** The walk with each DP row held as one byte per cell of its diagonal band (words over 30 letters). */
function visitByRows(
  terms: readonly string[],
  word: string,
  maxTypos: number,
  asPrefix: boolean,
  visit: RangeVisitor,
): void {
  const m = word.length;
  const k = maxTypos;
  const cap = k + 1;
  const width = m + 1;
  const maxDepth = m + k;
  const wordLetters = new Int32Array(m + 1);
  for (let j = 0; j < m; j++) wordLetters[j + 1] = word.charCodeAt(j);
  // rows[d * width + j]: distance between the path's first d letters and the word's first j letters, capped.
  const rows = new Uint8Array((maxDepth + 2) * width).fill(cap);
  for (let j = 0; j <= Math.min(m, k); j++) rows[j] = j;
  for (let d = 1; d <= k && d <= maxDepth + 1; d++) rows[d * width] = d;
  const path = new Int32Array(maxDepth + 2);
  path[0] = -1;
  const walk = startWalk(terms, word, k, asPrefix, visit);
  const { size, letters, depths, nexts, shortest, longest } = walk.trie;
  let node = 0;
  while (node < size) {
    const depth = depths[node] ?? 0;
    if (depth > maxDepth) {
      node = nexts[node] ?? size;
      continue;
    }
    const letter = letters[node] ?? 0;
    path[depth] = letter;
    const letterBefore = path[depth - 1] ?? -1;
    const current = depth * width;
    const previous = current - width;
    const previous2 = previous - width;
    // The words below are `minLength`..`maxLength` letters long (under prefix matching, any prefix of them from
    // this depth down counts: `depth`..`maxLength`). Reaching the word's end from cell j then costs at least the
    // gap between the letters left on each side, so `bound` (≥ the row's minimum) is the fewest typos any word
    // below can have.
    const minLength = asPrefix ? depth : (shortest[node] ?? 0);
    const maxLength = longest[node] ?? 0;
    let bound = depth <= k ? depth + lengthGap(m + depth, minLength, maxLength) : cap;
    const first = depth > k ? depth - k : 1;
    const last = Math.min(depth + k, m);
    for (let j = first; j <= last; j++) {
      const queryLetter = wordLetters[j] ?? 0;
      let value = (rows[previous + j - 1] ?? cap) + (queryLetter === letter ? 0 : 1);
      const deletion = (rows[previous + j] ?? cap) + 1;
      if (deletion < value) value = deletion;
      const insertion = (rows[current + j - 1] ?? cap) + 1;
      if (insertion < value) value = insertion;
      if (j > 1 && depth > 1 && letter === wordLetters[j - 1] && letterBefore === queryLetter) {
        const swap = (rows[previous2 + j - 2] ?? cap) + 1;
        if (swap < value) value = swap;
      }
      if (value > cap) value = cap;
      rows[current + j] = value;
      if (value < bound) {
        const reachable = value + lengthGap(m - j + depth, minLength, maxLength);
        if (reachable < bound) bound = reachable;
      }
    }
    node = settle(walk, node, depth, rows[current + m] ?? cap, bound <= k);
  }
}

/** What the two walks share: the trie, the budget, and under prefix matching the best distance so far. */
interface Walk {
  readonly trie: TermTrie;
  readonly maxTypos: number;
  /** Deepest node whose row can hold a distance within the budget: the word's length + `maxTypos`. */
  readonly maxDepth: number;
  readonly asPrefix: boolean;
  /** Under prefix matching, the fewest typos of the path's prefixes, by depth (`best[0]`: none yet). */
  readonly best: Uint8Array;
  readonly visit: RangeVisitor;
}

/** Sets up a walk for `word`; the empty dictionary word (sorted first) is reported here when within budget. */
function startWalk(
  terms: readonly string[],
  word: string,
  maxTypos: number,
  asPrefix: boolean,
  visit: RangeVisitor,
): Walk {
  const maxDepth = word.length + maxTypos;
  const best = new Uint8Array(maxDepth + 2);
  best[0] = 255;
  if (!asPrefix && terms[0] === '' && word.length <= maxTypos) visit(0, 1, word.length);
  return { trie: termTrie(terms), maxTypos, maxDepth, asPrefix, best, visit };
}

/**
 * Once a node's row is computed (`distance`: the whole word against the path; `alive`: some word below can
 * still come within the budget), reports what the node decides and returns the next node to visit: past its
 * subtree when nothing below can match or, under prefix matching, when the walk is as deep as it goes (every
 * word below then has this prefix's best distance); otherwise its first child.
 */
function settle(walk: Walk, node: number, depth: number, distance: number, alive: boolean): number {
  const { trie, maxTypos, visit } = walk;
  const low = trie.lows[node] ?? 0;
  if (walk.asPrefix) {
    const typos = Math.min(walk.best[depth - 1] ?? 255, distance);
    walk.best[depth] = typos;
    if (!alive || depth === walk.maxDepth) {
      if (typos <= maxTypos) visit(low, trie.highs[node] ?? 0, typos);
      return trie.nexts[node] ?? trie.size;
    }
    if (trie.terminal[node] === 1 && typos <= maxTypos) visit(low, low + 1, typos);
  } else {
    if (!alive) return trie.nexts[node] ?? trie.size;
    if (trie.terminal[node] === 1 && distance <= maxTypos) visit(low, low + 1, distance);
  }
  return node + 1;
}

/** How far `length` lies outside `[low, high]`: the fewest insertions or deletions to land in it. */
function lengthGap(length: number, low: number, high: number): number {
  if (length < low) return low - length;
  return length > high ? length - high : 0;
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
