/**
 * A query's outcome formatted as Algolia JSON (protocol/format-search-response.ts) and kept as an `AnswerJson`
 * with, for the search cache and the search log, what repeating it needs.
 */
import type { RankedHit } from '../engine/index.ts';
import { loggedHitsPerSearch } from '../insights/search-log.ts';
import { formatFilters } from '../protocol/format-filters.ts';
import { formatFacetHits, formatSearchResponse } from '../protocol/format-search-response.ts';
import { AnswerJson, type PerCallValues } from './answer-json.ts';
import type { QueryOutcome } from './run-search.ts';
import type { CachedAnswer, CachedLogFields } from './search-cache.ts';
import type { SearchContext, SearchLogger } from './search-context.ts';

/** One answer of a call with this call's per-call text in front of its stored JSON. */
export interface AnswerPiece {
  readonly head: string;
  readonly answer: AnswerJson;
}

/** A formatted answer as JSON and, for the cache, what repeating it needs. */
export interface Answer {
  readonly piece: AnswerPiece;
  readonly cached: CachedAnswer;
}

/** The answer's JSON for this call and what the cache keeps of it. */
export function answerOf(
  response: Record<string, unknown>,
  log: CachedLogFields | undefined,
  clickAnalytics: boolean,
  hitsJson?: string,
): Answer {
  const json = new AnswerJson(response, hitsJson);
  return {
    piece: { head: json.head(response as PerCallValues), answer: json },
    cached: { json, log, clickAnalytics },
  };
}

/** One outcome formatted as Algolia JSON, its hits still to serialize, and what the search log will get. */
export interface FormattedOutcome {
  /** The response with `hits: []` (when it has hits): `hits` holds them, to serialize a page at a time. */
  readonly response: Record<string, unknown>;
  readonly hits: readonly RankedHit[];
  /** Present when the search is recorded in the search log (`analytics` on). */
  readonly log: CachedLogFields | undefined;
  readonly queryID: string | undefined;
  readonly clickAnalytics: boolean;
}

/**
 * Formats one outcome as Algolia JSON (`queryID` added with `clickAnalytics`), without serializing its hits and
 * without recording it yet: the caller records it (`recordSearch`) once the call's answer is final.
 */
export function formatOutcome(
  context: Pick<SearchContext, 'generateQueryId'>,
  logger: SearchLogger,
  outcome: QueryOutcome,
  serverTimeMS: number,
): FormattedOutcome {
  if (outcome.type === 'facet') {
    const response = formatFacetHits(outcome.hits, outcome.processingTimeMS);
    return { response, hits: [], log: undefined, queryID: undefined, clickAnalytics: false };
  }
  const { prepared, result } = outcome;
  const clickAnalytics = outcome.ran && prepared.params.clickAnalytics;
  const queryID = clickAnalytics ? context.generateQueryId() : undefined;
  const log: CachedLogFields | undefined =
    outcome.ran && prepared.params.analytics
      ? {
          query: prepared.params.text,
          filters: formatFilters(prepared.filter),
          hitCount: result.totalHits,
          objectIDs: result.hits.slice(0, loggedHitsPerSearch).map((hit) => hit.record.objectID),
          userToken: prepared.userToken,
          analyticsTags: prepared.params.analyticsTags,
          queryLanguages: prepared.params.options.queryLanguages ?? [],
        }
      : undefined;
  logger.debug({ index: outcome.indexName, hits: result.totalHits }, 'search');
  const response = formatSearchResponse(
    { ...result, hits: [] },
    {
      params: prepared.params,
      indexName: outcome.indexName,
      processingTimeMS: outcome.processingTimeMS,
      serverTimeMS,
      ...(queryID === undefined ? {} : { queryID }),
      renderingContent: prepared.renderingContent,
      userData: prepared.effects?.userData ?? [],
      appliedRules: prepared.effects?.appliedRuleIds ?? [],
      exhaustive: outcome.skippedBecause !== 'timeBudget',
    },
  );
  return { response, hits: result.hits, log, queryID, clickAnalytics };
}

/** Records a search in the search log (off the request path). */
export function recordSearch(
  context: Pick<SearchContext, 'searchLog' | 'clock'>,
  indexName: string,
  log: CachedLogFields,
  queryID: string | undefined,
  processingTimeMS: number,
): void {
  context.searchLog.record({
    indexName,
    query: log.query,
    filters: log.filters,
    hitCount: log.hitCount,
    queryID,
    userToken: log.userToken,
    searchedAt: context.clock(),
    processingTimeMS,
    objectIDs: log.objectIDs,
    analyticsTags: log.analyticsTags,
    queryLanguages: log.queryLanguages,
  });
}
