/**
 * A page counted in distinct groups (`page/hit-window.ts`): ranking a growing prefix until the page's groups
 * are known to be complete, rule pins at their positions.
 */

import { distinctWindow } from '../page/hit-window.ts';
import type { PageHits, SearchPlan } from './search-plan.ts';

export function distinctPage(plan: SearchPlan): PageHits {
  const { rankable, membership, criteria, prepared, window } = plan;
  prepared.match.completeScoring?.();
  return {
    hits: distinctWindow(
      rankable,
      membership,
      criteria,
      prepared.pinned,
      plan.distinctColumn,
      plan.perGroup,
      window.start,
      window.end,
    ),
  };
}
