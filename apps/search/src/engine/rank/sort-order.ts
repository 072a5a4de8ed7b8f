/**
 * A cached global order of all live documents under a run of sort criteria (`customRanking`, or the
 * `asc(x)`/`desc(x)` of a sort replica): `rankOf[doc]` is the document's dense rank (equal for ties), so a
 * search compares one integer per document instead of reading attributes, and a search without text can walk
 * `order` and stop as soon as its page is full. Built with a stable LSD radix sort on the float keys; rebuilt
 * lazily after writes (the index version changes).
 */
import type { RankingCriterion } from './rank.ts';

/** Live documents ordered by a run of criteria, and each document's dense rank. */
export interface SortOrder {
  /** Live documents, best first. */
  readonly order: Uint32Array;
  /** Dense rank of each document number (ties share a rank); meaningless for dead documents. */
  readonly rankOf: Uint32Array;
}

const floatView = new Float64Array(1);
const wordView = new Uint32Array(floatView.buffer);

/** Writes the order-preserving unsigned 64-bit form of each key as (high, low) words. */
function sortableWords(keys: Float64Array, high: Uint32Array, low: Uint32Array): void {
  for (let i = 0; i < keys.length; i++) {
    floatView[0] = keys[i] ?? 0;
    const lowWord = wordView[0] ?? 0;
    const highWord = wordView[1] ?? 0;
    const negative = highWord >>> 31 === 1;
    high[i] = negative ? ~highWord >>> 0 : (highWord | 0x80000000) >>> 0;
    low[i] = negative ? ~lowWord >>> 0 : lowWord;
  }
}

/** Stable radix sort of `positions` by 16-bit `digit`s of `words` (one pass). */
function radixPass(
  positions: Uint32Array,
  words: Uint32Array,
  shift: number,
  out: Uint32Array,
): void {
  const counts = new Uint32Array(65537);
  for (const position of positions) {
    const digit = ((words[position] ?? 0) >>> shift) & 0xffff;
    counts[digit + 1] = (counts[digit + 1] ?? 0) + 1;
  }
  for (let i = 1; i < counts.length; i++) counts[i] = (counts[i] ?? 0) + (counts[i - 1] ?? 0);
  for (const position of positions) {
    const digit = ((words[position] ?? 0) >>> shift) & 0xffff;
    const target = counts[digit] ?? 0;
    out[target] = position;
    counts[digit] = target + 1;
  }
}

/** Stable sort of `positions` by `keys[position]` ascending. */
function sortByKeys(positions: Uint32Array, keys: Float64Array): Uint32Array {
  const high = new Uint32Array(keys.length);
  const low = new Uint32Array(keys.length);
  sortableWords(keys, high, low);
  return sortByWords(positions, high, low);
}

/** Stable sort of `positions` by the 64-bit words `(high, low)[position]` ascending. */
function sortByWords(positions: Uint32Array, high: Uint32Array, low: Uint32Array): Uint32Array {
  let current: Uint32Array = positions;
  let spare: Uint32Array = new Uint32Array(positions.length);
  for (const [words, shift] of [
    [low, 0],
    [low, 16],
    [high, 0],
    [high, 16],
  ] as const) {
    radixPass(current, words, shift, spare);
    const swap = current;
    current = spare;
    spare = swap;
  }
  return current;
}

function differs(keys: readonly Float64Array[], a: number, b: number): boolean {
  for (let c = 0; c < keys.length; c++) {
    const values = keys[c];
    if (values !== undefined && values[a] !== values[b]) return true;
  }
  return false;
}

/**
 * Orders `documents` by `criteria` lexicographically; ties keep their order in `documents` (document number
 * when they come ascending, `objectID` for browse, which passes them in that order).
 * @param capacity - number of document slots (length of `rankOf`).
 */
export function buildSortOrder(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  capacity: number,
): SortOrder {
  const keys = criteria.map((criterion) => {
    const values = new Float64Array(documents.length);
    criterion.keys(documents, values);
    return values;
  });
  let positions: Uint32Array = new Uint32Array(documents.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  for (let c = keys.length - 1; c >= 0; c--)
    positions = sortByKeys(positions, keys[c] ?? new Float64Array(0));
  return ranked(positions, documents, keys, capacity);
}

/** The order of `documents` at sorted `positions`, and each one's dense rank (ties: equal keys). */
function ranked(
  positions: Uint32Array,
  documents: Uint32Array,
  keys: readonly Float64Array[],
  capacity: number,
): SortOrder {
  const order = new Uint32Array(documents.length);
  const rankOf = new Uint32Array(capacity);
  let rank = 0;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i] ?? 0;
    const previous = positions[i - 1];
    if (previous !== undefined && differs(keys, position, previous)) rank++;
    order[i] = documents[position] ?? 0;
    rankOf[documents[position] ?? 0] = rank;
  }
  return { order, rankOf };
}

/** -1, 0 or 1: how `x` and `y` compare in the radix sort's order (their sortable words). */
function keyOrder(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  // Equal non-zero numbers have the same bits; signed zeros and NaN are told apart by their words.
  if (x === y && x !== 0) return 0;
  floatView[0] = x;
  const [lowX = 0, highX = 0] = sortable();
  floatView[0] = y;
  const [lowY = 0, highY = 0] = sortable();
  if (highX !== highY) return highX < highY ? -1 : 1;
  return lowX === lowY ? 0 : lowX < lowY ? -1 : 1;
}

/** The sortable (low, high) words of `floatView[0]`. */
function sortable(): [number, number] {
  const lowWord = wordView[0] ?? 0;
  const highWord = wordView[1] ?? 0;
  const negative = highWord >>> 31 === 1;
  return negative ? [~lowWord >>> 0, ~highWord >>> 0] : [lowWord, (highWord | 0x80000000) >>> 0];
}

/** Whether position `a` sorts strictly before position `b` under `keys` (criteria in order). */
function before(keys: readonly Float64Array[], a: number, b: number): boolean {
  for (let c = 0; c < keys.length; c++) {
    const values = keys[c];
    const order = values === undefined ? 0 : keyOrder(values[a] ?? 0, values[b] ?? 0);
    if (order !== 0) return order < 0;
  }
  return false;
}

/**
 * The order {@link buildSortOrder} gives the live `documents` (ascending), computed from `previous`, the order
 * of the same table when it had assigned `since` numbers: the documents still live keep their relative order
 * (a document's values never change: a rewritten record gets a new number), the documents numbered since are
 * sorted among themselves and merged in, after the older ones on ties (their numbers are larger). Reads every
 * live document's keys once but sorts only the new ones: after a write of 1,000 records into 241,000, a merge
 * instead of four radix passes per criterion over every record (issue #26).
 */
export function mergeSortOrder(
  previous: SortOrder,
  since: number,
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  capacity: number,
): SortOrder {
  // Positions in `documents` (ascending numbers) of the old documents, in their previous order.
  const firstNew = lowerBound(documents, since);
  const position = new Int32Array(since).fill(-1);
  for (let i = 0; i < firstNew; i++) position[documents[i] ?? 0] = i;
  const old = new Uint32Array(firstNew);
  let kept = 0;
  for (const documentNumber of previous.order) {
    const at = documentNumber < since ? (position[documentNumber] ?? -1) : -1;
    if (at !== -1) old[kept++] = at;
  }
  if (kept !== firstNew) return buildSortOrder(documents, criteria, capacity);
  const keys = criteria.map((criterion) => {
    const values = new Float64Array(documents.length);
    criterion.keys(documents, values);
    return values;
  });
  const added = sortedPositions(firstNew, documents.length, keys);
  // Each added record goes after the old ones that do not sort after it (binary search), old runs copied whole.
  const positions = new Uint32Array(documents.length);
  let fromOld = 0;
  let at = 0;
  for (const position of added) {
    let low = fromOld;
    let high = old.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(keys, position, old[middle] ?? 0)) high = middle;
      else low = middle + 1;
    }
    positions.set(old.subarray(fromOld, low), at);
    at += low - fromOld;
    fromOld = low;
    positions[at++] = position;
  }
  positions.set(old.subarray(fromOld), at);
  return ranked(positions, documents, keys, capacity);
}

/** A write's few records sort by comparison: a radix pass costs a 64K-entry count table whatever the size. */
const radixFrom = 4096;

/** The positions `[from, to)` sorted by their `keys` (criteria in order), ties by position. */
function sortedPositions(from: number, to: number, keys: readonly Float64Array[]): Uint32Array {
  let positions: Uint32Array = new Uint32Array(to - from);
  for (let i = 0; i < positions.length; i++) positions[i] = from + i;
  if (positions.length < radixFrom)
    return positions.sort((a, b) => (before(keys, a, b) ? -1 : before(keys, b, a) ? 1 : a - b));
  for (let c = keys.length - 1; c >= 0; c--) {
    const values = keys[c] ?? new Float64Array(0);
    const high = new Uint32Array(values.length);
    const low = new Uint32Array(values.length);
    sortableWords(values.subarray(from, to), high.subarray(from, to), low.subarray(from, to));
    positions = sortByWords(positions, high, low);
  }
  return positions;
}

/** First index of `sorted` holding a value ≥ `value`. */
function lowerBound(sorted: Uint32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where an order was built: the document table it numbers and how many numbers it had assigned then. */
export interface SortOrderBase {
  /** The document table (a compaction starts a new one, numbered again). */
  readonly table: object;
  /** The table's capacity when built: every later document has a larger number. */
  readonly capacity: number;
}

/** An order cached with the table and capacity it was built at, so that the next one can be merged. */
export interface BuiltSortOrder {
  readonly value: SortOrder;
  readonly base: SortOrderBase | undefined;
}

/** Keeps the last built order per criteria signature and index version. */
export class SortOrderCache {
  private readonly entries = new Map<string, { version: number } & BuiltSortOrder>();

  /**
   * The order for `signature` at `version`, built by `build` when missing or stale.
   * @param signature - identifies the criteria, e.g. `desc(popularity),asc(price)`.
   * @param build - given the previous order of `signature` (stale), when there is one.
   */
  get(
    signature: string,
    version: number,
    build: (previous: BuiltSortOrder | undefined) => SortOrder | BuiltSortOrder,
  ): SortOrder {
    const entry = this.entries.get(signature);
    if (entry !== undefined && entry.version === version) return entry.value;
    const built = build(entry);
    const stored = 'value' in built ? built : { value: built, base: undefined };
    this.entries.set(signature, { version, ...stored });
    return stored.value;
  }

  /** Drops every order (settings changed). */
  clear(): void {
    this.entries.clear();
  }
}
