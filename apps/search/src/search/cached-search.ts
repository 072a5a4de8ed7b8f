/**
 * The search cache around a call (decision 0010): a call whose every query was answered before (same parameters,
 * same key constraints, no write since) is answered from memory with this call's times; any other runs, and its
 * answers are kept when it ran in full (no query skipped by the time budget or a strategy) on indices without
 * time-limited rules.
 */
import type { IndexRegistry } from '../indices/index-registry.ts';
import { type AnswerPiece, recordSearch } from './format-answer.ts';
import type { QueryOutcome } from './run-search.ts';
import { answerKeys, type CachedAnswer, maxCachedHits, type SearchCache } from './search-cache.ts';
import { elapsedMS, type SearchCall, type SearchContext } from './search-context.ts';
import type { CallAnswers } from './sliced-call.ts';

/** Answers `call` from the cache, else with `run` (whose answers the cache then keeps if it may). */
export async function withSearchCache(
  context: SearchContext,
  call: SearchCall,
  startedAt: number,
  run: () => Promise<CallAnswers>,
): Promise<AnswerPiece[]> {
  const { registry } = context.service;
  const cache = context.searchCache;
  const keys =
    cache.capacity > 0 && call.strategy === 'none'
      ? answerKeys(call.constraints, call.requests)
      : undefined;
  const cached = keys && answersFromCache(cache, keys, registry.generation);
  if (cached) {
    const processingTimeMS = Math.round(elapsedMS() - startedAt);
    const serverTimeMS = Math.round(call.serverElapsed + elapsedMS() - startedAt);
    return cached.map((answer, position) =>
      respondFromCache(
        context,
        call.requests[position]?.indexName ?? '',
        answer,
        processingTimeMS,
        serverTimeMS,
      ),
    );
  }
  const ran = await run();
  if (keys && !ran.overBudget && ran.outcomes.every((outcome) => isCacheable(registry, outcome)))
    ran.answers.forEach((answer, position) => {
      const key = keys[position];
      if (key !== undefined) cache.set(key, ran.generation, answer.cached);
    });
  return ran.answers.map((answer) => answer.piece);
}

function answersFromCache(
  cache: SearchCache,
  keys: readonly string[],
  generation: number,
): CachedAnswer[] | undefined {
  const answers: CachedAnswer[] = [];
  for (const key of keys) {
    const answer = cache.get(key, generation);
    if (!answer) return undefined;
    answers.push(answer);
  }
  return answers;
}

function isCacheable(registry: IndexRegistry, outcome: QueryOutcome): boolean {
  if (outcome.type === 'search' && (!outcome.ran || outcome.result.hits.length > maxCachedHits))
    return false;
  const index = registry.get(outcome.indexName);
  if (!index) return false;
  for (const rule of index.rules.values()) if ((rule.validity?.length ?? 0) > 0) return false;
  return true;
}

/**
 * Answers a query again from the cache: the same response with this call's times and, with `clickAnalytics`,
 * a new `queryID`; the search is logged as if it ran (analytics count every search).
 */
function respondFromCache(
  context: SearchContext,
  indexName: string,
  answer: CachedAnswer,
  processingTimeMS: number,
  serverTimeMS: number,
): AnswerPiece {
  const queryID = answer.clickAnalytics ? context.generateQueryId() : undefined;
  if (answer.log) recordSearch(context, indexName, answer.log, queryID, processingTimeMS);
  const head = answer.json.head({
    processingTimeMS,
    serverTimeMS,
    ...(queryID === undefined ? {} : { queryID }),
  });
  return { head, answer: answer.json };
}
