/**
 * The page of one search, built by the strategy its plan chose (`search-plan.ts`): one file per strategy.
 */

import { browsePage } from './page-browse.ts';
import { distinctPage } from './page-distinct.ts';
import { plainPage } from './page-plain.ts';
import { relevantSortPage } from './page-relevant-sort.ts';
import { topPage } from './page-top.ts';
import type { PageHits, SearchPlan } from './search-plan.ts';

export function pageHits(plan: SearchPlan): PageHits {
  const { strategy } = plan;
  switch (strategy.kind) {
    case 'beyond-limit':
    case 'no-page':
    case 'counts-after-distinct':
      return { hits: [] };
    case 'browse':
      return browsePage(plan, strategy.from);
    case 'relevant-sort':
      return relevantSortPage(plan, strategy.options);
    case 'top':
      return topPage(plan);
    case 'plain':
      return plainPage(plan);
    case 'distinct':
      return distinctPage(plan);
  }
}
