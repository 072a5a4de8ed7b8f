/** A plain page ranked over every match, rule pins at their positions (`page/hit-window.ts`). */

import { plainWindow } from '../page/hit-window.ts';
import type { PageHits, SearchPlan } from './search-plan.ts';

export function plainPage(plan: SearchPlan): PageHits {
  const { rankable, membership, criteria, prepared, window } = plan;
  prepared.match.completeScoring?.();
  return {
    hits: plainWindow(rankable, membership, criteria, prepared.pinned, window.start, window.end),
  };
}
