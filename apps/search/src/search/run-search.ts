import type { FacetValueHit, SearchResult } from '../engine/index.ts';
import type { IndexRegistry } from '../indices/index-registry.ts';
import type { MultiQueryStrategy, QueryRequest } from '../protocol/parse-multi-query.ts';
import type { PreparedSearch } from './prepare-search.ts';

/** Why a query of a multi-query was not run: its strategy was satisfied, or the call's time budget spent. */
export type SkipReason = 'strategy' | 'timeBudget';

export type QueryOutcome =
  | {
      readonly type: 'search';
      readonly indexName: string;
      readonly prepared: PreparedSearch;
      readonly result: SearchResult;
      readonly processingTimeMS: number;
      /** False when the query was skipped (strategy or time budget). */
      readonly ran: boolean;
      readonly skippedBecause?: SkipReason;
    }
  | {
      readonly type: 'facet';
      readonly indexName: string;
      readonly prepared: PreparedSearch;
      readonly hits: readonly FacetValueHit[];
      readonly processingTimeMS: number;
    };

/**
 * Runs one prepared query of a call, or answers it as skipped (`skip`: a search comes back empty, flagged; a
 * facet-value search with no values).
 */
export function runQuery(
  registry: IndexRegistry,
  request: QueryRequest,
  search: PreparedSearch,
  elapsedMS: () => number,
  skip: SkipReason | undefined,
): QueryOutcome {
  if (request.type === 'facet') {
    const started = elapsedMS();
    const hits = skip
      ? []
      : searchFacetValues(registry, request.indexName, request.facet, request.facetQuery, search);
    return {
      type: 'facet',
      indexName: request.indexName,
      prepared: search,
      hits,
      processingTimeMS: Math.round(elapsedMS() - started),
    };
  }
  if (skip) return skipped(request.indexName, search, skip);
  return runSearch(registry, request.indexName, search, elapsedMS);
}

/** Whether `stopIfEnoughMatches` skips the rest of a call after `outcome` (a search with a full page). */
export function satisfiesStrategy(strategy: MultiQueryStrategy, outcome: QueryOutcome): boolean {
  return (
    strategy === 'stopIfEnoughMatches' &&
    outcome.type === 'search' &&
    outcome.ran &&
    outcome.result.totalHits >= outcome.result.pageSize
  );
}

/** Runs one prepared search (virtual replicas search their primary's records with relevant sort). */
export function runSearch(
  registry: IndexRegistry,
  indexName: string,
  search: PreparedSearch,
  elapsedMS: () => number,
): Extract<QueryOutcome, { type: 'search' }> {
  const started = elapsedMS();
  const result = registry.require(indexName).search(search.query);
  return {
    type: 'search',
    indexName,
    prepared: search,
    result,
    processingTimeMS: Math.round(elapsedMS() - started),
    ran: true,
  };
}

/** Runs one facet-value search in the context of a prepared search. */
export function searchFacetValues(
  registry: IndexRegistry,
  indexName: string,
  facet: string,
  facetQuery: string,
  search: PreparedSearch,
): readonly FacetValueHit[] {
  return registry.require(indexName).searchFacetValues(facet, facetQuery, search.query);
}

function skipped(indexName: string, search: PreparedSearch, reason: SkipReason): QueryOutcome {
  return {
    type: 'search',
    indexName,
    prepared: search,
    result: {
      hits: [],
      totalHits: 0,
      page: search.query.page ?? 0,
      pageSize: search.query.hitsPerPage ?? 20,
      pageCount: 0,
      facetCounts: {},
      facetStats: {},
      text: search.query.text,
      ...(reason === 'timeBudget'
        ? { message: 'This query was not run: the time budget of the request was spent' }
        : {}),
    },
    processingTimeMS: 0,
    ran: false,
    skippedBecause: reason,
  };
}
