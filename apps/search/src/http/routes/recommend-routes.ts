import type { FastifyInstance } from 'fastify';
import { maxQueriesPerCall, tooManyQueriesMessage } from '../../protocol/parse-multi-query.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import { parseRecommendRequests } from '../../recommend/parse-recommend-request.ts';
import { RecommendRequestError } from '../../recommend/recommend-request-error.ts';
import type { RecommendQuery } from '../../recommend/types.ts';
import { checkIndex } from '../auth/search-access.ts';
import { recommend } from '../recommend-responder.ts';
import type { RouteContext } from '../route-context.ts';

/** Recommend (docs/api.md §2.11): one result per request entry (at most 50, as searches), in order; `search` ACL. */
export function registerRecommendRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/recommendations',
    { config: { access: 'search' }, bodyLimit: context.limits.searchBodyBytes },
    async (request, reply) => {
      if (request.params.indexName !== '*') return reply.callNotFound();
      const queries = parseQueries(request.body);
      if (queries.length > maxQueriesPerCall) throw new SearchApiError(400, tooManyQueriesMessage);
      for (const query of queries) checkIndex(request, query.indexName);
      return { results: queries.map((query) => recommend(context, request, query)) };
    },
  );
}

function parseQueries(body: unknown): RecommendQuery[] {
  try {
    return parseRecommendRequests(body);
  } catch (error) {
    if (error instanceof RecommendRequestError)
      throw new SearchApiError(400, error.message, { cause: error });
    throw error;
  }
}
