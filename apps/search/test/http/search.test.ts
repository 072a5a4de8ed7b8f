import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProducts, productSettings } from '../support/products.ts';
import { searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const products = makeProducts(40);
beforeAll(async () => {
  t = await startTestApp({ searchLog: { flushIntervalMS: 60_000, maxBuffered: 1_000_000 } });
  await t.request({ method: 'PUT', url: '/1/indexes/products/settings', payload: productSettings });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: products.map((body) => ({ action: 'addObject', body })) },
  });
});
afterAll(async () => t.close());

async function multi(requests: unknown[], extra: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/1/indexes/*/queries',
    payload: { requests, ...extra },
  });
}
async function one(params: Record<string, unknown>) {
  const response = await multi([{ indexName: 'products', ...params }]);
  return { status: response.statusCode, body: response.json() };
}

const brandCount = (brand: string) => products.filter((product) => product.brand === brand).length;

describe('multi-query', () => {
  it('reads v4 params strings and v5 flat parameters the same way', async () => {
    const v4 = await multi([
      {
        indexName: 'products',
        params:
          'query=&hitsPerPage=3&facets=%5B%22brand%22%5D&facetFilters=%5B%5B%22brand%3ALG%22%5D%5D',
      },
    ]);
    const v5 = await multi([
      {
        indexName: 'products',
        query: '',
        hitsPerPage: 3,
        facets: ['brand'],
        facetFilters: [['brand:LG']],
      },
    ]);
    const [fromV4] = v4.json().results;
    const [fromV5] = v5.json().results;
    expect(fromV4.nbHits).toBe(brandCount('LG'));
    expect(fromV4.hits).toEqual(fromV5.hits);
    expect(fromV4.facets).toEqual({ brand: { LG: brandCount('LG') } });
    expect(fromV4.hitsPerPage).toBe(3);
    expect(fromV4.nbPages).toBe(Math.ceil(brandCount('LG') / 3));
  });

  it('applies flat keys over the params string', async () => {
    const { body } = await one({ params: 'hitsPerPage=2&query=sony', hitsPerPage: 4 });
    expect(body.results[0]).toMatchObject({ hitsPerPage: 4, query: 'sony' });
  });

  it('answers facet entries with facet hits, in request order', async () => {
    const response = await multi([
      { indexName: 'products', query: '', hitsPerPage: 0, facets: 'brand' },
      { indexName: 'products', type: 'facet', facet: 'brand', facetQuery: 'so', maxFacetHits: 5 },
    ]);
    const [search, facet] = response.json().results;
    expect(search.hits).toEqual([]);
    expect(search.nbHits).toBe(products.length);
    expect(
      Object.values(search.facets.brand as Record<string, number>).reduce((a, b) => a + b),
    ).toBe(40);
    expect(facet).toMatchObject({
      facetHits: [{ value: 'Sony', highlighted: '<em>So</em>ny', count: brandCount('Sony') }],
      exhaustiveFacetsCount: true,
    });
  });

  it('stops after a query with enough hits under stopIfEnoughMatches', async () => {
    const response = await multi(
      [
        { indexName: 'products', query: 'sony', hitsPerPage: 2 },
        { indexName: 'products', query: 'lg', hitsPerPage: 2 },
      ],
      { strategy: 'stopIfEnoughMatches' },
    );
    const [first, second] = response.json().results;
    expect(first.nbHits).toBeGreaterThan(2);
    expect(second).toMatchObject({ hits: [], nbHits: 0 });
    const fromUrl = await t.request({
      method: 'POST',
      url: '/1/indexes/*/queries?strategy=stopIfEnoughMatches',
      payload: {
        requests: [
          { indexName: 'products', query: 'sony', hitsPerPage: 1 },
          { indexName: 'products' },
        ],
      },
    });
    expect(fromUrl.json().results[1].nbHits).toBe(0);
  });

  it('fails the call with 404 when any index is missing', async () => {
    const response = await multi([{ indexName: 'products' }, { indexName: 'missing' }]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Index does not exist', status: 404 });
  });

  it('rejects malformed bodies with 400', async () => {
    for (const payload of [
      {},
      { requests: 'x' },
      { requests: [1] },
      { requests: [{}] },
      { requests: [{ indexName: 'products', type: 'x' }] },
    ]) {
      const response = await t.request({ method: 'POST', url: '/1/indexes/*/queries', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('single-index search and facet-value search', () => {
  it('answers POST /1/indexes/{index}/query with params or flat JSON', async () => {
    const flat = await t.request({
      method: 'POST',
      url: '/1/indexes/products/query',
      payload: { query: 'sony', hitsPerPage: 1 },
    });
    const params = await t.request({
      method: 'POST',
      url: '/1/indexes/products/query',
      payload: { params: 'query=sony&hitsPerPage=1' },
    });
    expect(flat.json().hits).toEqual(params.json().hits);
    expect(flat.json()).toMatchObject({
      index: 'products',
      nbHits: brandCount('Sony'),
      hitsPerPage: 1,
    });
  });

  it('answers the legacy GET /1/indexes/{index}?query=… like a query', async () => {
    const posted = await t.request({
      method: 'POST',
      url: '/1/indexes/products/query',
      payload: { query: 'sony', hitsPerPage: 2, facets: ['brand'], filters: 'price > 100' },
    });
    const legacy = await t.request({
      method: 'GET',
      url: `/1/indexes/products?query=sony&hitsPerPage=2&facets=${encodeURIComponent('["brand"]')}&filters=${encodeURIComponent('price > 100')}`,
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().hits).toEqual(posted.json().hits);
    expect(legacy.json()).toMatchObject({
      index: 'products',
      query: 'sony',
      hitsPerPage: 2,
      nbHits: products.filter((product) => product.brand === 'Sony' && product.price > 100).length,
      facets: posted.json().facets,
    });
    // Credentials in the query string, and a v4-style params string.
    const viaQueryString = await t.request({
      method: 'GET',
      url: `/1/indexes/products?params=${encodeURIComponent('query=sony&hitsPerPage=1')}&x-algolia-application-id=vitrine&x-algolia-api-key=${searchKey}`,
      key: null,
    });
    expect(viaQueryString.json()).toMatchObject({ nbHits: brandCount('Sony'), hitsPerPage: 1 });
    expect(viaQueryString.json().params).not.toContain('x-algolia');
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/products?hitsPerPage=5000' })).json(),
    ).toMatchObject({ message: expect.stringContaining('hitsPerPage'), status: 400 });
    expect((await t.request({ method: 'GET', url: '/1/indexes/missing?query=a' })).json()).toEqual({
      message: 'Index does not exist',
      status: 404,
    });
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/products?query=a', key: null }))
        .statusCode,
    ).toBe(403);
  });

  it('searches facet values in context, with both body shapes', async () => {
    const spec = await t.request({
      method: 'POST',
      url: '/1/indexes/products/facets/brand/query',
      payload: {
        params: 'facetFilters=%5B%22color%3Ared%22%5D',
        facetQuery: 'so',
        maxFacetHits: 10,
      },
    });
    const flat = await t.request({
      method: 'POST',
      url: '/1/indexes/products/facets/brand/query',
      payload: { facetQuery: 'so', facetFilters: ['color:red'] },
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toEqual({ ...flat.json(), processingTimeMS: expect.any(Number) });
    const red = products.filter(
      (product) => product.color.includes('red') && product.brand === 'Sony',
    ).length;
    expect(red).toBeGreaterThan(0);
    expect(red).toBeLessThan(brandCount('Sony'));
    expect(spec.json().facetHits).toEqual([
      { value: 'Sony', highlighted: '<em>So</em>ny', count: red },
    ]);
  });

  it('refuses facet search on a facet that is not searchable()', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/1/indexes/products/facets/color/query',
      payload: { facetQuery: 'r' },
    });
    expect(response.json()).toEqual({
      message:
        'Cannot search in `color` attribute, you need to add `searchable(color)` to attributesForFaceting.',
      status: 400,
    });
  });
});

describe('parameters', () => {
  it('accepts lists as arrays, JSON strings, comma lists and single strings', async () => {
    for (const facets of [['brand', 'color'], '["brand","color"]', 'brand,color']) {
      const { body } = await one({ facets, hitsPerPage: 0 });
      expect(Object.keys(body.results[0].facets).sort()).toEqual(['brand', 'color']);
    }
    const { body } = await one({ facets: 'brand', hitsPerPage: 0 });
    expect(Object.keys(body.results[0].facets)).toEqual(['brand']);
  });

  it('accepts booleans as true, "true" and 1', async () => {
    for (const value of [true, 'true', 1, '1']) {
      const { body } = await one({ query: 'sony', getRankingInfo: value, hitsPerPage: 1 });
      expect(body.results[0].hits[0]._rankingInfo).toMatchObject({ nbTypos: 0, words: 1 });
    }
  });

  it('decorates hits with _highlightResult, _snippetResult and _rankingInfo', async () => {
    const { body } = await one({
      query: 'sony tel',
      hitsPerPage: 1,
      attributesToSnippet: ['name:2'],
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      getRankingInfo: true,
    });
    const [hit] = body.results[0].hits;
    expect(hit._highlightResult.name).toMatchObject({
      value: expect.stringContaining('__ais-highlight__Sony__/ais-highlight__'),
      matchLevel: 'full',
      matchedWords: ['sony', 'tel'],
    });
    expect(hit._snippetResult.name).toMatchObject({
      value: expect.any(String),
      matchLevel: 'full',
    });
    expect(hit._rankingInfo).toMatchObject({
      nbTypos: 0,
      words: 2,
      nbExactWords: expect.any(Number),
    });
  });

  it('adds a 32-hex queryID only with clickAnalytics', async () => {
    expect((await one({ query: 'sony', clickAnalytics: true })).body.results[0].queryID).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect((await one({ query: 'sony' })).body.results[0].queryID).toBeUndefined();
  });

  it('reports facets_stats for numeric facets and ignores unknown parameters', async () => {
    const { body } = await one({ facets: ['price'], hitsPerPage: 0, someFutureParameter: 42 });
    const prices = products.map((product) => product.price);
    expect(body.results[0].facets_stats.price).toMatchObject({
      min: Math.min(...prices),
      max: Math.max(...prices),
    });
  });

  it('keeps only responseFields (and the fields that cannot be dropped)', async () => {
    const { body } = await one({ query: 'sony', responseFields: ['nbHits'] });
    expect(body.results[0]).toEqual({ nbHits: brandCount('Sony') });
  });

  it('takes responseFields from the index settings unless the query sets it', async () => {
    const put = await t.request({
      method: 'PUT',
      url: '/1/indexes/products/settings',
      payload: { responseFields: ['nbHits', 'page'] },
    });
    try {
      expect(put.statusCode).toBe(200);
      expect((await one({ query: 'sony' })).body.results[0]).toEqual({
        nbHits: brandCount('Sony'),
        page: 0,
      });
      const { body } = await one({ query: 'sony', responseFields: ['*'] });
      expect(body.results[0].hits.length).toBeGreaterThan(0);
    } finally {
      await t.request({
        method: 'PUT',
        url: '/1/indexes/products/settings',
        payload: { responseFields: null },
      });
    }
  });

  it('pages with offset and length', async () => {
    const { body } = await one({ offset: 3, length: 2 });
    expect(body.results[0]).toMatchObject({ offset: 3, length: 2 });
    expect(body.results[0].hits).toHaveLength(2);
  });
});

describe('limits', () => {
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    [
      'a query over 512 bytes',
      { query: 'é'.repeat(257) },
      'Invalid value for "query" parameter, expected string shorter than 512 bytes',
    ],
    [
      'hitsPerPage over 1000',
      { hitsPerPage: 1001 },
      'hitsPerPage must be an integer between 0 and 1000',
    ],
    ['a negative page', { page: -1 }, /^page must be/],
    [
      'length over 1000',
      { length: 1001, offset: 0 },
      'length must be an integer between 0 and 1000',
    ],
    ['distinct over 4', { distinct: 5 }, /^distinct/],
    [
      'maxFacetHits over 100',
      { maxFacetHits: 101 },
      'maxFacetHits must be an integer between 1 and 100',
    ],
    [
      'more than 10 ruleContexts',
      { ruleContexts: Array.from({ length: 11 }, (_, i) => `c${i}`) },
      /^ruleContexts/,
    ],
    ['geo parameters', { aroundLatLng: '48.8,2.3' }, /^aroundLatLng is not supported/],
    ['insideBoundingBox', { insideBoundingBox: [[1, 2, 3, 4]] }, /^insideBoundingBox/],
    ['a filter syntax error', { filters: 'brand:LG AND (' }, /^filters/],
    [
      'more than 1000 filters',
      { facetFilters: Array.from({ length: 1001 }, (_, i) => `brand:b${i}`) },
      /1000|1,000/,
    ],
    ['a wrongly typed boolean', { getRankingInfo: 'maybe' }, 'getRankingInfo must be a boolean'],
  ];
  it.each(cases)('answers 400 naming the parameter for %s', async (_label, params, message) => {
    const { status, body } = await one(params);
    expect(status).toBe(400);
    expect(body.status).toBe(400);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  });

  it('clamps maxValuesPerFacet to 1000 instead of refusing it', async () => {
    expect((await one({ maxValuesPerFacet: 5000, facets: ['brand'] })).status).toBe(200);
  });

  it('answers a page past paginationLimitedTo with no hits and a message', async () => {
    await t.request({
      method: 'PUT',
      url: '/1/indexes/limited/settings',
      payload: { paginationLimitedTo: 10 },
    });
    await t.request({
      method: 'POST',
      url: '/1/indexes/limited/batch',
      payload: { requests: products.map((body) => ({ action: 'addObject', body })) },
    });
    const response = await multi([{ indexName: 'limited', page: 5, hitsPerPage: 5 }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({
      hits: [],
      nbHits: 40,
      nbPages: 2,
      message: expect.any(String),
    });
  });

  it('skips queries once the time budget is spent and flags them non-exhaustive', async () => {
    const slow = await startTestApp({ store: t.store, limits: { searchTimeBudgetMS: -1 } });
    const response = await slow.request({
      method: 'POST',
      url: '/1/indexes/*/queries',
      payload: { requests: [{ indexName: 'products', query: 'sony' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({
      hits: [],
      exhaustiveNbHits: false,
      message: expect.any(String),
    });
    await slow.app.close();
  });
});

describe('the search log', () => {
  it('records searches with analytics on, and none of the analytics:false sub-queries', async () => {
    await t.app.vitrine.searchLog.flush();
    await multi([
      {
        indexName: 'products',
        query: 'logged',
        clickAnalytics: true,
        userToken: 'anon-7',
        facetFilters: [['brand:LG']],
      },
      { indexName: 'products', query: 'not logged', analytics: false, hitsPerPage: 0 },
      { indexName: 'products', params: 'query=also%20not&analytics=false' },
    ]);
    await t.app.vitrine.searchLog.flush();
    const [entry, previous] = await t.store.readSearchLog(2);
    expect(entry).toMatchObject({
      indexName: 'products',
      query: 'logged',
      filters: 'brand:LG',
      hitCount: 0,
      userToken: 'anon-7',
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(previous?.query).not.toMatch(/not/);
  });
});
