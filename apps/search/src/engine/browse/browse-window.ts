/**
 * One browse page after a position (keyset pagination): browse ranks by its criteria (attribute, custom
 * ranking), then by `objectID`, a total order of the live records that writes do not reshuffle. A page is the
 * first `length` matches strictly after the previous page's last record, so records written or deleted between
 * pages never make the next page skip or repeat one that was left untouched (an offset would shift).
 */

import { QueryError } from '../query-error.ts';
import { type RankingCriterion, rankWindow } from '../rank/rank.ts';
import type { Bitset } from '../structures/bitset.ts';
import { compareCodeUnits } from '../text/term-dictionary.ts';
import type { BrowsePosition } from '../types.ts';
import type { BrowseLevel } from './browse-levels.ts';
import { type ObjectIdOrder, ranksThrough } from './object-id-order.ts';

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
  const more = remaining.length > page.length;
  return { documents: page, next: positionAfter(page, more, levels, order) };
}

/** The cursor position after `page` (its last record), or undefined when no match follows. */
function positionAfter(
  page: Uint32Array,
  more: boolean,
  levels: readonly BrowseLevel[],
  order: ObjectIdOrder,
): BrowsePosition | undefined {
  const last = page[page.length - 1];
  if (!more || last === undefined) return undefined;
  return {
    values: levels.map((level) => level.valueOf(last)),
    levels: levels.map((level) => level.name),
    objectID: order.idOf(last),
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
    after.levels.length === levels.length &&
    levels.every((level, index) => after.levels[index] === level.name);
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
 * holds every live record in browse order (the sort orders' `buildSortOrder` over the records in `objectID`
 * order, so ties stay in `objectID` order), so the page starts right after the cursor (binary search) and takes
 * the next matches (`membership`) in order.
 */
export function walkBrowseOrder(
  order: Uint32Array,
  membership: Bitset,
  levels: readonly BrowseLevel[],
  idOrder: ObjectIdOrder,
  after: BrowsePosition | undefined,
  length: number,
): BrowsePage {
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
      return compareCodeUnits(idOrder.idOf(documentNumber), after.objectID) > 0;
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
  const documents = Uint32Array.from(page);
  return { documents, next: positionAfter(documents, more, levels, idOrder) };
}
