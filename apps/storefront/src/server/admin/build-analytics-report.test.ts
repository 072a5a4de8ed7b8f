import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import type { AnalyticsAnswers } from './analytics-api.ts';
import { buildAnalyticsReport } from './build-analytics-report.ts';
import { productLookup } from './load-analytics-report.ts';

const range = { from: '2026-11-18', to: '2026-11-21', preset: null };

function answers(overrides: Partial<AnalyticsAnswers> = {}): AnalyticsAnswers {
  return {
    searchesCount: {
      count: 10,
      dates: [
        { date: '2026-11-18', count: 4 },
        { date: '2026-11-20T00:00:00.000Z', count: 6 },
      ],
    },
    topSearches: {
      searches: [
        { search: 'veste', count: 6, nbHits: 11, clickThroughRate: 0.5, conversionRate: null },
        { search: 'zzz', count: 4, nbHits: 0 },
      ],
    },
    noResults: { searches: [{ search: 'zzz', count: 4, withFilterCount: 0 }] },
    noResultRate: { rate: 0.4, count: 10, noResultCount: 4 },
    clickThroughRate: { rate: 0.5, clickCount: 3, trackedSearchCount: 6 },
    averageClickPosition: { average: 1.5, clickCount: 3 },
    conversionRate: { rate: null, trackedSearchCount: 0, conversionCount: 0 },
    topHits: {
      hits: [
        { hit: 'MJ01-Black', count: 9, clickCount: 1, conversionCount: 2, conversionRate: 1 },
        { hit: 'WJ01', count: 7, clickCount: 2, conversionCount: 0, clickThroughRate: 0.4 },
        { hit: 'GONE-1', count: 5, clickCount: 1, conversionCount: 0 },
        { hit: 'MJ01-Blue', count: 30, clickCount: 0, conversionCount: 0 },
      ],
    },
    filters: { attributes: [{ attribute: 'color', count: 2 }] },
    ...overrides,
  };
}

const lookup = productLookup([makeProduct('MJ01'), makeProduct('WJ01', { variants: [] })]);

describe('the analytics report', () => {
  it('has every day of the period, zero on days without searches', () => {
    expect(buildAnalyticsReport(answers(), range, lookup).searchesPerDay).toEqual([
      { date: '2026-11-18', count: 4 },
      { date: '2026-11-19', count: 0 },
      { date: '2026-11-20', count: 6 },
      { date: '2026-11-21', count: 0 },
    ]);
  });

  it('sums up the period, with null where nothing was tracked', () => {
    expect(buildAnalyticsReport(answers(), range, lookup).totals).toEqual({
      searches: 10,
      clickThroughRate: 0.5,
      averageClickPosition: 1.5,
      conversionRate: null,
      noResultRate: 0.4,
    });
  });

  it('ranks clicked items by clicks and converted items by conversions, with product names', () => {
    const report = buildAnalyticsReport(answers(), range, lookup);
    expect(report.topClicked.map((row) => [row.objectID, row.count, row.rate])).toEqual([
      ['WJ01', 2, 0.4],
      ['GONE-1', 1, null],
      ['MJ01-Black', 1, null],
    ]);
    expect(report.topConverted).toEqual([
      {
        objectID: 'MJ01-Black',
        product: { name: 'MJ01 Trail Jacket', slug: 'mj01-trail-jacket', color: 'Black' },
        count: 2,
        rate: 1,
      },
    ]);
    expect(report.topClicked.find((row) => row.objectID === 'GONE-1')?.product).toBeNull();
    expect(report.topClicked.find((row) => row.objectID === 'WJ01')?.product).toMatchObject({
      color: null,
    });
  });

  it('keeps the searches as the API ranked them, with null rates when not tracked', () => {
    expect(buildAnalyticsReport(answers(), range, lookup).topSearches).toEqual([
      { query: 'veste', count: 6, hits: 11, clickThroughRate: 0.5, conversionRate: null },
      { query: 'zzz', count: 4, hits: 0, clickThroughRate: null, conversionRate: null },
    ]);
  });
});
