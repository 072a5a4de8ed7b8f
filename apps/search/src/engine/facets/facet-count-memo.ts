/**
 * The facet counts of the last few large matched sets of one column. The first keystrokes of a search ("b",
 * "s", "so") come back all the time and match hundreds of thousands of records; recognising the set (a hash of
 * its bit set, then a word-by-word comparison) costs a few hundredths of what counting it does. A count depends
 * only on which documents are counted and their values, and a document's values never change under its number
 * (records are appended with new numbers; a rebuild creates new columns), so no write can make an entry stale.
 */
import { Bitset } from '../structures/bitset.ts';
import type { FacetColumn } from './facet-column.ts';

/** Sets at least this large (and this dense: one document in `density` slots) are remembered. */
const minimumDocuments = 2048;
const density = 32;
const entriesPerColumn = 8;

/** Counts as `countValues` returns them: value ids and their counts, parallel. */
export interface RememberedCounts {
  readonly valueIds: Uint32Array;
  readonly counts: Uint32Array;
}

interface Entry {
  set: Bitset;
  hash: number;
  size: number;
  valueIds: Uint32Array;
  counts: Uint32Array;
  length: number;
}

interface ColumnMemo {
  readonly entries: Entry[];
  next: number;
}

const memos = new WeakMap<FacetColumn, ColumnMemo>();

/** True when counting `size` documents of `set` is worth remembering. */
export function worthRemembering(set: Bitset, size: number): boolean {
  return size >= minimumDocuments && size * density >= set.capacity;
}

function hashOf(set: Bitset): number {
  const words = set.words;
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ (words[i] ?? 0), 0x01000193);
  return hash >>> 0;
}

function sameSet(a: Bitset, b: Bitset): boolean {
  if (a.capacity !== b.capacity) return false;
  const left = a.words;
  const right = b.words;
  for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return false;
  return true;
}

/** A lookup key: the set and its hash (computed once for the lookup and the store after a miss). */
export interface MemoKey {
  readonly set: Bitset;
  readonly size: number;
  readonly hash: number;
}

/** The key of `set` (which holds `size` documents). */
export function memoKey(set: Bitset, size: number): MemoKey {
  return { set, size, hash: hashOf(set) };
}

/** The remembered counts of exactly the documents of `key.set` (views: valid until the next store). */
export function rememberedCounts(column: FacetColumn, key: MemoKey): RememberedCounts | undefined {
  const memo = memos.get(column);
  if (memo === undefined) return undefined;
  for (const entry of memo.entries) {
    if (entry.hash !== key.hash || entry.size !== key.size || !sameSet(entry.set, key.set))
      continue;
    return {
      valueIds: entry.valueIds.subarray(0, entry.length),
      counts: entry.counts.subarray(0, entry.length),
    };
  }
  return undefined;
}

/** Remembers the counts of `key.set` (copied), replacing the column's oldest entry when full. */
export function rememberCounts(column: FacetColumn, key: MemoKey, counted: RememberedCounts): void {
  let memo = memos.get(column);
  if (memo === undefined) {
    memo = { entries: [], next: 0 };
    memos.set(column, memo);
  }
  const length = counted.valueIds.length;
  let entry = memo.entries[memo.next];
  if (entry === undefined || entry.set.capacity !== key.set.capacity) {
    entry = {
      set: new Bitset(key.set.capacity),
      hash: 0,
      size: 0,
      valueIds: new Uint32Array(0),
      counts: new Uint32Array(0),
      length: 0,
    };
    memo.entries[memo.next] = entry;
  }
  memo.next = (memo.next + 1) % entriesPerColumn;
  if (entry.valueIds.length < length) {
    entry.valueIds = new Uint32Array(Math.max(16, length * 2));
    entry.counts = new Uint32Array(Math.max(16, length * 2));
  }
  entry.set.copyFrom(key.set);
  entry.hash = key.hash;
  entry.size = key.size;
  entry.valueIds.set(counted.valueIds);
  entry.counts.set(counted.counts);
  entry.length = length;
}
