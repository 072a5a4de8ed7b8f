import { rmSync } from 'node:fs';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseTargets } from '../../../../packages/database/src/testing/test-databases.ts';
import type {} from '../../../../packages/database/src/testing/vitest-global-setup.ts';
import { openSearchStore } from '../../src/store/open-search-store.ts';
import { freshDataDir } from '../support/fresh-store.ts';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The Analytics API over real searches and real Insights events, on both store engines. Searches are made on four
 * days (one of them without any) plus one older day, then clicks and conversions are sent for their queryIDs; every
 * figure below is worked out by hand from that story.
 */
const targets = (await testDatabaseTargets(inject('postgresUrl'), 'search_analytics')).map(
  async (target) =>
    target.engine === 'pglite' ? { ...target, dataDir: await freshDataDir() } : target,
);

const products = [
  { objectID: 'shoe-red', name: 'Red shoe', brand: 'Acme', price: 30 },
  { objectID: 'shoe-blue', name: 'Blue shoe', brand: 'Acme', price: 50 },
  { objectID: 'jacket', name: 'Rain jacket', brand: 'Zed', price: 80 },
];

describe.each(await Promise.all(targets))('the Analytics API on $engine', (target) => {
  let t: TestApp;
  let now = new Date('2026-02-20T08:00:00.000Z');
  const queryIDs: Record<string, string> = {};

  /** Searches `products` at `at` and keeps the queryID under `name` when there is one. */
  async function search(name: string, at: string, params: Record<string, unknown>) {
    now = new Date(at);
    const response = await t.request({
      method: 'POST',
      url: '/1/indexes/*/queries',
      payload: { requests: [{ indexName: 'products', hitsPerPage: 20, ...params }] },
    });
    expect(response.statusCode).toBe(200);
    const [result] = response.json<{ results: { queryID?: string }[] }>().results;
    if (result?.queryID) queryIDs[name] = result.queryID;
  }

  async function sendEvents(events: Record<string, unknown>[]) {
    const response = await t.request({
      method: 'POST',
      url: '/1/events',
      key: searchKey,
      payload: {
        events: events.map((event) => ({ index: 'products', userToken: 'u1', ...event })),
      },
    });
    expect(response.statusCode).toBe(200);
  }

  async function get(path: string, key?: string) {
    const response = await t.request({ method: 'GET', url: path, ...(key ? { key } : {}) });
    return { status: response.statusCode, body: response.json() };
  }

  const range = 'index=products&startDate=2026-03-01&endDate=2026-03-04';

  beforeAll(async () => {
    const store = await openSearchStore(target);
    t = await startTestApp({ store, clock: () => now });
    await t.request({
      method: 'PUT',
      url: '/1/indexes/products/settings',
      payload: {
        searchableAttributes: ['name'],
        attributesForFaceting: ['brand', 'price'],
        customRanking: ['asc(price)'],
      },
    });
    await t.request({
      method: 'POST',
      url: '/1/indexes/products/batch',
      payload: { requests: products.map((body) => ({ action: 'addObject', body })) },
    });
    const tracked = { clickAnalytics: true };
    // An older day, outside the analysed range, clicked that day (Insights takes events of the last 4 days only).
    await search('old', '2026-02-20T08:00:00.000Z', { ...tracked, query: 'shoe' });
    now = new Date('2026-02-20T08:10:00.000Z');
    await sendEvents([
      {
        eventType: 'click',
        eventName: 'Hit Clicked',
        queryID: queryIDs['old'],
        objectIDs: ['shoe-red'],
        positions: [5],
        timestamp: Date.parse('2026-02-20T08:05:00.000Z'),
      },
    ]);
    // 2026-03-01: four searches, three tracked.
    await search('s1', '2026-03-01T10:00:00.000Z', { ...tracked, query: 'Shoe', userToken: 'u1' });
    await search('s2', '2026-03-01T10:05:00.000Z', {
      ...tracked,
      query: '  shoe ',
      userToken: 'u2',
      filters: 'brand:Acme',
    });
    await search('s3', '2026-03-01T11:00:00.000Z', { query: 'jacket', userToken: 'u1' });
    await search('s4', '2026-03-01T12:00:00.000Z', {
      ...tracked,
      query: 'sofa',
      facetFilters: [['brand:Acme']],
    });
    // 2026-03-02: three searches, two tracked.
    await search('s5', '2026-03-02T09:00:00.000Z', {
      ...tracked,
      query: 'shoe',
      userToken: 'u3',
      numericFilters: ['price<60'],
    });
    await search('s6', '2026-03-02T09:30:00.000Z', { query: 'sofa' });
    await search('s7', '2026-03-02T10:00:00.000Z', {
      ...tracked,
      query: 'jacket',
      facetFilters: [['brand:Zed']],
    });
    // Not logged: analytics off.
    await search('quiet', '2026-03-02T11:00:00.000Z', { query: 'shoe', analytics: false });
    // 2026-03-03: nothing. 2026-03-04: one tracked search, never clicked.
    await search('s8', '2026-03-04T08:00:00.000Z', { ...tracked, query: 'shoe' });

    now = new Date('2026-03-04T12:00:00.000Z');
    const timestamp = now.getTime() - 60_000;
    await sendEvents([
      {
        eventType: 'click',
        eventName: 'Hit Clicked',
        queryID: queryIDs['s1'],
        objectIDs: ['shoe-blue'],
        positions: [2],
        timestamp,
      },
      {
        eventType: 'click',
        eventName: 'Hit Clicked',
        queryID: queryIDs['s1'],
        objectIDs: ['shoe-red'],
        positions: [1],
        timestamp,
      },
      {
        eventType: 'conversion',
        eventName: 'Purchased',
        eventSubtype: 'purchase',
        queryID: queryIDs['s1'],
        objectIDs: ['shoe-blue'],
        objectData: [{ price: 50, quantity: 1 }],
        value: 50,
        currency: 'EUR',
        timestamp,
      },
      {
        eventType: 'click',
        eventName: 'Hit Clicked',
        queryID: queryIDs['s2'],
        objectIDs: ['shoe-red'],
        positions: [1],
        timestamp,
      },
      {
        eventType: 'conversion',
        eventName: 'Added to cart',
        eventSubtype: 'addToCart',
        queryID: queryIDs['s2'],
        objectIDs: ['shoe-red'],
        timestamp,
      },
      {
        eventType: 'click',
        eventName: 'Hit Clicked',
        queryID: queryIDs['s7'],
        objectIDs: ['jacket'],
        positions: [1],
        timestamp,
      },
      // A view and a click without queryID are not search outcomes.
      {
        eventType: 'view',
        eventName: 'Hit Viewed',
        queryID: queryIDs['s5'],
        objectIDs: ['shoe-red'],
        timestamp,
      },
      { eventType: 'click', eventName: 'Product Clicked', objectIDs: ['jacket'], timestamp },
      // A purchase naming its search per object (objectData[i].queryID), not at the top level.
      {
        eventType: 'conversion',
        eventName: 'Purchased',
        eventSubtype: 'purchase',
        objectIDs: ['jacket'],
        objectData: [{ queryID: queryIDs['s7'], price: 80, quantity: 1 }],
        timestamp,
      },
    ]);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(target.dataDir, { recursive: true, force: true });
  });

  it('counts searches per day, zero days included, within the range', async () => {
    expect(await get(`/2/searches/count?${range}`)).toEqual({
      status: 200,
      body: {
        count: 8,
        dates: [
          { date: '2026-03-01', count: 4 },
          { date: '2026-03-02', count: 3 },
          { date: '2026-03-03', count: 0 },
          { date: '2026-03-04', count: 1 },
        ],
      },
    });
  });

  it('defaults to the last eight days including today, leaving older searches out', async () => {
    const { body } = await get('/2/searches/count?index=products');
    expect(body.count).toBe(8);
    expect(body.dates.map((entry: { date: string }) => entry.date)).toEqual([
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    const older = await get(
      '/2/clicks/clickThroughRate?index=products&startDate=2026-02-20&endDate=2026-02-20',
    );
    expect(older.body).toEqual({
      rate: 1,
      clickCount: 1,
      trackedSearchCount: 1,
      dates: [{ date: '2026-02-20', rate: 1, clickCount: 1, trackedSearchCount: 1 }],
    });
  });

  it('answers the click-through rate over tracked searches, null on a day without any', async () => {
    expect((await get(`/2/clicks/clickThroughRate?${range}`)).body).toEqual({
      rate: 3 / 6,
      clickCount: 4,
      trackedSearchCount: 6,
      dates: [
        { date: '2026-03-01', rate: 2 / 3, clickCount: 3, trackedSearchCount: 3 },
        { date: '2026-03-02', rate: 1 / 2, clickCount: 1, trackedSearchCount: 2 },
        { date: '2026-03-03', rate: null, clickCount: 0, trackedSearchCount: 0 },
        { date: '2026-03-04', rate: 0, clickCount: 0, trackedSearchCount: 1 },
      ],
    });
  });

  it('answers the average click position and the click position buckets', async () => {
    expect((await get(`/2/clicks/averageClickPosition?${range}`)).body).toEqual({
      average: (2 + 1 + 1 + 1) / 4,
      clickCount: 4,
      dates: [
        { date: '2026-03-01', average: (2 + 1 + 1) / 3, clickCount: 3 },
        { date: '2026-03-02', average: 1, clickCount: 1 },
        { date: '2026-03-03', average: null, clickCount: 0 },
        { date: '2026-03-04', average: null, clickCount: 0 },
      ],
    });
    const { body } = await get(`/2/clicks/positions?${range}`);
    expect(body.positions).toHaveLength(12);
    expect(body.positions.slice(0, 3)).toEqual([
      { position: [1, 1], clickCount: 3 },
      { position: [2, 2], clickCount: 1 },
      { position: [3, 3], clickCount: 0 },
    ]);
    expect(body.positions.slice(10)).toEqual([
      { position: [11, 20], clickCount: 0 },
      { position: [21, -1], clickCount: 0 },
    ]);
  });

  it('answers the conversion rate, add-to-cart and purchase alike', async () => {
    expect((await get(`/2/conversions/conversionRate?${range}`)).body).toEqual({
      rate: 3 / 6,
      trackedSearchCount: 6,
      conversionCount: 3,
      dates: [
        { date: '2026-03-01', rate: 2 / 3, trackedSearchCount: 3, conversionCount: 2 },
        { date: '2026-03-02', rate: 1 / 2, trackedSearchCount: 2, conversionCount: 1 },
        { date: '2026-03-03', rate: null, trackedSearchCount: 0, conversionCount: 0 },
        { date: '2026-03-04', rate: 0, trackedSearchCount: 1, conversionCount: 0 },
      ],
    });
  });

  it('lists top searches grouped by normalised text, with click analytics on request', async () => {
    expect((await get(`/2/searches?${range}`)).body).toEqual({
      searches: [
        { search: 'shoe', count: 4, nbHits: 2 },
        { search: 'jacket', count: 2, nbHits: 1 },
        { search: 'sofa', count: 2, nbHits: 0 },
      ],
    });
    const { body } = await get(`/2/searches?${range}&clickAnalytics=true&limit=1`);
    expect(body.searches).toEqual([
      {
        search: 'shoe',
        count: 4,
        nbHits: 2,
        clickThroughRate: 2 / 4,
        averageClickPosition: 4 / 3,
        clickPositions: expect.arrayContaining([
          { position: [1, 1], clickCount: 2 },
          { position: [2, 2], clickCount: 1 },
        ]),
        conversionRate: 2 / 4,
        trackedSearchCount: 4,
        clickCount: 3,
        conversionCount: 2,
      },
    ]);
    expect(body.searches[0].clickPositions).toHaveLength(12);
  });

  it('orders top searches by a rate, nulls last, and pages them', async () => {
    const texts = async (query: string) =>
      (await get(`/2/searches?${range}&clickAnalytics=true&${query}`)).body.searches.map(
        (entry: { search: string }) => entry.search,
      );
    expect(await texts('orderBy=clickThroughRate&direction=asc')).toEqual([
      'sofa',
      'shoe',
      'jacket',
    ]);
    expect(await texts('orderBy=averageClickPosition&direction=desc')).toEqual([
      'shoe',
      'jacket',
      'sofa',
    ]);
    expect(await texts('orderBy=averageClickPosition&direction=asc')).toEqual([
      'jacket',
      'shoe',
      'sofa',
    ]);
    expect(await texts('limit=1&offset=1')).toEqual(['jacket']);
    const jacket = (await get(`/2/searches?${range}&clickAnalytics=true&offset=1&limit=1`)).body
      .searches;
    expect(jacket).toEqual([
      expect.objectContaining({
        search: 'jacket',
        trackedSearchCount: 1,
        clickThroughRate: 1,
        averageClickPosition: 1,
        conversionRate: 1,
        conversionCount: 1,
      }),
    ]);
    const sofa = (await get(`/2/searches?${range}&clickAnalytics=true&offset=2`)).body.searches[0];
    expect(sofa).toMatchObject({ search: 'sofa', clickThroughRate: 0, averageClickPosition: null });
  });

  it('lists searches without results and without clicks, and their rates', async () => {
    expect((await get(`/2/searches/noResults?${range}`)).body).toEqual({
      searches: [{ search: 'sofa', count: 2, withFilterCount: 1 }],
    });
    expect((await get(`/2/searches/noClicks?${range}`)).body).toEqual({
      searches: [
        { search: 'shoe', count: 2, nbHits: 2 },
        { search: 'sofa', count: 1, nbHits: 0 },
      ],
    });
    const noResult = (await get(`/2/searches/noResultRate?${range}`)).body;
    expect(noResult).toMatchObject({ rate: 2 / 8, count: 8, noResultCount: 2 });
    expect(noResult.dates.map((entry: { rate: number | null }) => entry.rate)).toEqual([
      1 / 4,
      1 / 3,
      null,
      0,
    ]);
    expect((await get(`/2/searches/noClickRate?${range}`)).body).toMatchObject({
      rate: 3 / 6,
      count: 6,
      noClickCount: 3,
    });
  });

  it('lists the hits most often returned, with their clicks and conversions', async () => {
    expect((await get(`/2/hits?${range}`)).body).toEqual({
      hits: [
        { hit: 'shoe-blue', count: 4 },
        { hit: 'shoe-red', count: 4 },
        { hit: 'jacket', count: 2 },
      ],
    });
    expect((await get(`/2/hits?${range}&clickAnalytics=true`)).body.hits).toEqual([
      {
        hit: 'shoe-blue',
        count: 4,
        clickThroughRate: 1 / 4,
        conversionRate: 1 / 4,
        trackedHitCount: 4,
        clickCount: 1,
        conversionCount: 1,
      },
      {
        hit: 'shoe-red',
        count: 4,
        clickThroughRate: 2 / 4,
        conversionRate: 1 / 4,
        trackedHitCount: 4,
        clickCount: 2,
        conversionCount: 1,
      },
      {
        hit: 'jacket',
        count: 2,
        clickThroughRate: 1,
        conversionRate: 1,
        trackedHitCount: 1,
        clickCount: 1,
        conversionCount: 1,
      },
    ]);
    expect((await get(`/2/hits?${range}&search=JACKET`)).body).toEqual({
      hits: [{ hit: 'jacket', count: 2 }],
    });
  });

  it('counts filter usage by attribute and by value', async () => {
    expect((await get(`/2/filters?${range}`)).body).toEqual({
      attributes: [
        { attribute: 'brand', count: 3 },
        { attribute: 'price', count: 1 },
      ],
    });
    expect((await get(`/2/filters/brand?${range}`)).body).toEqual({
      values: [
        { attribute: 'brand', operator: ':', value: 'Acme', count: 2 },
        { attribute: 'brand', operator: ':', value: 'Zed', count: 1 },
      ],
    });
    expect((await get(`/2/filters/price?${range}`)).body).toEqual({
      values: [{ attribute: 'price', operator: '<', value: '60', count: 1 }],
    });
    expect((await get(`/2/filters?${range}&search=sofa`)).body).toEqual({
      attributes: [{ attribute: 'brand', count: 1 }],
    });
  });

  it('counts distinct users and reports when the data was last updated', async () => {
    expect((await get(`/2/users/count?${range}`)).body).toEqual({
      count: 3,
      dates: [
        { date: '2026-03-01', count: 2 },
        { date: '2026-03-02', count: 1 },
        { date: '2026-03-03', count: 0 },
        { date: '2026-03-04', count: 0 },
      ],
    });
    expect((await get('/2/status?index=products')).body).toEqual({
      updatedAt: '2026-03-04T08:00:00.000Z',
    });
    expect((await get('/2/status?index=never-searched')).body).toEqual({ updatedAt: null });
  });

  it('refuses bad parameters with a 400 naming them', async () => {
    const cases: [string, string][] = [
      ['/2/searches/count', 'index is required'],
      ['/2/status', 'index is required'],
      [
        '/2/searches?index=products&startDate=2026-02-30',
        'startDate must be a date in the YYYY-MM-DD format',
      ],
      [
        '/2/searches?index=products&endDate=04/03/2026',
        'endDate must be a date in the YYYY-MM-DD format',
      ],
      [
        '/2/searches?index=products&startDate=2026-03-05&endDate=2026-03-01',
        'startDate must not be after endDate',
      ],
      [
        '/2/searches?index=products&startDate=2024-01-01&endDate=2026-01-01',
        'The period from startDate to endDate must be at most 366 days',
      ],
      ['/2/searches?index=products&limit=0', 'limit must be an integer between 1 and 1000'],
      ['/2/hits?index=products&limit=1001', 'limit must be an integer between 1 and 1000'],
      [
        '/2/searches/noResults?index=products&offset=-1',
        `offset must be an integer between 0 and ${Number.MAX_SAFE_INTEGER}`,
      ],
      [
        '/2/searches?index=products&orderBy=count',
        'orderBy must be one of searchCount, clickThroughRate, conversionRate, averageClickPosition',
      ],
      ['/2/searches?index=products&direction=up', 'direction must be one of asc, desc'],
      ['/2/hits?index=products&clickAnalytics=maybe', 'clickAnalytics must be a boolean'],
    ];
    for (const [path, message] of cases) {
      expect(await get(path), path).toEqual({ status: 400, body: { status: 400, message } });
    }
  });

  it('counts only the searches sent with the tags asked (none of these carry any)', async () => {
    expect((await get(`/2/searches/count?${range}&tags=device%3Amobile`)).body.count).toBe(0);
    expect((await get(`/2/searches/count?${range}&tags=%20`)).body.count).toBe(8);
  });

  it("answers algoliasearch v5's analytics client with the same figures", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    const hosts = [
      { url: '127.0.0.1', port: address.port, protocol: 'http' as const, accept: 'read' as const },
    ];
    const analytics = algoliasearch(appId, adminKey, { hosts }).initAnalytics({
      region: 'us',
      options: { hosts },
    });
    const period = { index: 'products', startDate: '2026-03-01', endDate: '2026-03-04' };
    expect((await analytics.getSearchesCount(period)).count).toBe(8);
    const top = await analytics.getTopSearches({
      ...period,
      clickAnalytics: true,
      orderBy: 'clickThroughRate',
      direction: 'asc',
      limit: 2,
    });
    expect(top.searches.map((entry) => entry.search)).toEqual(['sofa', 'shoe']);
    expect(await analytics.getClickThroughRate(period)).toMatchObject({
      rate: 0.5,
      clickCount: 4,
      trackedSearchCount: 6,
    });
    expect((await analytics.getAverageClickPosition(period)).average).toBe(1.25);
    expect((await analytics.getConversionRate(period)).rate).toBe(0.5);
    expect((await analytics.getTopHits({ ...period, search: 'jacket' })).hits).toEqual([
      { hit: 'jacket', count: 2 },
    ]);
    expect((await analytics.getSearchesNoResults(period)).searches).toEqual([
      { search: 'sofa', count: 2, withFilterCount: 1 },
    ]);
    expect(
      (await analytics.getTopFilterForAttribute({ ...period, attribute: 'brand' })).values,
    ).toHaveLength(2);
    expect(await analytics.getStatus({ index: 'products' })).toEqual({
      updatedAt: '2026-03-04T08:00:00.000Z',
    });
  });

  it('needs the analytics ACL and an allowed index', async () => {
    const denied = await get(`/2/searches/count?${range}`, searchKey);
    expect(denied).toEqual({
      status: 403,
      body: { status: 403, message: expect.any(String) },
    });
    const create = async (body: Record<string, unknown>) =>
      (await t.request({ method: 'POST', url: '/1/keys', payload: body })).json<{ key: string }>()
        .key;
    const analyticsKey = await create({ acl: ['analytics'] });
    expect((await get(`/2/searches/count?${range}`, analyticsKey)).body.count).toBe(8);
    const otherIndexKey = await create({ acl: ['analytics'], indexes: ['other'] });
    expect((await get(`/2/searches/count?${range}`, otherIndexKey)).status).toBe(403);
  });
});
