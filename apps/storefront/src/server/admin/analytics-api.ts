import { z } from 'zod';
import { locales } from '../../i18n/locale.ts';
import { shopperSearchesSegment } from '../../lib/search/analytics-tags.ts';

/**
 * The only module that knows the Analytics API's wire names (Algolia Analytics API v2: `GET /2/...` with
 * `X-Algolia-Application-Id` and `X-Algolia-API-Key`). Every answer is checked with Zod; rates are `null`
 * when nothing was tracked.
 */

export interface AnalyticsAccess {
  /** Origin of the Analytics API: the search service, or `https://analytics.<region>.algolia.com`. */
  readonly url: string;
  readonly appId: string;
  /** A key with the `analytics` ACL (the admin key); `undefined` until one is known. */
  readonly apiKey: string | undefined;
}

export interface AnalyticsPeriod {
  readonly index: string;
  /** `YYYY-MM-DD`, both ends included. */
  readonly from: string;
  readonly to: string;
}

export type AnalyticsFailure =
  | 'unreachable'
  | 'no-key'
  | 'forbidden'
  | 'unsupported'
  | 'failed'
  | 'invalid-response';

/** The Analytics API could not be read; `reason` picks the message the merchant sees. */
export class AnalyticsUnavailableError extends Error {
  override readonly name = 'AnalyticsUnavailableError';
  readonly reason: AnalyticsFailure;
  constructor(reason: AnalyticsFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

const rate = z.number().nullable();
const count = z.number().int().nonnegative();

const searchesCountSchema = z.object({
  count,
  dates: z.array(z.object({ date: z.string(), count })),
});
const topSearchesSchema = z.object({
  searches: z.array(
    z.object({
      search: z.string(),
      count,
      nbHits: count,
      clickThroughRate: rate.optional(),
      averageClickPosition: rate.optional(),
      conversionRate: rate.optional(),
      trackedSearchCount: count.nullable().optional(),
      clickCount: count.nullable().optional(),
      conversionCount: count.nullable().optional(),
    }),
  ),
});
const noResultsSchema = z.object({
  searches: z.array(
    z.object({ search: z.string(), count, withFilterCount: count.nullable().optional() }),
  ),
});
const noResultRateSchema = z.object({ rate, count, noResultCount: count });
const clickThroughRateSchema = z.object({ rate, clickCount: count, trackedSearchCount: count });
const averageClickPositionSchema = z.object({ average: rate, clickCount: count });
const conversionRateSchema = z.object({
  rate,
  trackedSearchCount: count,
  conversionCount: count,
});
const topHitsSchema = z.object({
  hits: z.array(
    z.object({
      hit: z.string(),
      count,
      clickThroughRate: rate.optional(),
      conversionRate: rate.optional(),
      trackedHitCount: count.nullable().optional(),
      clickCount: count.nullable().optional(),
      conversionCount: count.nullable().optional(),
    }),
  ),
});
const filtersSchema = z.object({
  attributes: z.array(z.object({ attribute: z.string(), count })),
});

export type SearchesCountAnswer = z.infer<typeof searchesCountSchema>;
export type TopSearchesAnswer = z.infer<typeof topSearchesSchema>;
export type NoResultsAnswer = z.infer<typeof noResultsSchema>;
export type TopHitsAnswer = z.infer<typeof topHitsSchema>;
export type FiltersAnswer = z.infer<typeof filtersSchema>;

/** Everything the analytics page shows, as the Analytics API answered it. */
export interface AnalyticsAnswers {
  readonly searchesCount: SearchesCountAnswer;
  readonly topSearches: TopSearchesAnswer;
  readonly noResults: NoResultsAnswer;
  readonly noResultRate: z.infer<typeof noResultRateSchema>;
  readonly clickThroughRate: z.infer<typeof clickThroughRateSchema>;
  readonly averageClickPosition: z.infer<typeof averageClickPositionSchema>;
  readonly conversionRate: z.infer<typeof conversionRateSchema>;
  readonly topHits: TopHitsAnswer;
  readonly filters: FiltersAnswer;
}

/** Rows asked for in the tables; top hits ask for the most the API gives (1000), to rank them by conversions. */
export const tableRows = 10;
const allRows = 1000;
const timeoutMs = 10_000;

/**
 * Reads the nine Analytics API routes the page needs, in parallel.
 * @throws AnalyticsUnavailableError when the API cannot be reached, refuses the key, lacks a route or
 *   answers something that is not the documented shape.
 */
export async function fetchAnalytics(
  access: AnalyticsAccess,
  period: AnalyticsPeriod,
  fetchFunction: typeof fetch = fetch,
): Promise<AnalyticsAnswers> {
  const { apiKey } = access;
  if (apiKey === undefined) {
    throw new AnalyticsUnavailableError(
      'no-key',
      'No admin key is known yet: start the search service or set VITRINE_ADMIN_KEY',
    );
  }
  const get = <TSchema extends z.ZodType>(
    path: string,
    schema: TSchema,
    extra: Record<string, string>,
  ) => getJson(fetchFunction, { ...access, apiKey }, period, path, schema, extra);
  const limit = (rows: number) => ({ limit: String(rows) });
  const clicks = { clickAnalytics: 'true' };
  // The shoppers' searches of both languages: the header panel's (tagged `autocomplete`) are left out.
  const tags = { tags: shopperSearchesSegment(locales) };
  const [
    searchesCount,
    topSearches,
    noResults,
    noResultRate,
    clickThroughRate,
    averageClickPosition,
    conversionRate,
    topHits,
    filters,
  ] = await Promise.all([
    get('/2/searches/count', searchesCountSchema, tags),
    get('/2/searches', topSearchesSchema, { ...limit(tableRows), ...clicks, ...tags }),
    get('/2/searches/noResults', noResultsSchema, { ...limit(tableRows), ...tags }),
    get('/2/searches/noResultRate', noResultRateSchema, tags),
    get('/2/clicks/clickThroughRate', clickThroughRateSchema, tags),
    get('/2/clicks/averageClickPosition', averageClickPositionSchema, tags),
    get('/2/conversions/conversionRate', conversionRateSchema, tags),
    get('/2/hits', topHitsSchema, { ...limit(allRows), ...clicks, ...tags }),
    get('/2/filters', filtersSchema, { ...limit(tableRows), ...tags }),
  ]);
  return {
    searchesCount,
    topSearches,
    noResults,
    noResultRate,
    clickThroughRate,
    averageClickPosition,
    conversionRate,
    topHits,
    filters,
  };
}

async function getJson<TSchema extends z.ZodType>(
  fetchFunction: typeof fetch,
  access: AnalyticsAccess & { apiKey: string },
  period: AnalyticsPeriod,
  path: string,
  schema: TSchema,
  extra: Record<string, string>,
): Promise<z.infer<TSchema>> {
  const url = new URL(path, `${access.url}/`);
  const params = { index: period.index, startDate: period.from, endDate: period.to, ...extra };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetchFunction(url, {
      headers: {
        'x-algolia-application-id': access.appId,
        'x-algolia-api-key': access.apiKey,
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new AnalyticsUnavailableError('unreachable', `${url.origin} did not answer`, {
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    const reason =
      response.status === 401 || response.status === 403
        ? 'forbidden'
        : response.status === 404
          ? 'unsupported'
          : 'failed';
    throw new AnalyticsUnavailableError(
      reason,
      `GET ${url.pathname} answered ${response.status}: ${messageOf(text)}`,
    );
  }
  try {
    return schema.parse(JSON.parse(text));
  } catch (error) {
    throw new AnalyticsUnavailableError(
      'invalid-response',
      `GET ${url.pathname} answered something that is not the Analytics API's shape`,
      { cause: error },
    );
  }
}

function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body) return String(body.message);
  } catch {
    // not JSON: show the start of the text
  }
  return text.slice(0, 200);
}
