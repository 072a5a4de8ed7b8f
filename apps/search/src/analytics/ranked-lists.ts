/**
 * The Analytics API's ranked lists (`/2/searches`, `/2/searches/noResults`, `/2/searches/noClicks`, `/2/hits`), each
 * in the response shape of Algolia's Analytics API v2. Searches are grouped by their normalised text.
 */
import { clickPositionBuckets } from './daily-metrics.ts';
import {
  averageOf,
  clickPositionsOf,
  groupBy,
  rateOf,
  type SearchOutcome,
} from './search-outcomes.ts';

type Outcomes = readonly SearchOutcome[];

/** Which slice of a ranked list to answer. */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export type OrderBy =
  | 'searchCount'
  | 'clickThroughRate'
  | 'conversionRate'
  | 'averageClickPosition';
export type Direction = 'asc' | 'desc';

export interface TopSearchesOptions extends Page {
  readonly clickAnalytics: boolean;
  readonly orderBy: OrderBy;
  readonly direction: Direction;
}

/** The mean number of hits, rounded to a whole number. */
function averageHits(outcomes: Outcomes): number {
  if (outcomes.length === 0) return 0;
  return Math.round(
    outcomes.reduce((sum, { search }) => sum + search.hitCount, 0) / outcomes.length,
  );
}

/** Click and conversion figures of a group of searches (only tracked searches count). */
function clickFigures(outcomes: Outcomes) {
  const tracked = outcomes.filter((outcome) => outcome.tracked);
  const positions = tracked.flatMap((outcome) => clickPositionsOf(outcome.clicks));
  return {
    clickThroughRate: rateOf(
      tracked.filter((outcome) => outcome.clicks.length > 0).length,
      tracked.length,
    ),
    averageClickPosition: averageOf(positions),
    clickPositions: clickPositionBuckets(positions),
    conversionRate: rateOf(
      tracked.filter((outcome) => outcome.conversions.length > 0).length,
      tracked.length,
    ),
    trackedSearchCount: tracked.length,
    clickCount: tracked.reduce((sum, outcome) => sum + outcome.clicks.length, 0),
    conversionCount: tracked.reduce((sum, outcome) => sum + outcome.conversions.length, 0),
  };
}

/**
 * Sorts by a figure, nulls last whatever the direction, then by the text (ascending) so the order is stable.
 */
function sortBy<TItem>(
  items: TItem[],
  figure: (item: TItem) => number | null,
  direction: Direction,
  text: (item: TItem) => string,
): TItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items.sort((left, right) => {
    const a = figure(left);
    const b = figure(right);
    if (a !== b) {
      if (a === null) return 1;
      if (b === null) return -1;
      return (a - b) * sign;
    }
    const x = text(left);
    const y = text(right);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

function pageOf<TItem>(items: readonly TItem[], page: Page): TItem[] {
  return items.slice(page.offset, page.offset + page.limit);
}

/**
 * `/2/searches`: `{ searches: [{ search, count, nbHits }] }`, with `clickAnalytics` also `clickThroughRate`,
 * `averageClickPosition`, `clickPositions`, `conversionRate`, `trackedSearchCount`, `clickCount`, `conversionCount`.
 * `nbHits` is the mean number of hits of the group, rounded.
 */
export function topSearches(outcomes: Outcomes, options: TopSearchesOptions) {
  const rows = [...groupBy(outcomes, (outcome) => outcome.text)].map(([search, group]) => {
    const figures = clickFigures(group);
    return { search, count: group.length, nbHits: averageHits(group), figures };
  });
  const figureOf = (row: (typeof rows)[number]): number | null =>
    options.orderBy === 'searchCount' ? row.count : row.figures[options.orderBy];
  const sorted = sortBy(rows, figureOf, options.direction, (row) => row.search);
  return {
    searches: pageOf(sorted, options).map(({ figures, ...row }) =>
      options.clickAnalytics ? { ...row, ...figures } : row,
    ),
  };
}

/**
 * `/2/searches/noResults`: `{ searches: [{ search, count, withFilterCount }] }`, most frequent first;
 * `withFilterCount` counts those searches that had filters.
 */
export function searchesWithoutResults(outcomes: Outcomes, page: Page) {
  const empty = outcomes.filter(({ search }) => search.hitCount === 0);
  const rows = [...groupBy(empty, (outcome) => outcome.text)].map(([search, group]) => ({
    search,
    count: group.length,
    withFilterCount: group.filter(({ search: logged }) => logged.filters !== '').length,
  }));
  return {
    searches: pageOf(
      sortBy(
        rows,
        (row) => row.count,
        'desc',
        (row) => row.search,
      ),
      page,
    ),
  };
}

/**
 * `/2/searches/noClicks`: `{ searches: [{ search, count, nbHits }] }`, most frequent first; `count` is the number
 * of tracked searches of that text that got no click.
 */
export function searchesWithoutClicks(outcomes: Outcomes, page: Page) {
  const unclicked = outcomes.filter((outcome) => outcome.tracked && outcome.clicks.length === 0);
  const rows = [...groupBy(unclicked, (outcome) => outcome.text)].map(([search, group]) => ({
    search,
    count: group.length,
    nbHits: averageHits(group),
  }));
  return {
    searches: pageOf(
      sortBy(
        rows,
        (row) => row.count,
        'desc',
        (row) => row.search,
      ),
      page,
    ),
  };
}

export interface TopHitsOptions extends Page {
  readonly clickAnalytics: boolean;
  /** Only the searches of this (normalised) text. */
  readonly search: string | undefined;
}

/**
 * `/2/hits`: `{ hits: [{ hit, count }] }` — the objectIDs most often returned (in the page of hits a search
 * answered), most frequent first. With `clickAnalytics`: `clickThroughRate` and `conversionRate` (tracked searches
 * that returned the hit and got a click / a conversion on it, over `trackedHitCount`, the tracked searches that
 * returned it), `clickCount` and `conversionCount` (events on that hit).
 */
export function topHits(outcomes: Outcomes, options: TopHitsOptions) {
  const chosen =
    options.search === undefined
      ? outcomes
      : outcomes.filter((outcome) => outcome.text === options.search);
  const appearances = chosen.flatMap((outcome) =>
    [...new Set(outcome.search.objectIDs)].map((hit) => ({ hit, outcome })),
  );
  const rows = [...groupBy(appearances, (appearance) => appearance.hit)].map(([hit, group]) => {
    const tracked = group.filter(({ outcome }) => outcome.tracked);
    const on = (events: SearchOutcome['clicks']) =>
      events.filter((event) => event.objectIDs.includes(hit)).length;
    const clicks = tracked.map(({ outcome }) => on(outcome.clicks));
    const conversions = tracked.map(({ outcome }) => on(outcome.conversions));
    return {
      hit,
      count: group.length,
      figures: {
        clickThroughRate: rateOf(clicks.filter((count) => count > 0).length, tracked.length),
        conversionRate: rateOf(conversions.filter((count) => count > 0).length, tracked.length),
        trackedHitCount: tracked.length,
        clickCount: clicks.reduce((sum, count) => sum + count, 0),
        conversionCount: conversions.reduce((sum, count) => sum + count, 0),
      },
    };
  });
  const sorted = sortBy(
    rows,
    (row) => row.count,
    'desc',
    (row) => row.hit,
  );
  return {
    hits: pageOf(sorted, options).map(({ figures, ...row }) =>
      options.clickAnalytics ? { ...row, ...figures } : row,
    ),
  };
}
