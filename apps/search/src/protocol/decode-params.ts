/**
 * Turns the three ways Algolia clients send search parameters into one plain object of raw values:
 * a v4 `params` query string, flat v5 JSON keys, or both (flat keys win, docs/api.md §2.2).
 */
import { toStorableText } from './assert-storable.ts';
import { SearchApiError } from './search-api-error.ts';

/** Raw, unvalidated parameters keyed by their Algolia name; values are JSON values or strings. */
export type RawParams = { readonly [name: string]: unknown };

/**
 * Decodes an `application/x-www-form-urlencoded` parameter string: `+` is a space, values are percent-decoded
 * and kept as strings (typed readers parse JSON arrays and numbers later).
 * `query=tv&facets=%5B%22brand%22%5D` → `{ query: 'tv', facets: '["brand"]' }`.
 * @param params - the string; a leading `?` is ignored.
 * @param parameter - the wire name used in the error message (`params`).
 * @throws SearchApiError 400 when a pair is not valid percent-encoding.
 */
export function decodeParamsString(params: string, parameter = 'params'): Record<string, string> {
  const decoded: Record<string, string> = Object.create(null);
  const body = params.startsWith('?') ? params.slice(1) : params;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    decoded[decodeComponent(name, parameter)] = decodeComponent(value, parameter);
  }
  return decoded;
}

function decodeComponent(text: string, parameter: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch (error) {
    throw new SearchApiError(400, `${parameter} is not a valid URL-encoded string`, {
      cause: error,
    });
  }
}

/**
 * Merges a request object's `params` string with its flat keys: `params` first, flat keys on top.
 * `{ params: 'query=a&page=2', hitsPerPage: 5 }` → `{ query: 'a', page: '2', hitsPerPage: 5 }`.
 * @param body - the request entry (already known to be an object).
 * @param ignored - keys that are not search parameters (`indexName`, `type`, …) and are dropped.
 */
export function mergeParams(body: RawParams, ignored: ReadonlySet<string> = new Set()): RawParams {
  const merged: Record<string, unknown> = Object.create(null);
  const params = body['params'];
  if (params !== undefined && params !== null) {
    if (typeof params !== 'string')
      throw new SearchApiError(400, 'params must be a URL-encoded string');
    Object.assign(merged, decodeParamsString(params));
  }
  for (const [name, value] of Object.entries(body)) {
    if (name === 'params' || ignored.has(name) || value === undefined) continue;
    merged[name] = value;
  }
  return merged;
}

/**
 * Encodes parameters the way v4 clients do (strings as is, anything else as JSON), for the `params` echo of
 * a search response. `{ query: 'tv', facets: ['brand'] }` → `query=tv&facets=%5B%22brand%22%5D`.
 */
export function encodeParamsString(params: RawParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      // encodeURIComponent throws on unpaired surrogates: they are replaced, as a browser would.
      return `${encodeURIComponent(toStorableText(name))}=${encodeURIComponent(toStorableText(text))}`;
    })
    .join('&');
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is RawParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Search parameters from a URL query string: credentials and client metadata (`x-algolia-*`, any case) are
 * dropped so they never reach the `params` echo or a cursor.
 */
export function paramsFromQueryString(query: unknown): RawParams {
  const params: Record<string, unknown> = Object.create(null);
  if (!isJsonObject(query)) return params;
  for (const [name, value] of Object.entries(query)) {
    if (!name.toLowerCase().startsWith('x-algolia-')) params[name] = value;
  }
  return params;
}
