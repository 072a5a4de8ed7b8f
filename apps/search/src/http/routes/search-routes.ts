import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IndexRegistry } from '../../indices/index-registry.ts';
import type { QueryOutcome } from '../../indices/run-queries.ts';
import {
  answerKeys,
  type CachedAnswer,
  maxCachedHits,
  type SearchCache,
} from '../../indices/search-cache.ts';
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
import { checkIndex, constraintsOf, elapsedMS, respondFromCache } from '../search-responder.ts';
import { answerInSlices } from '../sliced-search.ts';
import { type AnswerPiece, acceptsGzip, sendAnswers } from '../transport/send-answers.ts';

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
    request: Parameters<typeof checkIndex>[0],
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

/**
 * Answers the queries of one call (each answer's JSON), from the search cache when every one of them is there
 * (same parameters, same key constraints, no write since), else in slices that let other requests run between
 * them (http/sliced-search.ts). A call is cached only when it ran in full (no query skipped by the time budget or
 * a strategy) on indices without time-limited rules.
 */
async function search(
  context: RouteContext,
  request: Parameters<typeof checkIndex>[0],
  requests: readonly QueryRequest[],
  strategy: 'none' | 'stopIfEnoughMatches',
  serverElapsed: number,
): Promise<AnswerPiece[]> {
  const startedAt = elapsedMS();
  const constraints = constraintsOf(request);
  const { registry } = context.service;
  const cache = context.searchCache;
  const keys =
    cache.capacity > 0 && strategy === 'none' ? answerKeys(constraints, requests) : undefined;
  const cached = keys && answersFromCache(cache, keys, registry.generation);
  if (cached) {
    const processingTimeMS = Math.round(elapsedMS() - startedAt);
    const serverTimeMS = Math.round(serverElapsed + elapsedMS() - startedAt);
    return cached.map((answer, position) =>
      respondFromCache(
        context,
        requests[position]?.indexName ?? '',
        answer,
        processingTimeMS,
        serverTimeMS,
      ),
    );
  }
  const call = await answerInSlices(context, request, {
    requests,
    strategy,
    gzip: acceptsGzip(request),
    startedAt,
    serverElapsed,
  });
  if (keys && !call.overBudget && call.outcomes.every((outcome) => isCacheable(registry, outcome)))
    call.answers.forEach((answer, position) => {
      const key = keys[position];
      if (key !== undefined) cache.set(key, call.generation, answer.cached);
    });
  return call.answers.map((answer) => answer.piece);
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

/** A body that must be an object (or absent). */
export function bodyObject(body: unknown): RawParams {
  if (body === undefined || body === null) return {};
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The request body must be a JSON object');
  return body;
}
