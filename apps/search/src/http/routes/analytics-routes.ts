import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AnalyticsQuery,
  readClickAnalytics,
  readIndex,
  readOrder,
  readPage,
  readPeriod,
  readSearch,
} from '../../analytics/analytics-params.ts';
import { inSegment, readTags } from '../../analytics/analytics-tags.ts';
import {
  averageClickPosition,
  clickPositions,
  clickThroughRate,
  conversionRate,
  noClickRate,
  noResultRate,
  searchesCount,
  usersCount,
} from '../../analytics/daily-metrics.ts';
import { topFilterAttributes, topFilterValues } from '../../analytics/filter-usage.ts';
import {
  searchesWithoutClicks,
  searchesWithoutResults,
  topHits,
  topSearches,
} from '../../analytics/ranked-lists.ts';
import { type SearchOutcome, searchOutcomes } from '../../analytics/search-outcomes.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';

type AnalyticsRequest = FastifyRequest<{ Querystring: AnalyticsQuery }>;

/** What a route answers from: the outcomes of the period's searches and its days. */
interface Period {
  readonly outcomes: readonly SearchOutcome[];
  readonly days: readonly string[];
}

/** Each route reads its own parameters first (a 400 before any read), then answers from the period. */
type Route = (query: AnalyticsQuery) => (period: Period) => unknown;

/** A route without parameters of its own (a total with its daily breakdown, or the position buckets). */
const daily =
  (metric: (outcomes: readonly SearchOutcome[], days: readonly string[]) => unknown): Route =>
  () =>
  ({ outcomes, days }) =>
    metric(outcomes, days);

const routes: { readonly [path: string]: Route } = {
  '/2/searches': (query) => {
    const options = {
      ...readPage(query),
      ...readOrder(query),
      clickAnalytics: readClickAnalytics(query),
    };
    return ({ outcomes }) => topSearches(outcomes, options);
  },
  '/2/searches/count': daily(searchesCount),
  '/2/searches/noResults': (query) => {
    const page = readPage(query);
    return ({ outcomes }) => searchesWithoutResults(outcomes, page);
  },
  '/2/searches/noClicks': (query) => {
    const page = readPage(query);
    return ({ outcomes }) => searchesWithoutClicks(outcomes, page);
  },
  '/2/searches/noResultRate': daily(noResultRate),
  '/2/searches/noClickRate': daily(noClickRate),
  '/2/clicks/clickThroughRate': daily(clickThroughRate),
  '/2/clicks/averageClickPosition': daily(averageClickPosition),
  '/2/clicks/positions': daily(clickPositions),
  '/2/conversions/conversionRate': daily(conversionRate),
  '/2/hits': (query) => {
    const options = {
      ...readPage(query),
      clickAnalytics: readClickAnalytics(query),
      search: readSearch(query),
    };
    return ({ outcomes }) => topHits(outcomes, options);
  },
  '/2/filters': (query) => {
    const options = { ...readPage(query), search: readSearch(query) };
    return ({ outcomes }) => topFilterAttributes(outcomes, options);
  },
  '/2/users/count': daily(usersCount),
};

/**
 * The Analytics API v2 (Algolia's routes and response shapes) over the search log and the Insights events, for
 * keys with the `analytics` ACL. Every route needs `index`; the period is `startDate`–`endDate` (UTC days, default
 * the last eight days including today). Buffered search-log entries are written first, so a search made just
 * before is counted. Figures are computed per request from the period's rows, never on the search path.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, context: RouteContext): void {
  const config = { config: { access: 'analytics' as const } };

  const read = async (request: AnalyticsRequest): Promise<Period> => {
    const { index, range } = readPeriod(request.query, context.clock());
    const segment = readTags(request.query['tags']);
    checkIndex(request, index);
    await context.searchLog.flush();
    const window = await context.store.readAnalyticsWindow(index, range.from, range.to);
    const searches = segment
      ? window.searches.filter((search) => inSegment(search, segment))
      : window.searches;
    return { outcomes: searchOutcomes({ ...window, searches }), days: range.days };
  };

  for (const [path, route] of Object.entries(routes)) {
    app.get<{ Querystring: AnalyticsQuery }>(path, config, async (request) => {
      const answer = route(request.query);
      return answer(await read(request));
    });
  }

  app.get<{ Querystring: AnalyticsQuery; Params: { attribute: string } }>(
    '/2/filters/:attribute',
    config,
    async (request) => {
      const options = { ...readPage(request.query), search: readSearch(request.query) };
      const { outcomes } = await read(request);
      return topFilterValues(outcomes, request.params.attribute, options);
    },
  );

  app.get<{ Querystring: AnalyticsQuery }>('/2/status', config, async (request) => {
    const index = readIndex(request.query);
    checkIndex(request, index);
    await context.searchLog.flush();
    const updatedAt = await context.store.readLastSearchAt(index);
    return { updatedAt: updatedAt?.toISOString() ?? null };
  });
}
