import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.ts';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const records = [
  {
    objectID: 'tv-1',
    name: 'LG OLED tv',
    brand: 'LG',
    category: 'TV',
    popularity: 90,
    inStock: true,
  },
  {
    objectID: 'tv-2',
    name: 'Sony tv',
    brand: 'Sony',
    category: 'TV',
    popularity: 80,
    inStock: false,
  },
  {
    objectID: 'tv-3',
    name: 'Samsung tv',
    brand: 'Samsung',
    category: 'TV',
    popularity: 70,
    inStock: true,
  },
  {
    objectID: 'sb-1',
    name: 'LG soundbar',
    brand: 'LG',
    category: 'Audio',
    popularity: 60,
    inStock: true,
  },
  {
    objectID: 'sb-2',
    name: 'Sony soundbar',
    brand: 'Sony',
    category: 'Audio',
    popularity: 50,
    inStock: true,
  },
  {
    objectID: 'hd-1',
    name: 'HDMI cable',
    brand: 'Acme',
    category: 'Cables',
    popularity: 40,
    inStock: true,
  },
  {
    objectID: 'wm-1',
    name: 'Wall mount',
    brand: 'Acme',
    category: 'Mounts',
    popularity: 30,
    inStock: true,
  },
];

/** A fresh index per test: the models keep the events of earlier tests, on their own index names. */
let indexName = '';
let counter = 0;
beforeEach(async () => {
  counter += 1;
  indexName = `reco_${counter}`;
  await t.request({
    method: 'PUT',
    url: `/1/indexes/${indexName}/settings`,
    payload: {
      searchableAttributes: ['name'],
      attributesForFaceting: ['brand', 'category', 'filterOnly(inStock)'],
      customRanking: ['desc(popularity)'],
    },
  });
  await t.request({
    method: 'POST',
    url: `/1/indexes/${indexName}/batch`,
    payload: { requests: records.map((body) => ({ action: 'addObject', body })) },
  });
});

const recommend = async (requests: Record<string, unknown>[], key?: string) =>
  t.request({
    method: 'POST',
    url: '/1/indexes/*/recommendations',
    payload: { requests: requests.map((request) => ({ indexName, threshold: 0, ...request })) },
    ...(key === undefined ? {} : { key }),
  });

interface Result {
  hits: ({ objectID: string; _score: number } & Record<string, unknown>)[];
  nbHits: number;
}
const results = async (requests: Record<string, unknown>[]) => {
  const response = await recommend(requests);
  expect(response.statusCode).toBe(200);
  return response.json<{ results: Result[] }>().results;
};
const ids = (result: Result | undefined) => result?.hits.map((hit) => hit.objectID);

async function purchases(baskets: readonly (readonly string[])[]): Promise<void> {
  const events = baskets.map((objectIDs, position) => ({
    eventType: 'conversion',
    eventSubtype: 'purchase',
    eventName: 'Order placed',
    index: indexName,
    userToken: `buyer-${position}`,
    objectIDs,
  }));
  const response = await t.request({ method: 'POST', url: '/1/events', payload: { events } });
  expect(response.statusCode).toBe(200);
}

describe('POST /1/indexes/*/recommendations', () => {
  it('answers trending-items by popularity when there are no events, with the result metadata', async () => {
    const [result] = await results([{ model: 'trending-items', maxRecommendations: 3 }]);
    expect(ids(result)).toEqual(['tv-1', 'tv-2', 'tv-3']);
    expect(result).toMatchObject({ nbHits: 3, page: 0, nbPages: 1, hitsPerPage: 3 });
    expect(result?.hits[0]?._score).toBe(100);
    expect(result?.hits[0]).toMatchObject({ name: 'LG OLED tv', brand: 'LG' });
    expect(result?.hits[0]).not.toHaveProperty('score');
  });

  it('learns bought-together from purchase events posted to /1/events', async () => {
    const before = await results([{ model: 'bought-together', objectID: 'tv-1' }]);
    expect(ids(before[0])).toEqual([]);
    await purchases([
      ...Array.from({ length: 20 }, () => ['tv-1', 'wm-1']),
      ...Array.from({ length: 20 }, () => ['sb-2']),
      ...Array.from({ length: 20 }, () => ['hd-1']),
    ]);
    const [after] = await results([{ model: 'bought-together', objectID: 'tv-1' }]);
    expect(ids(after)).toEqual(['wm-1']);
    expect(after?.hits[0]?._score).toBeGreaterThan(0);
  });

  it('respects threshold and maxRecommendations, and never returns the source', async () => {
    const [all, capped, strict] = await results([
      { model: 'trending-items' },
      { model: 'trending-items', maxRecommendations: 2 },
      { model: 'trending-items', threshold: 70 },
    ]);
    expect(ids(all)).toHaveLength(7);
    expect(ids(capped)).toEqual(['tv-1', 'tv-2']);
    expect(strict?.hits.every((hit) => hit._score >= 70)).toBe(true);
    expect(ids(strict)).toEqual(['tv-1', 'tv-2', 'tv-3']);
    const [related] = await results([{ model: 'related-products', objectID: 'tv-1' }]);
    expect(ids(related)).not.toContain('tv-1');
  });

  it('applies queryParameters through the engine and keeps the model order', async () => {
    const [result] = await results([
      {
        model: 'trending-items',
        maxRecommendations: 3,
        queryParameters: {
          filters: 'inStock:true',
          attributesToRetrieve: ['name'],
          attributesToHighlight: ['name'],
          query: 'tv',
          highlightPreTag: '<b>',
          highlightPostTag: '</b>',
        },
      },
    ]);
    expect(ids(result)).toEqual(['tv-1', 'tv-3']);
    expect(result?.hits[0]).toMatchObject({
      objectID: 'tv-1',
      name: 'LG OLED tv',
      _highlightResult: { name: { value: 'LG OLED <b>tv</b>' } },
    });
    expect(result?.hits[0]).not.toHaveProperty('brand');
  });
});

describe('POST /1/indexes/*/recommendations: fallback, facets, replay', () => {
  it('tops a short list up with a search using fallbackParameters', async () => {
    const [result] = await results([
      {
        model: 'bought-together',
        objectID: 'sb-1',
        maxRecommendations: 3,
        fallbackParameters: { facetFilters: ['category:TV'] },
      },
    ]);
    expect(ids(result)).toEqual(['tv-1', 'tv-2', 'tv-3']);
    expect(result?.hits.map((hit) => hit._score)).toEqual([0, 0, 0]);
    const [withoutSource] = await results([
      {
        model: 'bought-together',
        objectID: 'tv-1',
        maxRecommendations: 5,
        fallbackParameters: { facetFilters: ['category:TV'] },
      },
    ]);
    expect(ids(withoutSource)).toEqual(['tv-2', 'tv-3']);
  });

  it('answers trending-facets as facet hits and ignores unknown keys', async () => {
    const [result] = await results([
      {
        model: 'trending-facets',
        facetName: 'brand',
        maxRecommendations: 2,
        fallbackParameters: { hitsPerPage: 3 },
        somethingNew: true,
      },
    ]);
    expect(result?.hits).toEqual([
      { facetName: 'brand', facetValue: 'LG', _score: 100 },
      { facetName: 'brand', facetValue: expect.any(String), _score: expect.any(Number) },
    ]);
  });

  it('replays the stored events when the app restarts on the same store', async () => {
    await purchases([
      ...Array.from({ length: 20 }, () => ['sb-1', 'hd-1']),
      ...Array.from({ length: 20 }, () => ['wm-1']),
    ]);
    const request = { model: 'bought-together', objectID: 'sb-1' };
    expect(ids((await results([request]))[0])).toEqual(['hd-1']);
    const restarted = await buildApp({ store: t.store, keys: { appId, adminKey, searchKey } });
    try {
      await restarted.vitrine.ready;
      const response = await restarted.inject({
        method: 'POST',
        url: '/1/indexes/*/recommendations',
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
        payload: {
          requests: [{ indexName, threshold: 0, ...request }],
        },
      });
      expect(ids(response.json<{ results: Result[] }>().results[0])).toEqual(['hd-1']);
    } finally {
      await restarted.close();
    }
  });
});

describe('POST /1/indexes/*/recommendations: catalogue and errors', () => {
  it('sees records written after the models were built', async () => {
    await results([{ model: 'trending-items' }]);
    await t.request({
      method: 'POST',
      url: `/1/indexes/${indexName}/batch`,
      payload: {
        requests: [
          { action: 'addObject', body: { objectID: 'new-1', name: 'New tv', popularity: 1000 } },
        ],
      },
    });
    const [result] = await results([{ model: 'trending-items', maxRecommendations: 1 }]);
    expect(ids(result)).toEqual(['new-1']);
  });

  it('rejects invalid requests with 400, unknown indices with 404, and needs the search ACL', async () => {
    const invalid = await recommend([{ model: 'nope' }]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^requests\[0\]\.model must be one of/);
    const threshold = await recommend([{ model: 'trending-items', threshold: 101 }]);
    expect(threshold.json()).toEqual({
      status: 400,
      message: 'requests[0].threshold must be a number between 0 and 100',
    });
    expect(
      (await recommend([{ model: 'trending-items', maxRecommendations: 31 }])).statusCode,
    ).toBe(400);
    const missing = await t.request({
      method: 'POST',
      url: '/1/indexes/*/recommendations',
      payload: { requests: [{ indexName: 'nope', model: 'trending-items', threshold: 0 }] },
    });
    expect(missing.statusCode).toBe(404);
    expect((await recommend([{ model: 'trending-items' }], searchKey)).statusCode).toBe(200);
    expect((await recommend([{ model: 'trending-items' }], 'wrong')).statusCode).toBe(403);
  });
});
