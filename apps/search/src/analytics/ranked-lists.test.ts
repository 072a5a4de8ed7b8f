import { describe, expect, it } from 'vitest';
import type { LoggedSearch, SearchEvent } from '../store/analytics-queries.ts';
import { clickPositionBuckets } from './daily-metrics.ts';
import { topHits, topSearches } from './ranked-lists.ts';
import { searchOutcomes } from './search-outcomes.ts';

const at = new Date('2026-03-01T12:00:00.000Z');
const logged = (query: string, queryID?: string, objectIDs: string[] = []): LoggedSearch => ({
  query,
  filters: '',
  hitCount: objectIDs.length,
  queryID,
  userToken: undefined,
  searchedAt: at,
  objectIDs,
});
const click = (queryID: string, objectIDs: string[], positions: number[]): SearchEvent => ({
  eventType: 'click',
  eventSubtype: undefined,
  queryID,
  objectIDs,
  positions,
  occurredAt: at,
});

describe('topSearches', () => {
  const outcomes = searchOutcomes({
    searches: [
      logged('B', 'q1', ['x']),
      logged(' b', 'q2', ['x']),
      logged('a', 'q3', ['x', 'y']),
      logged('c'),
    ],
    events: [click('q1', ['x'], [3]), click('q3', ['y'], [1]), click('unknown', ['x'], [1])],
  });
  const options = { limit: 10, offset: 0, clickAnalytics: false } as const;

  it('groups by normalised text, ties broken by text, events of unknown searches ignored', () => {
    expect(
      topSearches(outcomes, { ...options, orderBy: 'searchCount', direction: 'desc' }),
    ).toEqual({
      searches: [
        { search: 'b', count: 2, nbHits: 1 },
        { search: 'a', count: 1, nbHits: 2 },
        { search: 'c', count: 1, nbHits: 0 },
      ],
    });
  });

  it('puts null figures last in both directions', () => {
    const order = (direction: 'asc' | 'desc') =>
      topSearches(outcomes, {
        ...options,
        orderBy: 'averageClickPosition',
        direction,
      }).searches.map((entry) => entry.search);
    expect(order('asc')).toEqual(['a', 'b', 'c']);
    expect(order('desc')).toEqual(['b', 'a', 'c']);
  });
});

describe('topHits', () => {
  it('counts a hit once per search even when listed twice, and only clicks on that hit', () => {
    const outcomes = searchOutcomes({
      searches: [logged('tv', 'q1', ['x', 'x', 'y']), logged('tv', undefined, ['x'])],
      events: [click('q1', ['y'], [2])],
    });
    expect(
      topHits(outcomes, { limit: 10, offset: 0, clickAnalytics: true, search: undefined }),
    ).toEqual({
      hits: [
        {
          hit: 'x',
          count: 2,
          clickThroughRate: 0,
          conversionRate: 0,
          trackedHitCount: 1,
          clickCount: 0,
          conversionCount: 0,
        },
        {
          hit: 'y',
          count: 1,
          clickThroughRate: 1,
          conversionRate: 0,
          trackedHitCount: 1,
          clickCount: 1,
          conversionCount: 0,
        },
      ],
    });
  });
});

describe('clickPositionBuckets', () => {
  it('has ten single positions, then 11–20 and 21 onwards', () => {
    const buckets = clickPositionBuckets([1, 10, 11, 20, 21, 500]);
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ position: [1, 1], clickCount: 1 });
    expect(buckets[9]).toEqual({ position: [10, 10], clickCount: 1 });
    expect(buckets[10]).toEqual({ position: [11, 20], clickCount: 2 });
    expect(buckets[11]).toEqual({ position: [21, -1], clickCount: 2 });
  });
});
