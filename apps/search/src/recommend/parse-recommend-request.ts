import { RecommendRequestError } from './recommend-request-error.ts';
import {
  type OpaqueSearchParameters,
  type RecommendModelName,
  type RecommendQuery,
  recommendModelNames,
} from './types.ts';

/** docs/api.md §8: `maxRecommendations` is 1–30; omitted means "all", i.e. the maximum. */
export const maxRecommendationsLimit = 30;

type WireObject = { readonly [key: string]: unknown };

/**
 * Parses the body of `POST /1/indexes/*\/recommendations` (docs/api.md §2.11) into one query per entry, in order.
 * Unknown keys are ignored (InstantSearch sends `fallbackParameters` with trending-facets, for instance);
 * `queryParameters` and `fallbackParameters` are passed through untouched for the HTTP layer.
 *
 * `{ requests: [{ indexName: 'products', model: 'trending-items', threshold: 0, facetName: 'brand',
 * facetValue: 'LG' }] }` → `[{ indexName: 'products', model: 'trending-items', threshold: 0, limit: 30,
 * facet: { name: 'brand', value: 'LG' } }]`.
 *
 * @param body - the parsed JSON body.
 * @throws RecommendRequestError (400) naming the first invalid field.
 */
export function parseRecommendRequests(body: unknown): RecommendQuery[] {
  if (!isWireObject(body))
    throw invalid('body', 'body must be a JSON object with a requests array');
  const requests = body['requests'];
  if (!Array.isArray(requests)) throw invalid('requests', 'requests must be an array');
  return requests.map((entry: unknown, position) =>
    parseRecommendQuery(entry, `requests[${position}]`),
  );
}

/**
 * Parses one entry of `requests`.
 *
 * @param entry - one element of the wire `requests` array.
 * @param path - how error messages name the entry; defaults to `request`.
 * @throws RecommendRequestError (400) naming the first invalid field.
 */
export function parseRecommendQuery(entry: unknown, path = 'request'): RecommendQuery {
  if (!isWireObject(entry)) throw invalid(path, `${path} must be an object`);
  const model = readModel(entry, path);
  const base = {
    indexName: readText(entry, 'indexName', path),
    threshold: readThreshold(entry, path),
    limit: readLimit(entry, path),
    ...readParameters(entry, 'queryParameters', path),
    ...readParameters(entry, 'fallbackParameters', path),
  };
  switch (model) {
    case 'trending-items': {
      const facet = readFacet(entry, path);
      return { model, ...base, ...(facet ? { facet } : {}) };
    }
    case 'trending-facets':
      return { model, ...base, facetName: readText(entry, 'facetName', path) };
    default:
      return { model, ...base, objectID: readText(entry, 'objectID', path) };
  }
}

function readModel(entry: WireObject, path: string): RecommendModelName {
  const model = entry['model'];
  const known: readonly unknown[] = recommendModelNames;
  if (typeof model !== 'string' || !known.includes(model)) {
    throw invalid(
      `${path}.model`,
      `${path}.model must be one of ${recommendModelNames.join(', ')}`,
    );
  }
  return model as RecommendModelName;
}

function readText(entry: WireObject, key: string, path: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(`${path}.${key}`, `${path}.${key} must be a non-empty string`);
  }
  return value;
}

function readThreshold(entry: WireObject, path: string): number {
  const value = entry['threshold'];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw invalid(`${path}.threshold`, `${path}.threshold must be a number between 0 and 100`);
  }
  return value;
}

function readLimit(entry: WireObject, path: string): number {
  const value = entry['maxRecommendations'];
  if (value === undefined) return maxRecommendationsLimit;
  if (
    !Number.isInteger(value) ||
    (value as number) < 1 ||
    (value as number) > maxRecommendationsLimit
  ) {
    throw invalid(
      `${path}.maxRecommendations`,
      `${path}.maxRecommendations must be an integer between 1 and ${maxRecommendationsLimit}`,
    );
  }
  return value as number;
}

function readFacet(entry: WireObject, path: string): { name: string; value: string } | undefined {
  const hasName = entry['facetName'] !== undefined;
  const hasValue = entry['facetValue'] !== undefined;
  if (!hasName && !hasValue) return undefined;
  if (hasName !== hasValue) {
    const missing = hasName ? 'facetValue' : 'facetName';
    throw invalid(`${path}.${missing}`, `${path}.facetName and facetValue must be given together`);
  }
  return { name: readText(entry, 'facetName', path), value: readText(entry, 'facetValue', path) };
}

function readParameters(
  entry: WireObject,
  key: 'queryParameters' | 'fallbackParameters',
  path: string,
): { queryParameters?: OpaqueSearchParameters; fallbackParameters?: OpaqueSearchParameters } {
  const value = entry[key];
  if (value === undefined) return {};
  if (!isWireObject(value)) throw invalid(`${path}.${key}`, `${path}.${key} must be an object`);
  return { [key]: value };
}

function isWireObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(field: string, message: string): RecommendRequestError {
  return new RecommendRequestError(field, message);
}
