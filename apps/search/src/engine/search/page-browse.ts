/**
 * The page of a browse (keyset pagination, `browse/browse-window.ts`): the first `length` matches after the
 * previous page's last record in browse order. Sorts on stored values walk a cached global order; the text
 * criterion (query text) has none, so its matches are ranked.
 */

import { browseLevels } from '../browse/browse-levels.ts';
import { browseWindow, walkBrowseOrder } from '../browse/browse-window.ts';
import type { ObjectIdOrder } from '../browse/object-id-order.ts';
import { buildSortOrder } from '../rank/sort-order.ts';
import { type BrowseFrom, criteriaContext, type PageHits, type SearchPlan } from './search-plan.ts';

/** The browse order of the plan's criteria, kept with the index's sort orders until the next write. */
function cachedBrowseOrder(plan: SearchPlan, idOrder: ObjectIdOrder): Uint32Array {
  const signature = `browse:${plan.criteria.map((criterion) => criterion.name).join(',')}`;
  const { state } = plan;
  return state.sortOrders.get(signature, state.version, () =>
    buildSortOrder(idOrder.sortedDocuments, plan.criteria, state.documents.capacity),
  ).order;
}

export function browsePage(plan: SearchPlan, from: BrowseFrom): PageHits {
  const { window, rankable, membership, criteria, prepared } = plan;
  prepared.match.completeScoring?.();
  const { order, after } = from;
  const levels = browseLevels(criteria, plan.state.settings, criteriaContext(plan));
  const length = window.end - window.start;
  const storedValuesOnly = criteria.every((criterion) => criterion.globalOrder !== undefined);
  const page = storedValuesOnly
    ? walkBrowseOrder(cachedBrowseOrder(plan, order), membership, levels, order, after, length)
    : browseWindow(rankable, criteria, levels, order, after, length);
  const hits = Array.from(page.documents, (documentNumber, index) => ({
    documentNumber,
    sequence: undefined,
    promoted: false,
    position: window.start + index,
  }));
  return page.next === undefined ? { hits } : { hits, browseNext: page.next };
}
