import type { FastifyRequest } from 'fastify';
import { noConstraints, type SearchConstraints } from '../indices/prepare-search.ts';
import type { QueryOutcome } from '../indices/run-queries.ts';
import { loggedHitsPerSearch } from '../insights/search-log.ts';
import { formatFilters } from '../protocol/format-filters.ts';
import { formatFacetHits, formatSearchResponse } from '../protocol/format-search-response.ts';
import { assertIndexAllowed, forcedSearchParams } from './auth/authenticate.ts';
import type { RouteContext } from './route-context.ts';

/** The key's constraints for a search request (forced parameters, filters, caps). */
export function constraintsOf(request: FastifyRequest): SearchConstraints {
  return request.auth ? forcedSearchParams(request.auth) : noConstraints;
}

/** @throws SearchApiError 403 when the key may not read `indexName`. */
export function checkIndex(request: FastifyRequest, indexName: string): void {
  if (request.auth) assertIndexAllowed(request.auth, indexName);
}

export const elapsedMS = (): number => performance.now();

/**
 * Formats one outcome as Algolia JSON and, for a search that ran with `analytics` on, records it in the search
 * log (off the request path); `queryID` is added with `clickAnalytics`.
 */
export function respondToOutcome(
  context: RouteContext,
  request: FastifyRequest,
  outcome: QueryOutcome,
  serverTimeMS: number,
): Record<string, unknown> {
  if (outcome.type === 'facet') return formatFacetHits(outcome.hits, outcome.processingTimeMS);
  const { prepared, result } = outcome;
  const queryID =
    outcome.ran && prepared.params.clickAnalytics ? context.generateQueryId() : undefined;
  if (outcome.ran && prepared.params.analytics) {
    context.searchLog.record({
      indexName: outcome.indexName,
      query: prepared.params.text,
      filters: formatFilters(prepared.filter),
      hitCount: result.totalHits,
      queryID,
      userToken: prepared.userToken,
      searchedAt: context.clock(),
      processingTimeMS: outcome.processingTimeMS,
      objectIDs: result.hits.slice(0, loggedHitsPerSearch).map((hit) => hit.record.objectID),
    });
  }
  request.log.debug({ index: outcome.indexName, hits: result.totalHits }, 'search');
  return formatSearchResponse(result, {
    params: prepared.params,
    indexName: outcome.indexName,
    processingTimeMS: outcome.processingTimeMS,
    serverTimeMS,
    ...(queryID === undefined ? {} : { queryID }),
    renderingContent: prepared.renderingContent,
    userData: prepared.effects?.userData ?? [],
    appliedRules: prepared.effects?.appliedRuleIds ?? [],
    exhaustive: outcome.skippedBecause !== 'timeBudget',
  });
}
