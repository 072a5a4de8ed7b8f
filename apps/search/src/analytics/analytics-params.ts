/**
 * Query parameters of the Analytics API routes (`index`, `startDate`, `endDate`, `limit`, `offset`, `clickAnalytics`,
 * `orderBy`, `direction`, `search`, `tags`), read with Algolia's names and a 400 naming the parameter when wrong.
 */
import { readBoolean, readEnum, readInteger } from '../protocol/read-param.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import { type DateRange, readDateRange } from './date-range.ts';
import { normalizeSearch } from './normalize-search.ts';
import type { Direction, OrderBy, Page } from './ranked-lists.ts';

/** The raw query string as Fastify parses it. */
export type AnalyticsQuery = { readonly [name: string]: unknown };

export interface AnalyticsPeriod {
  readonly index: string;
  readonly range: DateRange;
}

const orderByValues: readonly OrderBy[] = [
  'searchCount',
  'clickThroughRate',
  'conversionRate',
  'averageClickPosition',
];
const directionValues: readonly Direction[] = ['asc', 'desc'];

/** Largest `limit`, as Algolia's. */
export const maxLimit = 1000;

/**
 * The index (required) and the analysed period. `tags` (Algolia's segments) is read by analytics-tags.ts.
 * @throws SearchApiError 400 `index is required`, or naming a malformed date.
 */
export function readPeriod(query: AnalyticsQuery, now: Date): AnalyticsPeriod {
  return {
    index: readIndex(query),
    range: readDateRange(
      readOptionalText(query, 'startDate'),
      readOptionalText(query, 'endDate'),
      now,
    ),
  };
}

/** `index`, required and non-empty. */
export function readIndex(query: AnalyticsQuery): string {
  const index = readOptionalText(query, 'index');
  if (index === undefined || index === '') throw new SearchApiError(400, 'index is required');
  return index;
}

/** `limit` (1–1,000, default 10) and `offset` (default 0). */
export function readPage(query: AnalyticsQuery): Page {
  const limit = query['limit'];
  const offset = query['offset'];
  return {
    limit: limit === undefined ? 10 : readInteger(limit, 'limit', 1, maxLimit),
    offset: offset === undefined ? 0 : readInteger(offset, 'offset', 0, Number.MAX_SAFE_INTEGER),
  };
}

/** `clickAnalytics` (default false). */
export function readClickAnalytics(query: AnalyticsQuery): boolean {
  const value = query['clickAnalytics'];
  return value === undefined ? false : readBoolean(value, 'clickAnalytics');
}

/**
 * `orderBy` (default `searchCount`) and `direction` (default `desc`: the most searched first, as Algolia's
 * dashboard lists top searches).
 */
export function readOrder(query: AnalyticsQuery): { orderBy: OrderBy; direction: Direction } {
  const orderBy = query['orderBy'];
  const direction = query['direction'];
  return {
    orderBy: orderBy === undefined ? 'searchCount' : readEnum(orderBy, 'orderBy', orderByValues),
    direction: direction === undefined ? 'desc' : readEnum(direction, 'direction', directionValues),
  };
}

/** `search`, normalised like the logged searches it is compared with; `undefined` when absent or blank. */
export function readSearch(query: AnalyticsQuery): string | undefined {
  const search = readOptionalText(query, 'search');
  if (search === undefined) return undefined;
  const normalized = normalizeSearch(search);
  return normalized === '' ? undefined : normalized;
}

function readOptionalText(query: AnalyticsQuery, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new SearchApiError(400, `${name} must be given once, as a string`);
  return value;
}
