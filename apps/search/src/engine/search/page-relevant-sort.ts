/**
 * The page of a virtual replica (`rank/relevant-sort.ts`): relevant sort over the matches, or over what
 * distinct keeps with distinct (the best of each group by the primary's ranking, as facets after distinct count
 * them), then relevant sort selects and orders those.
 */

import { buildCriteria } from '../rank/ranking-criteria.ts';
import { relevantSortWindow } from '../rank/relevant-sort.ts';
import { keptByDistinct } from './kept-by-distinct.ts';
import {
  criteriaContext,
  type PageHits,
  type RelevantSortOptions,
  type SearchPlan,
} from './search-plan.ts';

export function relevantSortPage(plan: SearchPlan, relevantSort: RelevantSortOptions): PageHits {
  const { prepared, perGroup } = plan;
  prepared.match.completeScoring?.();
  const { customRanking, relevancyStrictness } = relevantSort;
  const sortCriteria = buildCriteria(['custom'], customRanking, false, criteriaContext(plan));
  const strictness = plan.query.relevancyStrictness ?? relevancyStrictness;
  return relevantSortWindow(
    perGroup > 0 ? keptByDistinct(plan) : plan.rankable,
    plan.criteria,
    sortCriteria,
    strictness,
    plan.window,
    prepared.pinned,
    { column: plan.distinctColumn, perGroup },
  );
}
