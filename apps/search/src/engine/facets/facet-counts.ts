/**
 * Exact facet counts over a complete matched set (never sampled): one pass over the documents per faceted
 * attribute, incrementing a counter per value id, then the top `maxValuesPerFacet` values by count (ties:
 * value ascending) or alphabetically, and min/max/avg/sum over the numeric values.
 */

import { kthSmallestOf } from '../rank/select-top.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { FacetStats } from '../types.ts';
import type { FacetColumn } from './facet-column.ts';
import { memoKey, rememberCounts, rememberedCounts, worthRemembering } from './facet-count-memo.ts';

/** Raw per-value counts of one attribute: value ids touched and their counts (views into reused buffers). */
export interface ValueCounts {
  readonly valueIds: Uint32Array;
  readonly counts: Uint32Array;
}

const counterCache = new WeakMap<FacetColumn, Uint32Array>();

/** The matched set as a bit set, so large sets can be counted through their (smaller) complement. */
export interface MatchedSet {
  /** Exactly the documents of `documents`. */
  readonly set: Bitset;
  readonly live: Bitset;
  /** Number of live documents. */
  readonly liveCount: number;
}

const bufferCache = new WeakMap<FacetColumn, { valueIds: Uint32Array; counts: Uint32Array }>();

/** Per-column result buffers: a count's arrays are views, valid until the column is counted again. */
function buffersFor(column: FacetColumn): { valueIds: Uint32Array; counts: Uint32Array } {
  let buffers = bufferCache.get(column);
  if (buffers === undefined || buffers.valueIds.length < column.valueCount) {
    const size = Math.max(16, column.valueCount * 2);
    buffers = { valueIds: new Uint32Array(size), counts: new Uint32Array(size) };
    bufferCache.set(column, buffers);
  }
  return buffers;
}

function countersFor(column: FacetColumn): Uint32Array {
  let counters = counterCache.get(column);
  if (counters === undefined || counters.length < column.valueCount) {
    counters = new Uint32Array(Math.max(16, column.valueCount * 2));
    counterCache.set(column, counters);
  }
  return counters;
}

const noRanges = { arena: new Uint32Array(0), starts: new Uint32Array(0) };

/** Counts through the complement: live counts minus the live documents outside the matched set. */
function countComplement(column: FacetColumn, matched: MatchedSet, counters: Uint32Array): void {
  for (let valueId = 0; valueId < column.valueCount; valueId++)
    counters[valueId] = column.liveCount(valueId);
  const live = matched.live.words;
  const set = matched.set.words;
  const single = column.singleValues();
  const { arena, starts } = column.multipleValues() ?? noRanges;
  for (let i = 0; i < set.length; i++) {
    let word = (live[i] ?? 0) & ~(set[i] ?? 0);
    while (word !== 0) {
      const lowest = word & -word;
      const documentNumber = i * 32 + 31 - Math.clz32(lowest);
      word ^= lowest;
      if (single !== undefined) {
        const value = single[documentNumber] ?? 0;
        if (value !== 0) counters[value - 1] = (counters[value - 1] ?? 1) - 1;
        continue;
      }
      const end = starts[documentNumber + 1] ?? 0;
      for (let k = starts[documentNumber] ?? 0; k < end; k++) {
        const valueId = arena[k] ?? 0;
        counters[valueId] = (counters[valueId] ?? 1) - 1;
      }
    }
  }
}

/**
 * Counts, for every value of `column`, the documents of `documents` holding it (each document once per value).
 * @param documents - matched documents (any order).
 * @param matched - the same documents as a bit set: when they are most of the index, counting goes through
 *   the complement (live counts minus the unmatched documents).
 */
export function countValues(
  column: FacetColumn,
  documents: Uint32Array,
  matched?: MatchedSet,
): ValueCounts {
  // A large set seen recently (a first keystroke) is counted once (facet-count-memo.ts).
  const key =
    matched !== undefined && worthRemembering(matched.set, documents.length)
      ? memoKey(matched.set, documents.length)
      : undefined;
  const remembered = key === undefined ? undefined : rememberedCounts(column, key);
  if (remembered !== undefined) return remembered;
  const counted = countEvery(column, documents, matched);
  if (key !== undefined) rememberCounts(column, key, counted);
  return counted;
}

function countEvery(
  column: FacetColumn,
  documents: Uint32Array,
  matched?: MatchedSet,
): ValueCounts {
  const counters = countersFor(column);
  const buffers = buffersFor(column);
  const touched = buffers.valueIds;
  let touchedCount = 0;
  if (matched !== undefined && documents.length * 2 > matched.liveCount) {
    countComplement(column, matched, counters);
    for (let valueId = 0; valueId < column.valueCount; valueId++) {
      if ((counters[valueId] ?? 0) > 0) touched[touchedCount++] = valueId;
      else counters[valueId] = 0;
    }
  } else if (column.singleValues() !== undefined) {
    const single = column.singleValues() ?? new Uint32Array(0);
    for (let i = 0; i < documents.length; i++) {
      const value = single[documents[i] ?? 0] ?? 0;
      if (value === 0) continue;
      const count = counters[value - 1] ?? 0;
      if (count === 0) touched[touchedCount++] = value - 1;
      counters[value - 1] = count + 1;
    }
  } else {
    const { arena, starts } = column.multipleValues() ?? noRanges;
    for (let i = 0; i < documents.length; i++) {
      const documentNumber = documents[i] ?? 0;
      const end = starts[documentNumber + 1] ?? 0;
      for (let k = starts[documentNumber] ?? 0; k < end; k++) {
        const valueId = arena[k] ?? 0;
        const count = counters[valueId] ?? 0;
        if (count === 0) touched[touchedCount++] = valueId;
        counters[valueId] = count + 1;
      }
    }
  }
  const valueIds = touched.subarray(0, touchedCount);
  const counts = buffers.counts.subarray(0, touchedCount);
  for (let index = 0; index < touchedCount; index++) {
    const valueId = valueIds[index] ?? 0;
    counts[index] = counters[valueId] ?? 0;
    counters[valueId] = 0;
  }
  return { valueIds, counts };
}

/**
 * Positions (into `values`) of the `limit` values to return, best first: by count descending then value
 * ascending (`count`), or by value ascending (`alpha`).
 */
export function topValues(
  column: FacetColumn,
  values: ValueCounts,
  limit: number,
  sortBy: 'count' | 'alpha',
): number[] {
  const ordinals = column.valueOrdinals();
  const spread = column.valueCount + 1;
  const keys = new Float64Array(values.valueIds.length);
  values.valueIds.forEach((valueId, index) => {
    const ordinal = ordinals[valueId] ?? 0;
    keys[index] = sortBy === 'alpha' ? ordinal : ordinal - (values.counts[index] ?? 0) * spread;
  });
  let threshold = Number.POSITIVE_INFINITY;
  if (keys.length > limit && limit > 0) threshold = kthSmallestOf(keys, limit - 1);
  const positions: number[] = [];
  if (limit <= 0) return positions;
  keys.forEach((key, index) => {
    if (key <= threshold) positions.push(index);
  });
  positions.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  return positions.slice(0, limit);
}

/** min/max/avg/sum over the numeric values counted (each value weighted by its count); undefined if none. */
export function valueStats(column: FacetColumn, values: ValueCounts): FacetStats | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let total = 0;
  values.valueIds.forEach((valueId, index) => {
    const value = column.numberOf(valueId);
    if (Number.isNaN(value)) return;
    const count = values.counts[index] ?? 0;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value * count;
    total += count;
  });
  return total === 0 ? undefined : { min, max, avg: sum / total, sum };
}

/**
 * Counts one attribute and returns `{value: count}` for the top values, plus numeric stats.
 * @param maxValues - `maxValuesPerFacet`, clamped to 1,000.
 */
export function facetResult(
  column: FacetColumn,
  documents: Uint32Array,
  maxValues: number,
  sortBy: 'count' | 'alpha',
  matched?: MatchedSet,
): { counts: Record<string, number>; stats: FacetStats | undefined } {
  const values = countValues(column, documents, matched);
  const counts: Record<string, number> = {};
  for (const position of topValues(column, values, Math.min(maxValues, 1000), sortBy)) {
    counts[column.valueOf(values.valueIds[position] ?? 0)] = values.counts[position] ?? 0;
  }
  return { counts, stats: valueStats(column, values) };
}
