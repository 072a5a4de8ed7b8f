/**
 * Relevant sort, the ranking of Algolia virtual replicas: rank the matched documents by relevance (the textual
 * criteria), keep the most relevant ones according to `relevancyStrictness`, and sort only those by the
 * replica's custom ranking (relevance breaking ties). Vitrine's reading of the strictness [V]: keep whole groups
 * of equally relevant documents, in relevance order, until at least `(100 − strictness)%` of the matches are
 * kept — 100 keeps only the top group of ties, 0 keeps (and sorts) everything. Only the sorted hits are
 * returned; `sortedHits` says how many there are.
 */

import type { FacetColumn } from '../facets/facet-column.ts';
import type { PinnedDocument } from '../match/prepare-match.ts';
import { countGroups } from '../page/distinct.ts';
import { distinctWindow, pinnedPage, type WindowHit } from '../page/hit-window.ts';
import type { PageWindow } from '../page/paginate.ts';
import { type RankingCriterion, rankWindow } from './rank.ts';

/**
 * How many of the relevance-ordered documents are "relevant".
 * @param tieStarts - start offsets of the groups of fully tied documents, ascending.
 * @param total - number of documents.
 * @param strictness - 0–100.
 */
export function relevantCount(
  tieStarts: readonly number[],
  total: number,
  strictness: number,
): number {
  const clamped = Math.min(100, Math.max(0, strictness));
  const wanted = Math.ceil((total * (100 - clamped)) / 100);
  const boundaries = [...tieStarts.filter((start) => start > 0), total];
  return boundaries.find((boundary) => boundary >= Math.max(1, wanted)) ?? total;
}

/** True for `asc(x)` / `desc(x)` criteria (attribute sorts), false for relevance criteria. */
function isSortCriterion(criterion: RankingCriterion): boolean {
  return /^(asc|desc)\(/.test(criterion.name);
}

/**
 * The page of a virtual replica search.
 * @param documents - matched documents (ascending, pinned ones removed).
 * @param criteria - the primary's criteria (attribute sorts are dropped here).
 * @param sortCriteria - the replica's custom ranking as criteria.
 * @param strictness - `relevancyStrictness`.
 * @param pinned - documents a rule promotes, inserted at their positions (and counted as sorted hits).
 * @param distinct - the distinct column and documents kept per group (0: distinct off). The caller passes only
 *   the documents distinct keeps; a group's documents are returned together, where its first one sorts, and the
 *   window and `sortedHits` count groups.
 */
export function relevantSortWindow(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  sortCriteria: readonly RankingCriterion[],
  strictness: number,
  window: PageWindow,
  pinned: readonly PinnedDocument[] = [],
  distinct: { readonly column: FacetColumn | undefined; readonly perGroup: number } = {
    column: undefined,
    perGroup: 0,
  },
): { hits: WindowHit[]; sortedHits: number } {
  const relevance = criteria.filter((criterion) => !isSortCriterion(criterion));
  const tieStarts: number[] = [];
  const order = rankWindow(documents, relevance, 0, documents.length, tieStarts);
  const sortedHits = relevantCount(tieStarts, documents.length, strictness);
  const relevant = order.slice(0, sortedHits).sort();
  const sorted = [...sortCriteria, ...relevance];
  if (distinct.perGroup > 0) {
    const { column, perGroup } = distinct;
    const hits = distinctWindow(
      relevant,
      undefined,
      sorted,
      pinned,
      column,
      perGroup,
      window.start,
      window.end,
    );
    return { hits, sortedHits: countGroups(relevant, column) + pinned.length };
  }
  const hits = pinnedPage(
    (from) => rankWindow(relevant, sorted, from, window.end),
    pinned,
    window.start,
    window.end,
  );
  return { hits, sortedHits: sortedHits + pinned.length };
}
