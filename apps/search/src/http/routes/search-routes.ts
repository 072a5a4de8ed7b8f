import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IndexRegistry } from '../../indices/index-registry.ts';
import { type QueryOutcome, runQueries } from '../../indices/run-queries.ts';
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
import { epochSeconds, type RouteContext } from '../route-context.ts';
import {
  checkIndex,
  constraintsOf,
  elapsedMS,
  respondFromCache,
  respondToOutcome,
} from '../search-responder.ts';
import { type AnswerPiece, sendAnswers } from '../transport/send-answers.ts';

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
      const results = search(context, request, requests, strategy, reply.elapsedTime);
      return sendAnswers(request, reply, '{"results":[', results, ']}');
    },
  );

  const searchOne = (
    request: Parameters<typeof respondToOutcome>[1],
    reply: FastifyReply,
    indexName: string,
    params: RawParams,
  ) => {
    const [result] = search(
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
      const [result] = search(context, request, [entry], 'none', reply.elapsedTime);
      return sendAnswers(request, reply, '', result ? [result] : [], result ? '' : '{}');
    },
  );
}

/**
 * Runs the queries of one call (each answer's JSON), or answers them from the search cache when every one of
 * them is there (same parameters, same key constraints, no write since). A call is cached only when it ran in full (no query skipped by
 * the time budget or a strategy) on indices without time-limited rules.
 */
function search(
  context: RouteContext,
  request: Parameters<typeof respondToOutcome>[1],
  requests: readonly QueryRequest[],
  strategy: 'none' | 'stopIfEnoughMatches',
  serverElapsed: number,
): AnswerPiece[] {
  const startedAt = elapsedMS();
  const constraints = constraintsOf(request);
  const { registry } = context.service;
  const cache = context.searchCache;
  const generation = registry.generation;
  const keys =
    cache.capacity > 0 && strategy === 'none' ? answerKeys(constraints, requests) : undefined;
  const cached = keys && answersFromCache(cache, keys, generation);
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
  const deadlineMS = startedAt + context.limits.searchTimeBudgetMS;
  const outcomes = runQueries(registry, requests, strategy, {
    constraints,
    nowSeconds: epochSeconds(context.clock()),
    elapsedMS,
    deadlineMS,
  });
  const serverTimeMS = Math.round(serverElapsed + elapsedMS() - startedAt);
  const answers = outcomes.map((outcome) =>
    respondToOutcome(context, request, outcome, serverTimeMS),
  );
  if (
    keys &&
    elapsedMS() <= deadlineMS &&
    outcomes.every((outcome) => isCacheable(registry, outcome))
  )
    answers.forEach((answer, position) => {
      const key = keys[position];
      if (key !== undefined) cache.set(key, generation, answer.cached);
    });
  return answers.map((answer) => answer.piece);
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
