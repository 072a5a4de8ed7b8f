/**
 * One search call, the only way in for the routes: the route parses the call and the caller's key constraints,
 * this answers its queries, the route sends them (docs/ARCHITECTURE.md, "One search, browser to engine and
 * back"). The search cache wraps the call (cached-search.ts); a call it cannot answer is prepared, run and
 * formatted in slices (sliced-call.ts: prepare-search.ts → run-search.ts → format-answer.ts).
 */
import { withSearchCache } from './cached-search.ts';
import type { AnswerPiece } from './format-answer.ts';
import { elapsedMS, type SearchCall, type SearchContext } from './search-context.ts';
import { answerInSlices } from './sliced-call.ts';

/**
 * Answers the queries of one call (each answer's JSON), in order.
 * @throws SearchApiError 404 when an index does not exist, 400 on invalid parameters.
 */
export function answerSearchCall(context: SearchContext, call: SearchCall): Promise<AnswerPiece[]> {
  const startedAt = elapsedMS();
  return withSearchCache(context, call, startedAt, () => answerInSlices(context, call, startedAt));
}
