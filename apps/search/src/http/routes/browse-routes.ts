import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeBrowseCursor, encodeBrowseCursor } from '../../protocol/browse-cursor.ts';
import {
  mergeParams,
  paramsFromQueryString,
  type RawParams,
} from '../../protocol/decode-params.ts';
import { epochSeconds } from '../../protocol/epoch-seconds.ts';
import { formatSearchResponse } from '../../protocol/format-search-response.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import { prepareSearch } from '../../search/prepare-search.ts';
import { elapsedMS } from '../../search/search-context.ts';
import { checkIndex, constraintsOf } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';
import { bodyObject } from './search-routes.ts';

/**
 * `browse` (docs/api.md §2.5): every matching record, page by page (1,000 by default), ranked by attribute and
 * custom ranking only, with no rules, highlighting, pagination limit or analytics. The cursor carries the
 * parameters, so a request with only `cursor` continues. `GET` reads the parameters from the query string.
 */
export function registerBrowseRoutes(app: FastifyInstance, context: RouteContext): void {
  const { registry } = context.service;
  const handler = async (
    request: FastifyRequest<{ Params: { indexName: string } }>,
    body: RawParams,
  ) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    // The cursor may come as a body field or inside the `params` string, like any other parameter.
    const { cursor: rawCursor, ...requestParams } = mergeParams(body);
    const cursor =
      rawCursor === undefined || rawCursor === null
        ? undefined
        : decodeBrowseCursor(rawCursor, context.cursorKey, indexName);
    const params = cursor?.params ?? requestParams;
    const index = registry.require(indexName);
    const prepared = prepareSearch(index, params, {
      constraints: constraintsOf(request),
      nowSeconds: epochSeconds(context.clock()),
      browse: true,
    });
    const started = elapsedMS();
    const primary = index.primary === undefined ? undefined : registry.get(index.primary)?.ownIndex;
    const result = index.browse(prepared.query, cursor?.position, primary);
    return formatSearchResponse(result, {
      params: prepared.params,
      indexName,
      processingTimeMS: Math.round(elapsedMS() - started),
      ...(result.cursor === undefined
        ? {}
        : {
            cursor: encodeBrowseCursor(
              { params, position: result.cursor },
              context.cursorKey,
              indexName,
            ),
          }),
    });
  };
  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/browse',
    { config: { access: 'browse' }, bodyLimit: context.limits.searchBodyBytes },
    async (request) => handler(request, bodyObject(request.body)),
  );
  app.get<{ Params: { indexName: string }; Querystring: RawParams }>(
    '/1/indexes/:indexName/browse',
    { config: { access: 'browse' } },
    async (request) => handler(request, paramsFromQueryString(request.query)),
  );
}
