import { gunzipSync, inflateSync } from 'node:zlib';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../support/products.ts';
import { adminKey, appId, startTestApp, type TestApp } from '../support/test-app.ts';

// The search cache (search/search-cache.ts) must be invisible to clients: the same answers as running the
// search, fresh after every write, per key, and every search still in the search log.

let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  t = await startTestApp({
    clock: () => now,
    searchLog: { flushIntervalMS: 60_000, maxBuffered: 1_000_000 },
  });
});
beforeEach(async () => {
  await t.reset();
  await t.request({ method: 'PUT', url: '/1/indexes/products/settings', payload: productSettings });
  await write('/1/indexes/products/batch', {
    requests: makeProducts(30).map((body) => ({ action: 'addObject', body })),
  });
});
afterAll(async () => t.close());

async function write(url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') {
  const response = await t.request({ method, url, payload: payload as Record<string, unknown> });
  expect(response.statusCode).toBeLessThan(300);
  return response.json();
}

async function search(requests: Record<string, unknown>[], key?: string) {
  const response = await t.request({
    method: 'POST',
    url: '/1/indexes/*/queries',
    payload: { requests },
    ...(key === undefined ? {} : { key }),
  });
  expect(response.statusCode).toBe(200);
  return response.json().results as Record<string, unknown>[];
}

const withoutTimes = (result: Record<string, unknown> | undefined) => {
  const { processingTimeMS, serverTimeMS, queryID, ...rest } = result ?? {};
  return rest;
};
const hitIds = (result: Record<string, unknown> | undefined) =>
  ((result?.['hits'] ?? []) as { objectID: string }[]).map((hit) => hit.objectID);
const cacheStats = () => t.app.vitrine.searchCache.stats;

const page = [
  { indexName: 'products', query: 'jacket', facets: ['brand', 'color'], hitsPerPage: 5 },
  { indexName: 'products', query: 'jacket', facets: ['brand'], hitsPerPage: 0 },
];

describe('the search cache', () => {
  it('answers a repeated call from the cache with the same results and this call’s own times', async () => {
    const first = await search(page);
    const before = cacheStats();
    const second = await search(page);
    expect(cacheStats().hits).toBe(before.hits + 2);
    expect(second.map(withoutTimes)).toEqual(first.map(withoutTimes));
    expect(second[0]).toHaveProperty('processingTimeMS');
    expect(second[0]).toHaveProperty('serverTimeMS');
  });

  it('sends the same answer compressed, run or from the cache, and plain to a client without gzip', async () => {
    const send = (encoding: string | undefined) =>
      t.request({
        method: 'POST',
        url: '/1/indexes/*/queries',
        payload: { requests: page },
        ...(encoding === undefined ? {} : { headers: { 'accept-encoding': encoding } }),
      });
    const ran = await send('gzip, deflate, br');
    const cached = await send('gzip');
    expect(cacheStats().hits).toBeGreaterThanOrEqual(2);
    for (const response of [ran, cached]) {
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
    }
    const results = (body: Buffer | string) =>
      (JSON.parse(body.toString()) as { results: Record<string, unknown>[] }).results;
    const expected = results(gunzipSync(ran.rawPayload)).map(withoutTimes);
    expect(expected[0]?.['nbHits']).toBeGreaterThan(0);
    expect(results(gunzipSync(cached.rawPayload)).map(withoutTimes)).toEqual(expected);
    const plain = await send(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(results(plain.body).map(withoutTimes)).toEqual(expected);
    const deflated = await send('deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(results(inflateSync(deflated.rawPayload)).map(withoutTimes)).toEqual(expected);
    const refused = await send('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(results(refused.body).map(withoutTimes)).toEqual(expected);
    const anything = await send('*');
    expect(results(gunzipSync(anything.rawPayload)).map(withoutTimes)).toEqual(expected);
  });

  it('gives every repeated clickAnalytics search its own queryID, and logs every search', async () => {
    await t.app.vitrine.searchLog.flush();
    const request = [
      { indexName: 'products', query: 'shoe', clickAnalytics: true, userToken: 'u-1' },
    ];
    const [first] = await search(request);
    const [second] = await search(request);
    expect(second?.['queryID']).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.['queryID']).not.toBe(first?.['queryID']);
    await t.app.vitrine.searchLog.flush();
    const [latest, earlier] = await t.store.readSearchLog(2);
    expect(latest).toMatchObject({ query: 'shoe', userToken: 'u-1', queryID: second?.['queryID'] });
    expect(earlier).toMatchObject({ query: 'shoe', userToken: 'u-1', queryID: first?.['queryID'] });
    expect(latest?.hitCount).toBe(first?.['nbHits']);
  });

  it('never answers from before a write: records, partial updates, deletes and settings', async () => {
    const request = [{ indexName: 'products', query: 'parka', facets: ['brand'] }];
    expect((await search(request))[0]?.['nbHits']).toBe(0);
    await write('/1/indexes/products/batch', {
      requests: [
        { action: 'addObject', body: { objectID: 'p1', name: 'Storm parka', brand: 'Acme' } },
      ],
    });
    const [added] = await search(request);
    expect(hitIds(added)).toEqual(['p1']);
    await write('/1/indexes/products/batch', {
      requests: [{ action: 'partialUpdateObject', body: { objectID: 'p1', brand: 'Sony' } }],
    });
    expect((await search(request))[0]?.['facets']).toEqual({ brand: { Sony: 1 } });
    await write('/1/indexes/products/settings', { searchableAttributes: ['brand'] }, 'PUT');
    expect((await search(request))[0]?.['nbHits']).toBe(0);
    await write('/1/indexes/products/settings', productSettings, 'PUT');
    expect((await search(request))[0]?.['nbHits']).toBe(1);
    await write('/1/indexes/products/batch', {
      requests: [{ action: 'deleteObject', body: { objectID: 'p1' } }],
    });
    expect((await search(request))[0]?.['nbHits']).toBe(0);
  });

  it('does not share answers between keys with different restrictions', async () => {
    const client = algoliasearch(appId, adminKey);
    const request = [{ indexName: 'products', query: '', hitsPerPage: 30 }];
    const open = await search(request);
    const { key } = await write('/1/keys', {
      acl: ['search'],
      queryParameters: 'filters=brand%3ALG',
    });
    const secured = client.generateSecuredApiKey({
      parentApiKey: key,
      restrictions: { filters: 'color:red' },
    });
    const [restricted] = await search(request, key);
    const [securedResult] = await search(request, secured);
    const lg = makeProducts(30).filter((product) => product.brand === 'LG');
    expect(open[0]?.['nbHits']).toBe(30);
    expect(restricted?.['nbHits']).toBe(lg.length);
    expect(securedResult?.['nbHits']).toBe(lg.filter((p) => p.color.includes('red')).length);
    // And again, now that all three are cached.
    expect((await search(request))[0]?.['nbHits']).toBe(30);
    expect((await search(request, key))[0]?.['nbHits']).toBe(lg.length);
  });

  it('follows the clock for indices with rules limited in time', async () => {
    const from = Math.floor(now.getTime() / 1000);
    await write(
      '/1/indexes/products/rules/summer',
      {
        objectID: 'summer',
        conditions: [{ pattern: 'jacket', anchoring: 'contains' }],
        consequence: { userData: { banner: 'summer' } },
        validity: [{ from, until: from + 60 }],
      },
      'PUT',
    );
    const request = [{ indexName: 'products', query: 'jacket' }];
    expect((await search(request))[0]?.['userData']).toEqual([{ banner: 'summer' }]);
    expect((await search(request))[0]?.['userData']).toEqual([{ banner: 'summer' }]);
    now = new Date(now.getTime() + 120_000);
    expect((await search(request))[0]?.['userData']).toBeUndefined();
  });

  it('is off with a capacity of 0', async () => {
    const off = await startTestApp({ limits: { searchCacheEntries: 0 } });
    try {
      await off.request({ method: 'PUT', url: '/1/indexes/p/settings', payload: {} });
      for (let round = 0; round < 2; round += 1)
        await off.request({
          method: 'POST',
          url: '/1/indexes/*/queries',
          payload: { requests: [{ indexName: 'p', query: '' }] },
        });
      expect(off.app.vitrine.searchCache.stats).toEqual({ entries: 0, hits: 0, misses: 0 });
    } finally {
      await off.close();
    }
  });
});
