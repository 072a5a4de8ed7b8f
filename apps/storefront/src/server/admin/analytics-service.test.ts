import { productsIndex, toSearchRecords } from '@vitrine/catalogue';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { startSearchService } from '../../../test/support/search-service.ts';
import { utcDay } from '../../lib/admin/date-range.ts';
import { loadAnalyticsReport } from './load-analytics-report.ts';

/**
 * The analytics page's reading of the real search service (apps/search): its `/2/*` routes must answer
 * what `fetchAnalytics` validates, and a search followed by a click must show in the report.
 */
const service = await startSearchService();
afterAll(() => service.close());

const products = [makeProduct('MJ01'), makeProduct('WJ01', { name: 'Wind Breaker' })];
const headers = {
  'x-algolia-application-id': 'vitrine',
  'x-algolia-api-key': service.adminKey,
  'content-type': 'application/json',
};

async function call(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers,
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: HTTP ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function indexCatalogue(): Promise<void> {
  const requests = products
    .flatMap(toSearchRecords)
    .map((body) => ({ action: 'updateObject', body }));
  const { taskID } = await call('POST', `/1/indexes/${productsIndex}/batch`, { requests });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const task = await fetch(`${service.url}/1/indexes/${productsIndex}/task/${taskID}`, {
      headers,
    });
    if (((await task.json()) as { status?: string }).status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the records were not published');
}

async function search(query: string): Promise<{ queryID: string; objectID: string }> {
  const { results } = (await call('POST', '/1/indexes/*/queries', {
    // Tagged as the shop's search pages tag theirs: the report counts the shoppers' searches (`lang:en OR lang:fr`).
    requests: [
      {
        indexName: productsIndex,
        query,
        clickAnalytics: true,
        userToken: 'shopper-1',
        analyticsTags: ['lang:en'],
      },
    ],
  })) as { results: { queryID: string; hits: { objectID: string }[] }[] };
  const [result] = results;
  return { queryID: result?.queryID ?? '', objectID: result?.hits[0]?.objectID ?? '' };
}

describe('the analytics report from the search service', () => {
  it('shows searches grouped by query, searches without results and the clicked item', async () => {
    await indexCatalogue();
    await search('jacket');
    const clicked = await search('Jacket');
    await search('licorne');
    await call('POST', '/1/events', {
      events: [
        {
          eventType: 'click',
          eventName: 'Product Clicked',
          index: productsIndex,
          userToken: 'shopper-1',
          queryID: clicked.queryID,
          objectIDs: [clicked.objectID],
          positions: [1],
        },
      ],
    });
    const today = utcDay(Date.now());
    // The page reads by id the products it names (the clicked one), never the whole catalogue.
    const asked: string[] = [];
    const report = await loadAnalyticsReport({
      access: { url: service.url, appId: 'vitrine', apiKey: service.adminKey },
      index: productsIndex,
      range: { from: today, to: today, preset: null },
      loadProducts: async (ids) => {
        asked.push(...ids);
        return products.filter((product) => ids.includes(product.id));
      },
    });
    expect(report.totals.searches).toBe(3);
    expect(report.searchesPerDay).toEqual([{ date: today, count: 3 }]);
    expect(report.topSearches[0]).toMatchObject({ query: 'jacket', count: 2 });
    expect(report.noResultSearches).toEqual([{ query: 'licorne', count: 1 }]);
    expect(report.totals.clickThroughRate).toBeCloseTo(1 / 3);
    expect(report.totals.averageClickPosition).toBe(1);
    expect(report.totals.conversionRate).toBe(0);
    expect(report.topClicked).toEqual([
      {
        objectID: clicked.objectID,
        product: expect.objectContaining({ color: 'Black' }),
        count: 1,
        rate: expect.any(Number),
      },
    ]);
    expect(report.topConverted).toEqual([]);
    const clickedProduct = products.find((product) => clicked.objectID.startsWith(product.id));
    expect(asked).toContain(clickedProduct?.id);
    expect(products.filter((product) => asked.includes(product.id))).toHaveLength(1);
  });
});
