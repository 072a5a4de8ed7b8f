import type { AnalyticsReport, ItemRow } from '../../lib/admin/analytics-report.ts';
import { type DateRange, daysBetween } from '../../lib/admin/date-range.ts';
import { type AnalyticsAnswers, type TopHitsAnswer, tableRows } from './analytics-api.ts';

/** The catalogue's product behind a search record's objectID (`MH01-Black` → Chaz Kangeroo Hoodie, Black). */
export type ProductLookup = (objectID: string) => ItemRow['product'];

/**
 * Turns the Analytics API's answers into the page's report: every day of the period (zero when absent),
 * top clicked items (by clicks) and top converted items (by conversions, which the
 * API does not sort by), with product names from the storefront's catalogue.
 */
export function buildAnalyticsReport(
  answers: AnalyticsAnswers,
  range: DateRange,
  lookup: ProductLookup,
): AnalyticsReport {
  const searches = answers.searchesCount.count;
  // Days may come as `2026-11-21` or as a timestamp at midnight UTC.
  const perDay = new Map(
    answers.searchesCount.dates.map(({ date, count }) => [date.slice(0, 10), count]),
  );
  return {
    range,
    totals: {
      searches,
      clickThroughRate: answers.clickThroughRate.rate,
      averageClickPosition: answers.averageClickPosition.average,
      conversionRate: answers.conversionRate.rate,
      noResultRate: answers.noResultRate.rate,
    },
    searchesPerDay: daysBetween(range.from, range.to).map((date) => ({
      date,
      count: perDay.get(date) ?? 0,
    })),
    topSearches: answers.topSearches.searches.slice(0, tableRows).map((row) => ({
      query: row.search,
      count: row.count,
      hits: row.nbHits,
      clickThroughRate: row.clickThroughRate ?? null,
      conversionRate: row.conversionRate ?? null,
    })),
    noResultSearches: answers.noResults.searches
      .slice(0, tableRows)
      .map((row) => ({ query: row.search, count: row.count })),
    topClicked: topItems(answers.topHits, 'clickCount', 'clickThroughRate', lookup),
    topConverted: topItems(answers.topHits, 'conversionCount', 'conversionRate', lookup),
    filters: answers.filters.attributes.slice(0, tableRows),
  };
}

function topItems(
  answer: TopHitsAnswer,
  countField: 'clickCount' | 'conversionCount',
  rateField: 'clickThroughRate' | 'conversionRate',
  lookup: ProductLookup,
): ItemRow[] {
  return answer.hits
    .map((hit) => ({ hit, count: hit[countField] ?? 0 }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count || a.hit.hit.localeCompare(b.hit.hit))
    .slice(0, tableRows)
    .map(({ hit, count }) => ({
      objectID: hit.hit,
      product: lookup(hit.hit),
      count,
      rate: hit[rateField] ?? null,
    }));
}
