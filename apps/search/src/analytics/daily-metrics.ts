/**
 * The Analytics API's totals with a daily breakdown (`/2/searches/count`, `/2/clicks/clickThroughRate`, …), each in
 * the response shape of Algolia's Analytics API v2. Clicks and conversions count on the day of their search.
 */
import {
  averageOf,
  clickPositionsOf,
  perDay,
  rateOf,
  type SearchOutcome,
} from './search-outcomes.ts';

type Outcomes = readonly SearchOutcome[];

function searchCount(outcomes: Outcomes) {
  return { count: outcomes.length };
}

/** `/2/searches/count`: `{ count, dates: [{ date, count }] }`. */
export function searchesCount(outcomes: Outcomes, days: readonly string[]) {
  return { ...searchCount(outcomes), dates: perDay(days, outcomes, searchCount) };
}

function userCount(outcomes: Outcomes) {
  const users = new Set<string>();
  for (const { search } of outcomes)
    if (search.userToken !== undefined) users.add(search.userToken);
  return { count: users.size };
}

/**
 * `/2/users/count`: distinct `userToken`s of the searches (searches sent without one are not counted: the log
 * keeps no IP address). The daily counts need not add up to the total.
 */
export function usersCount(outcomes: Outcomes, days: readonly string[]) {
  return { ...userCount(outcomes), dates: perDay(days, outcomes, userCount) };
}

function noResults(outcomes: Outcomes) {
  const noResultCount = outcomes.filter(({ search }) => search.hitCount === 0).length;
  return { rate: rateOf(noResultCount, outcomes.length), count: outcomes.length, noResultCount };
}

/** `/2/searches/noResultRate`: `{ rate, count, noResultCount, dates }`; rate null without searches. */
export function noResultRate(outcomes: Outcomes, days: readonly string[]) {
  return { ...noResults(outcomes), dates: perDay(days, outcomes, noResults) };
}

function noClicks(outcomes: Outcomes) {
  const tracked = outcomes.filter((outcome) => outcome.tracked);
  const noClickCount = tracked.filter((outcome) => outcome.clicks.length === 0).length;
  return { rate: rateOf(noClickCount, tracked.length), count: tracked.length, noClickCount };
}

/** `/2/searches/noClickRate`: `{ rate, count, noClickCount, dates }` over tracked searches. */
export function noClickRate(outcomes: Outcomes, days: readonly string[]) {
  return { ...noClicks(outcomes), dates: perDay(days, outcomes, noClicks) };
}

function clickThrough(outcomes: Outcomes) {
  const tracked = outcomes.filter((outcome) => outcome.tracked);
  const clicked = tracked.filter((outcome) => outcome.clicks.length > 0).length;
  const clickCount = tracked.reduce((sum, outcome) => sum + outcome.clicks.length, 0);
  return { rate: rateOf(clicked, tracked.length), clickCount, trackedSearchCount: tracked.length };
}

/**
 * `/2/clicks/clickThroughRate`: `{ rate, clickCount, trackedSearchCount, dates }`; rate = tracked searches with at
 * least one click / tracked searches, null without tracked searches.
 */
export function clickThroughRate(outcomes: Outcomes, days: readonly string[]) {
  return { ...clickThrough(outcomes), dates: perDay(days, outcomes, clickThrough) };
}

function averagePosition(outcomes: Outcomes) {
  const positions = outcomes.flatMap((outcome) => clickPositionsOf(outcome.clicks));
  return { average: averageOf(positions), clickCount: positions.length };
}

/**
 * `/2/clicks/averageClickPosition`: `{ average, clickCount, dates }`; the mean of every clicked position (clicks
 * sent without positions are left out of both figures), null without clicks.
 */
export function averageClickPosition(outcomes: Outcomes, days: readonly string[]) {
  return { ...averagePosition(outcomes), dates: perDay(days, outcomes, averagePosition) };
}

/** Algolia's position buckets: 1 to 10 one by one, then 11–20, then 21 and beyond (`-1` = no end). */
const positionBuckets: readonly (readonly [number, number])[] = [
  ...Array.from({ length: 10 }, (_, index) => [index + 1, index + 1] as const),
  [11, 20],
  [21, -1],
];

/** The twelve `{ position: [start, end], clickCount }` buckets of a set of clicked positions. */
export function clickPositionBuckets(positions: readonly number[]) {
  return positionBuckets.map(([start, end]) => ({
    position: [start, end],
    clickCount: positions.filter((position) => position >= start && (end === -1 || position <= end))
      .length,
  }));
}

/** `/2/clicks/positions`: `{ positions: [{ position: [start, end], clickCount }] }`, twelve buckets. */
export function clickPositions(outcomes: Outcomes) {
  return {
    positions: clickPositionBuckets(
      outcomes.flatMap((outcome) => clickPositionsOf(outcome.clicks)),
    ),
  };
}

function conversion(outcomes: Outcomes) {
  const tracked = outcomes.filter((outcome) => outcome.tracked);
  const converted = tracked.filter((outcome) => outcome.conversions.length > 0).length;
  const conversionCount = tracked.reduce((sum, outcome) => sum + outcome.conversions.length, 0);
  return {
    rate: rateOf(converted, tracked.length),
    trackedSearchCount: tracked.length,
    conversionCount,
  };
}

/**
 * `/2/conversions/conversionRate`: `{ rate, trackedSearchCount, conversionCount, dates }`; rate = tracked searches
 * with at least one conversion (any subtype) / tracked searches, null without tracked searches.
 */
export function conversionRate(outcomes: Outcomes, days: readonly string[]) {
  return { ...conversion(outcomes), dates: perDay(days, outcomes, conversion) };
}
