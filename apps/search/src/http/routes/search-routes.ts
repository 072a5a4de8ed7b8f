import type { FastifyInstance } from 'fastify';
import { runQueries } from '../../indices/run-queries.ts';
import {
  isJsonObject,
  mergeParams,
  paramsFromQueryString,
  type RawParams,
} from '../../protocol/decode-params.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import {
  parseMultiQuery,
  type QueryRequest,
  readFacetName,
} from '../../protocol/parse-multi-query.ts';
import { readQuery } from '../../protocol/parse-search-params.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { RouteContext } from '../route-context.ts';
import { checkIndex, constraintsOf, elapsedMS, respondToOutcome } from '../search-responder.ts';

interface IndexParams {
  indexName: string;
}

/**
 * Multi-query, single-index query (POST, and the legacy GET with the parameters in the query string) and
 * facet-value search (PROTOCOL.md §2.2–2.4).
 */
export function registerSearchRoutes(app: FastifyInstance, context: RouteContext): void {
  const bodyLimit = context.limits.searchBodyBytes;

  app.post<{ Params: IndexParams; Querystring: { strategy?: string } }>(
    '/1/indexes/:indexName/queries',
    { config: { access: 'search' }, bodyLimit },
    async (request, reply) => {
      if (request.params.indexName !== '*') return reply.callNotFound();
      const { requests, strategy } = parseMultiQuery(request.body, request.query.strategy);
      for (const entry of requests) checkIndex(request, entry.indexName);
      return { results: search(context, request, requests, strategy, reply.elapsedTime) };
    },
  );

  const searchOne = (
    request: Parameters<typeof respondToOutcome>[1],
    indexName: string,
    params: RawParams,
    serverElapsed: number,
  ) => {
    const [result] = search(
      context,
      request,
      [{ type: 'default', indexName, params }],
      'none',
      serverElapsed,
    );
    return result;
  };

  app.post<{ Params: IndexParams }>(
    '/1/indexes/:indexName/query',
    { config: { access: 'search' }, bodyLimit },
    async (request, reply) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      return searchOne(
        request,
        indexName,
        mergeParams(bodyObject(request.body)),
        reply.elapsedTime,
      );
    },
  );

  // Legacy single-index search: `GET /1/indexes/products?query=tv&hitsPerPage=5` (or `?params=…`).
  app.get<{ Params: IndexParams; Querystring: RawParams }>(
    '/1/indexes/:indexName',
    { config: { access: 'search' } },
    async (request, reply) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      const params = mergeParams(paramsFromQueryString(request.query));
      return searchOne(request, indexName, params, reply.elapsedTime);
    },
  );

  app.post<{ Params: IndexParams & { facetName: string } }>(
    '/1/indexes/:indexName/facets/:facetName/query',
    { config: { access: 'search' }, bodyLimit },
    async (request, reply) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      const params = mergeParams(bodyObject(request.body), new Set(['facetQuery']));
      const body = bodyObject(request.body);
      const entry: QueryRequest = {
        type: 'facet',
        indexName,
        params,
        facet: readFacetName(request.params.facetName, 'facetName'),
        facetQuery: readQuery(body['facetQuery'] ?? params['facetQuery'], 'facetQuery'),
      };
      const [result] = search(context, request, [entry], 'none', reply.elapsedTime);
      return result;
    },
  );
}

function search(
  context: RouteContext,
  request: Parameters<typeof respondToOutcome>[1],
  requests: readonly QueryRequest[],
  strategy: 'none' | 'stopIfEnoughMatches',
  serverElapsed: number,
): Record<string, unknown>[] {
  const startedAt = elapsedMS();
  const outcomes = runQueries(context.service.registry, requests, strategy, {
    constraints: constraintsOf(request),
    nowSeconds: Math.floor(context.clock().getTime() / 1000),
    elapsedMS,
    deadlineMS: startedAt + context.limits.searchTimeBudgetMS,
  });
  const serverTimeMS = Math.round(serverElapsed + elapsedMS() - startedAt);
  return outcomes.map((outcome) => respondToOutcome(context, request, outcome, serverTimeMS));
}

/** A body that must be an object (or absent). */
export function bodyObject(body: unknown): RawParams {
  if (body === undefined || body === null) return {};
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The request body must be a JSON object');
  return body;
}
