/**
 * One browse page after a position (keyset pagination): browse ranks by its criteria (attribute, custom
 * ranking), then by `objectID`, a total order of the live records that writes do not reshuffle. A page is the
 * first `length` matches strictly after the previous page's last record, so records written or deleted between
 * pages never make the next page skip or repeat one that was left untouched (an offset would shift).
 */
import type { BrowseLevel, BrowseValue } from './browse-levels.ts';
import { type ObjectIdOrder, ranksThrough } from './object-id-order.ts';
import { QueryError } from './query-error.ts';
import { type RankingCriterion, rankWindow } from './rank.ts';

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
