/**
 * Algolia's ranking as a lazy bucket sort: documents are split by the first criterion, and only the buckets that
 * overlap the requested window are split by the next criterion, and so on. Buckets entirely before the window
 * are never refined, buckets after it are never looked at, so an expensive criterion (proximity, a sort on a
 * price) only runs on the few documents that can land on the page. Equal documents keep ascending document
 * number order, the stable final tie-break.
 */
import type { Bitset } from '../structures/bitset.ts';
import { orderByKey } from './select-top.ts';

/** One tie-breaking criterion. */
export interface RankingCriterion {
  /** Name for ranking info and debugging, e.g. `typo` or `desc(popularity)`. */
  readonly name: string;
  /** Writes one key per document into `keys` (same length as `documents`); smaller ranks first. */
  keys(documents: Uint32Array, keys: Float64Array): void;
  /**
   * Every live document already ordered by this criterion (cached sort orders): a ranking by this criterion
   * alone can walk it instead of sorting.
   */
  readonly globalOrder?: () => Uint32Array;
  /**
   * A key no matched document can beat (smaller than or equal to every key of this search), when one is known:
   * documents reaching it on every criterion tie at the top (see `optimal-top.ts`).
   */
  readonly best?: number | undefined;
}

interface RankState {
  readonly criteria: readonly RankingCriterion[];
  readonly start: number;
  readonly end: number;
  readonly out: Uint32Array;
  readonly tieStarts: number[] | undefined;
}

function emit(state: RankState, documents: Uint32Array, offset: number): void {
  const from = Math.max(0, state.start - offset);
  const to = Math.min(documents.length, state.end - offset);
  for (let i = from; i < to; i++) state.out[offset + i - state.start] = documents[i] ?? 0;
  state.tieStarts?.push(offset);
}

let keyBuffer = new Float64Array(1024);
/** One order buffer per criterion level: a level's order lives while its sub-buckets are refined. */
const orderBuffers: Uint32Array[] = [];

function orderBuffer(level: number, size: number): Uint32Array {
  let buffer = orderBuffers[level];
  if (buffer === undefined || buffer.length < size) {
    buffer = new Uint32Array(Math.max(size, (buffer?.length ?? 0) * 2, 1024));
    orderBuffers[level] = buffer;
  }
  return buffer;
}

function refine(state: RankState, documents: Uint32Array, level: number, offset: number): void {
  const size = documents.length;
  if (size === 0 || offset >= state.end || offset + size <= state.start) return;
  const criterion = state.criteria[level];
  if (size === 1 || criterion === undefined) {
    emit(state, documents, offset);
    return;
  }
  if (keyBuffer.length < size) keyBuffer = new Float64Array(size * 2);
  // One buffer serves every level: a level's keys are dead once its documents are ordered.
  const keys = keyBuffer.subarray(0, size);
  criterion.keys(documents, keys);
  let allEqual = true;
  const first = keys[0];
  for (let i = 1; i < size && allEqual; i++) allEqual = keys[i] === first;
  if (allEqual) {
    refine(state, documents, level + 1, offset);
    return;
  }
  const needed = Math.min(size, state.end - offset);
  const { order, boundaries } = orderByKey(documents, keys, needed, orderBuffer(level, size));
  let groupStart = 0;
  for (const boundary of boundaries) {
    refine(state, order.subarray(groupStart, boundary), level + 1, offset + groupStart);
    groupStart = boundary;
  }
}

/** Walks `order`, keeping members of `membership`, and returns positions `[start, end)` of the result. */
function scanOrder(
  order: Uint32Array,
  membership: Bitset,
  start: number,
  end: number,
): Uint32Array {
  const out = new Uint32Array(Math.max(0, end - start));
  let position = 0;
  const words = membership.words;
  for (let i = 0; i < order.length && position < end; i++) {
    const documentNumber = order[i] ?? 0;
    if (((words[documentNumber >>> 5] ?? 0) & (1 << (documentNumber & 31))) === 0) continue;
    if (position >= start) out[position - start] = documentNumber;
    position++;
  }
  return out;
}

/**
 * The documents ranked at positions `[start, end)` by `criteria` (lexicographic), ties by document number.
 * @param documents - candidate documents in ascending order.
 * @param start - first position wanted (0-based).
 * @param end - one past the last position wanted (clamped to the number of documents).
 * @param tieStarts - when given, receives the start position of every group of fully tied documents emitted.
 * @param membership - the same documents as a bit set (enables walking a cached global order).
 */
export function rankWindow(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  start: number,
  end: number,
  tieStarts?: number[],
  membership?: Bitset,
): Uint32Array {
  const clampedEnd = Math.min(end, documents.length);
  if (clampedEnd <= start) return new Uint32Array(0);
  const only = criteria.length === 1 ? criteria[0] : undefined;
  if (only?.globalOrder !== undefined && membership !== undefined && tieStarts === undefined) {
    const order = only.globalOrder();
    // Walking the global order pays off unless the documents are a tiny fraction of the index.
    if (documents.length * 64 >= order.length)
      return scanOrder(order, membership, start, clampedEnd);
  }
  const out = new Uint32Array(clampedEnd - start);
  refine({ criteria, start, end: clampedEnd, out, tieStarts }, documents, 0, 0);
  return out;
}
