import type { FacetValueHit, SearchResult } from '../engine/index.ts';
import type { MultiQueryStrategy, QueryRequest } from '../protocol/parse-multi-query.ts';
import type { IndexRegistry } from './index-registry.ts';
import { type PreparedSearch, prepareSearch, type SearchConstraints } from './prepare-search.ts';

export interface RunOptions {
  readonly constraints: SearchConstraints;
  /** Unix seconds (rule validity). */
  readonly nowSeconds: number;
  /** Current time in ms (performance.now-like; only differences are used). */
  readonly elapsedMS: () => number;
  /** Once `elapsedMS()` passes this deadline, queries not yet run are skipped (non-exhaustive). */
  readonly deadlineMS: number;
}

export type QueryOutcome =
  | {
      readonly type: 'search';
      readonly indexName: string;
      readonly prepared: PreparedSearch;
      readonly result: SearchResult;
      readonly processingTimeMS: number;
      /** False when the query was skipped (strategy or time budget). */
      readonly ran: boolean;
      readonly skippedBecause?: 'strategy' | 'timeBudget';
    }
  | {
      readonly type: 'facet';
      readonly indexName: string;
      readonly prepared: PreparedSearch;
      readonly hits: readonly FacetValueHit[];
      readonly processingTimeMS: number;
    };

/**
 * Runs the queries of one HTTP call, in order, synchronously: every query sees the same index snapshot (no write
 * can land between them). Every query is prepared (validated) before any runs, so a bad parameter anywhere fails
 * the whole call. `stopIfEnoughMatches` skips the rest once a search has at least `hitsPerPage` hits; the time
 * budget skips the rest once spent.
 * @throws SearchApiError 404 when an index does not exist, 400 on invalid parameters.
 */
export function runQueries(
  registry: IndexRegistry,
  requests: readonly QueryRequest[],
  strategy: MultiQueryStrategy,
  options: RunOptions,
): QueryOutcome[] {
  const prepared = requests.map((request) => {
    const index = registry.require(request.indexName);
    return prepareSearch(index, request.params, {
      constraints: options.constraints,
      nowSeconds: options.nowSeconds,
    });
  });
  const outcomes: QueryOutcome[] = [];
  let stopped: 'strategy' | 'timeBudget' | undefined;
  requests.forEach((request, position) => {
    const search = prepared[position];
    if (!search) return;
    if (stopped === undefined && options.elapsedMS() > options.deadlineMS) stopped = 'timeBudget';
    if (request.type === 'facet') {
      const started = options.elapsedMS();
      const hits = stopped
        ? []
        : searchFacetValues(registry, request.indexName, request.facet, request.facetQuery, search);
      outcomes.push({
        type: 'facet',
        indexName: request.indexName,
        prepared: search,
        hits,
        processingTimeMS: Math.round(options.elapsedMS() - started),
      });
      return;
    }
    if (stopped) {
      outcomes.push(skipped(request.indexName, search, stopped));
      return;
    }
    const outcome = runSearch(registry, request.indexName, search, options.elapsedMS);
    outcomes.push(outcome);
    const pageSize = outcome.result.pageSize;
    if (strategy === 'stopIfEnoughMatches' && outcome.result.totalHits >= pageSize)
      stopped = 'strategy';
  });
  return outcomes;
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

function skipped(
  indexName: string,
  search: PreparedSearch,
  reason: 'strategy' | 'timeBudget',
): QueryOutcome {
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
