/**
 * The documents distinct keeps (the best `perGroup` of each group by the plan's ranking), for facets counted
 * after distinct and for relevant sort with distinct. When the matcher scored only a prefix (a search with no
 * page, `counts-after-distinct`), only the matches contesting a group are scored now.
 */

import type { PreparedMatch } from '../match/prepare-match.ts';
import { distinctKept } from '../page/hit-window.ts';
import type { SearchPlan } from './search-plan.ts';

/** Makes sure `documents` (ascending, matched) have their criteria computed, whatever was scored first. */
function scoreListed(match: PreparedMatch['match'], documents: Uint32Array): void {
  const scored = match.scored ?? match.documents.length;
  if (scored >= match.documents.length || documents.length === 0) return;
  const lastScored = scored === 0 ? -1 : (match.documents[scored - 1] ?? -1);
  const unscored = documents.filter((documentNumber) => documentNumber > lastScored);
  if (match.scoreDocuments === undefined) match.completeScoring?.();
  else match.scoreDocuments(unscored);
}

/** The documents distinct keeps; every counted document without distinct. */
export function keptByDistinct(plan: SearchPlan): Uint32Array {
  const { perGroup, prepared } = plan;
  if (perGroup === 0) return plan.counted;
  return distinctKept(
    plan.rankable,
    plan.criteria,
    plan.distinctColumn,
    perGroup,
    (documents) => scoreListed(prepared.match, documents),
    plan.membership,
  );
}
