import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isJsonObject,
  mergeParams,
  paramsFromQueryString,
  type RawParams,
} from '../../protocol/decode-params.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import {
  type MultiQueryStrategy,
  parseMultiQuery,
  type QueryRequest,
  readFacetName,
} from '../../protocol/parse-multi-query.ts';
import { readQuery } from '../../protocol/parse-search-params.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { answerSearchCall } from '../../search/search-call.ts';
import { checkIndex, constraintsOf } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { acceptsGzip, sendAnswers } from '../transport/send-answers.ts';

interface IndexParams {
  indexName: string;
}

/**
 * Multi-query, single-index query (POST, and the legacy GET with the parameters in the query string) and
 * facet-value search (docs/api.md §2.2–2.4).
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
      const results = await search(context, request, requests, strategy, reply.elapsedTime);
      return sendAnswers(request, reply, '{"results":[', results, ']}');
    },
  );

  const searchOne = async (
    request: FastifyRequest,
    reply: FastifyReply,
    indexName: string,
    params: RawParams,
  ) => {
    const [result] = await search(
      context,
      request,
      [{ type: 'default', indexName, params }],
      'none',
      reply.elapsedTime,
    );
    return sendAnswers(request, reply, '', result ? [result] : [], result ? '' : '{}');
  };

  app.post<{ Params: IndexParams }>(
    '/1/indexes/:indexName/query',
    { config: { access: 'search' }, bodyLimit },
    async (request, reply) => {
      const indexName = readIndexName(request.params.indexName);
      checkIndex(request, indexName);
      return searchOne(request, reply, indexName, mergeParams(bodyObject(request.body)));
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
      return searchOne(request, reply, indexName, params);
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
      const [result] = await search(context, request, [entry], 'none', reply.elapsedTime);
      return sendAnswers(request, reply, '', result ? [result] : [], result ? '' : '{}');
    },
  );
}

/** Hands a parsed call to the search module (search/search-call.ts) with the caller's key constraints. */
function search(
  context: RouteContext,
  request: FastifyRequest,
  requests: readonly QueryRequest[],
  strategy: MultiQueryStrategy,
  serverElapsed: number,
) {
  return answerSearchCall(context, {
    requests,
    strategy,
    constraints: constraintsOf(request),
    gzip: acceptsGzip(request),
    serverElapsed,
    log: request.log,
  });
}

/** A body that must be an object (or absent). */
export function bodyObject(body: unknown): RawParams {
  if (body === undefined || body === null) return {};
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The request body must be a JSON object');
  return body;
}
