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
  for (const values of keys) if (values[a] !== values[b]) return true;
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

/** Keeps the last built order per criteria signature and index version. */
export class SortOrderCache {
  private readonly entries = new Map<string, { version: number; value: SortOrder }>();

  /**
   * The order for `signature` at `version`, built by `build` when missing or stale.
   * @param signature - identifies the criteria, e.g. `desc(popularity),asc(price)`.
   */
  get(signature: string, version: number, build: () => SortOrder): SortOrder {
    const entry = this.entries.get(signature);
    if (entry !== undefined && entry.version === version) return entry.value;
    const value = build();
    this.entries.set(signature, { version, value });
    return value;
  }

  /** Drops every order (settings changed). */
  clear(): void {
    this.entries.clear();
  }
}
