/**
 * A plain page of a relevance ranking from the best-scoring prefix of the matches: the top comes from the
 * scored prefix when every criterion is at its bound there (`rank/optimal-top.ts`), or from the prefix plus the
 * records holding a rare word exactly (`rank/exact-first-top.ts`); the prefix grows 8× at a time while that
 * stays well below every match, and the page is ranked over every match (`page-plain.ts`) when no prefix
 * proves it or rule pins are in play.
 */

import type { WindowHit } from '../page/hit-window.ts';
import { type ExactFirst, exactFirst } from '../rank/exact-first-top.ts';
import { optimalTop } from '../rank/optimal-top.ts';
import { plainPage } from './page-plain.ts';
import type { PageHits, SearchPlan } from './search-plan.ts';

export function topPage(plan: SearchPlan): PageHits {
  const { window, rankable, criteria, prepared } = plan;
  const { start, end } = window;
  const { match } = prepared;
  let rareExact: ExactFirst | undefined;
  let rareExactTried = false;
  while ((match.scored ?? rankable.length) < rankable.length && prepared.pinned.length === 0) {
    const scored = match.scored ?? rankable.length;
    let top = optimalTop(rankable.subarray(0, scored), criteria, start, end);
    if (top === undefined) {
      if (!rareExactTried) {
        const { text } = plan.state;
        rareExact = exactFirst(
          rankable,
          match,
          criteria,
          text,
          plan.options.exactOnSingleWordQuery,
        );
      }
      rareExactTried = true;
      top = rareExact?.top(start, end);
    }
    if (top !== undefined) {
      const hits: WindowHit[] = [];
      for (let index = 0; index < top.length; index++) {
        const documentNumber = top[index] ?? 0;
        hits.push({
          documentNumber,
          sequence: undefined,
          promoted: false,
          position: start + index,
        });
      }
      return { hits };
    }
    const next = scored * 8;
    match.completeScoring?.(next * 2 > rankable.length ? rankable.length : next);
    if ((match.scored ?? rankable.length) <= scored) break;
  }
  return plainPage(plan);
}
