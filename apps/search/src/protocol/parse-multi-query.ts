/**
 * `POST /1/indexes/*\/queries` bodies (docs/api.md §2.2): v4 `params` strings and v5 flat entries, `type:
 * "facet"` entries and the `strategy`.
 */
import { isJsonObject, mergeParams, type RawParams } from './decode-params.ts';
import { readIndexName } from './parse-batch.ts';
import { readQuery } from './parse-search-params.ts';
import { readEnum, readString } from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';

/** `none` runs every query; `stopIfEnoughMatches` stops once a query has at least `hitsPerPage` hits. */
export type MultiQueryStrategy = 'none' | 'stopIfEnoughMatches';

/** One entry of a multi-query: a search, or a facet-value search (`type: "facet"`). */
export type QueryRequest =
  | { readonly type: 'default'; readonly indexName: string; readonly params: RawParams }
  | {
      readonly type: 'facet';
      readonly indexName: string;
      readonly params: RawParams;
      readonly facet: string;
      readonly facetQuery: string;
    };

/** A parsed multi-query body. */
export interface MultiQuery {
  readonly requests: readonly QueryRequest[];
  readonly strategy: MultiQueryStrategy;
}

/**
 * Most queries one multi-query call may hold: Algolia answers more with 400 `Too many queries in multi query
 * request` (its clients leave splitting a longer list to the caller).
 */
export const maxQueriesPerCall = 50;

export const tooManyQueriesMessage = 'Too many queries in multi query request';

/** Keys of a request entry that are not search parameters. */
const entryKeys = new Set(['indexName', 'type', 'facet', 'facetQuery']);

/**
 * Parses a multi-query body of at most 50 queries; `strategy` may also come from the URL (legacy clients).
 * `{ requests: [{ indexName: 'p', params: 'query=tv' }, { indexName: 'p', type: 'facet', facet: 'brand',
 * facetQuery: 'sa' }] }` → two requests: a search for `tv` and a facet search for `sa` in `brand`.
 * @throws SearchApiError 400 on a malformed body or more than 50 queries.
 */
export function parseMultiQuery(body: unknown, urlStrategy: unknown): MultiQuery {
  if (!isJsonObject(body) || !Array.isArray(body['requests'])) {
    throw new SearchApiError(400, 'The body must be an object with a requests array');
  }
  if (body['requests'].length > maxQueriesPerCall)
    throw new SearchApiError(400, tooManyQueriesMessage);
  const strategyValue = body['strategy'] ?? urlStrategy ?? 'none';
  const strategy = readEnum(strategyValue, 'strategy', ['none', 'stopIfEnoughMatches']);
  const requests = body['requests'].map((entry: unknown, position): QueryRequest => {
    if (!isJsonObject(entry))
      throw new SearchApiError(400, `requests[${position}] must be an object`);
    const indexName = readIndexName(entry['indexName'], `requests[${position}].indexName`);
    const params = mergeParams(entry, entryKeys);
    const type = entry['type'] ?? 'default';
    if (type === 'default') return { type, indexName, params };
    if (type !== 'facet') {
      throw new SearchApiError(400, `requests[${position}].type must be default or facet`);
    }
    return {
      type,
      indexName,
      params,
      facet: readFacetName(entry['facet'], `requests[${position}].facet`),
      facetQuery: readQuery(entry['facetQuery'] ?? params['facetQuery'], 'facetQuery'),
    };
  });
  return { requests, strategy };
}

/** Reads a facet attribute name. */
export function readFacetName(value: unknown, name: string): string {
  const facet = value === undefined || value === null ? '' : readString(value, name);
  if (facet === '') throw new SearchApiError(400, `${name} must be a facet attribute name`);
  return facet;
}
