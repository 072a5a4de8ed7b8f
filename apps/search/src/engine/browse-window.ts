/**
 * One browse page after a position (keyset pagination): browse ranks by its criteria (attribute, custom
 * ranking), then by `objectID`, a total order of the live records that writes do not reshuffle. A page is the
 * first `length` matches strictly after the previous page's last record, so records written or deleted between
 * pages never make the next page skip or repeat one that was left untouched (an offset would shift).
 */
import type { Bitset } from './bitset.ts';
import type { BrowseLevel, BrowseValue } from './browse-levels.ts';
import { type ObjectIdOrder, ranksThrough } from './object-id-order.ts';
import { QueryError } from './query-error.ts';
import { type RankingCriterion, rankWindow } from './rank.ts';
import { compareCodeUnits } from './term-dictionary.ts';

/** Where a browse continues: the last returned record's values on each browse level and its `objectID`. */
export interface BrowsePosition {
  readonly values: readonly BrowseValue[];
  /** The level each value belongs to (absent in cursors that do not say: then the levels are the same). */
  readonly levels?: readonly string[];
  readonly objectID: string;
}

export interface BrowsePage {
  /** The page's documents, in browse order. */
  readonly documents: Uint32Array;
  /** The position after the page; absent when nothing follows. */
  readonly next: BrowsePosition | undefined;
}

/**
 * @param documents - the matched documents, ascending.
 * @param criteria - the browse criteria, without the `objectID` tie-break (added here).
 * @param levels - the same criteria as values that compare across writes (`browse-levels.ts`).
 */
export function browseWindow(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  levels: readonly BrowseLevel[],
  order: ObjectIdOrder,
  after: BrowsePosition | undefined,
  length: number,
): BrowsePage {
  const remaining = after === undefined ? documents : following(documents, levels, order, after);
  const byObjectId: RankingCriterion = {
    name: 'objectID',
    keys: (page, keys) => {
      for (let i = 0; i < page.length; i++) keys[i] = order.ranks[page[i] ?? 0] ?? 0;
    },
  };
  const page = rankWindow(remaining, [...criteria, byObjectId], 0, length);
  const last = page[page.length - 1];
  if (last === undefined || remaining.length <= page.length)
    return { documents: page, next: undefined };
  return {
    documents: page,
    next: {
      values: levels.map((level) => level.valueOf(last)),
      levels: levels.map((level) => level.name),
      objectID: order.idAt(order.ranks[last] ?? 0),
    },
  };
}

/** The matches strictly after `after` in browse order. */
function following(
  documents: Uint32Array,
  levels: readonly BrowseLevel[],
  order: ObjectIdOrder,
  after: BrowsePosition,
): Uint32Array {
  // 1 after `after`, 0 tied so far, -1 before, per document, decided level by level.
  const verdict = new Int8Array(documents.length);
  assertSameLevels(levels, after);
  levels.forEach((level, index) => {
    level.decide(documents, after.values[index] ?? null, verdict);
  });
  const firstAfter = ranksThrough(order, after.objectID);
  const kept = new Uint32Array(documents.length);
  let count = 0;
  for (let i = 0; i < documents.length; i++) {
    const documentNumber = documents[i] ?? 0;
    const tiedAndLater = verdict[i] === 0 && (order.ranks[documentNumber] ?? 0) >= firstAfter;
    if (verdict[i] === 1 || tiedAndLater) kept[count++] = documentNumber;
  }
  return kept.subarray(0, count);
}

/** @throws QueryError `cursor is not valid` when the ranking changed since the cursor was issued. */
function assertSameLevels(levels: readonly BrowseLevel[], after: BrowsePosition): void {
  const sameLevels =
    after.values.length === levels.length &&
    (after.levels === undefined ||
      levels.every((level, index) => after.levels?.[index] === level.name));
  if (!sameLevels) {
    // The ranking changed since the cursor (a sort added, removed or turned): which records the earlier pages
    // returned can no longer be told from the position, so going on would skip or repeat some.
    throw new QueryError(
      'cursor',
      'cursor is not valid: the ranking of the index changed since the browse started; browse again from the start',
    );
  }
}

/**
 * The same page without reading every match, when browse ranks by stored values only (no query text): `order`
 * holds every live record in browse order (sort values, then `objectID`), so the page starts right after the
 * cursor (binary search) and takes the next matches (`membership`) in order.
 */
export function walkBrowseOrder(
  order: Uint32Array,
  membership: Bitset,
  levels: readonly BrowseLevel[],
  idOrder: ObjectIdOrder,
  after: BrowsePosition | undefined,
  length: number,
): BrowsePage {
  const idOf = (documentNumber: number) => idOrder.idAt(idOrder.ranks[documentNumber] ?? 0);
  let start = 0;
  if (after !== undefined) {
    assertSameLevels(levels, after);
    const afterCursor = (documentNumber: number): boolean => {
      for (const [index, level] of levels.entries()) {
        const comparison = level.compare(
          level.valueOf(documentNumber),
          after.values[index] ?? null,
        );
        if (comparison !== 0) return comparison > 0;
      }
      return compareCodeUnits(idOf(documentNumber), after.objectID) > 0;
    };
    let high = order.length;
    while (start < high) {
      const middle = (start + high) >>> 1;
      if (afterCursor(order[middle] ?? 0)) high = middle;
      else start = middle + 1;
    }
  }
  const page: number[] = [];
  let more = false;
  for (let position = start; position < order.length; position++) {
    const documentNumber = order[position] ?? 0;
    if (!membership.has(documentNumber)) continue;
    if (page.length === length) {
      more = true;
      break;
    }
    page.push(documentNumber);
  }
  const last = page[page.length - 1];
  if (!more || last === undefined) return { documents: Uint32Array.from(page), next: undefined };
  return {
    documents: Uint32Array.from(page),
    next: {
      values: levels.map((level) => level.valueOf(last)),
      levels: levels.map((level) => level.name),
      objectID: idOf(last),
    },
  };
}

/**
 * Every live record in browse order for `criteria` (stored values only): the records in `objectID` order,
 * stably sorted by each criterion from the last to the first.
 */
export function browseOrder(
  criteria: readonly RankingCriterion[],
  idOrder: ObjectIdOrder,
): Uint32Array {
  let order = idOrder.sortedDocuments;
  for (let level = criteria.length - 1; level >= 0; level--) {
    const keys = new Float64Array(order.length);
    criteria[level]?.keys(order, keys);
    order = stableSortByKeys(order, keys);
  }
  return order;
}

/** `documents` stably sorted by `keys`: a counting sort when the keys are dense ranks (sort orders' keys). */
function stableSortByKeys(documents: Uint32Array, keys: Float64Array): Uint32Array {
  let largest = 0;
  let dense = true;
  for (const key of keys) {
    if (!Number.isInteger(key) || key < 0 || key > documents.length) dense = false;
    else if (key > largest) largest = key;
  }
  if (!dense) {
    const positions = Array.from(documents.keys()).sort(
      (a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b,
    );
    return Uint32Array.from(positions, (position) => documents[position] ?? 0);
  }
  const starts = new Uint32Array(largest + 2);
  for (const key of keys) starts[key + 1] = (starts[key + 1] ?? 0) + 1;
  for (let key = 1; key < starts.length; key++)
    starts[key] = (starts[key] ?? 0) + (starts[key - 1] ?? 0);
  const sorted = new Uint32Array(documents.length);
  for (let i = 0; i < documents.length; i++) {
    const key = keys[i] ?? 0;
    const target = starts[key] ?? 0;
    sorted[target] = documents[i] ?? 0;
    starts[key] = target + 1;
  }
  return sorted;
}
