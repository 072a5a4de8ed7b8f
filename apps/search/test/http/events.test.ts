import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const now = new Date('2026-03-01T10:00:00.000Z');
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(async () => t.close());

const origin = { origin: 'https://shop.example' };
const queryID = '0123456789abcdef0123456789abcdef';
const click = {
  eventType: 'click',
  eventName: 'Hit Clicked',
  index: 'products',
  userToken: 'anon-1',
  queryID,
  objectIDs: ['sku-1'],
  positions: [3],
};
/** search-insights' beacon call: credentials in the query string (its mixed-case names), text/plain body. */
const beaconUrl = (key = searchKey) =>
  `/1/events?X-Algolia-Application-Id=${appId}&X-Algolia-API-Key=${key}&X-Algolia-Agent=insights-js`;
const send = (events: unknown[], key: string | null = searchKey) =>
  t.request({ method: 'POST', url: '/1/events', payload: { events }, key, headers: origin });

describe('POST /1/events', () => {
  it('stores the batch before answering 200 {status, message} (text/plain, credentials in the URL)', async () => {
    const before = (await t.store.readEvents()).length;
    const response = await t.request({
      method: 'POST',
      url: beaconUrl(),
      key: null,
      headers: { 'content-type': 'text/plain', ...origin },
      payload: JSON.stringify({
        events: [
          { ...click, timestamp: now.getTime() - 60_000, algoliaSource: ['instantsearch'] },
          {
            eventType: 'instantsearch',
            eventName: '__start__',
            userToken: 'anon-1',
            sessionID: 'session-1',
            widgets: [],
          },
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'OK' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const stored = (await t.store.readEvents()).slice(before);
    // The instantsearch telemetry event is accepted but not kept (see below).
    expect(stored).toEqual([
      {
        indexName: 'products',
        eventType: 'click',
        occurredAt: new Date(now.getTime() - 60_000),
        receivedAt: now,
        body: { ...click, timestamp: now.getTime() - 60_000, algoliaSource: ['instantsearch'] },
      },
    ]);
  });

  it('answers 200 to InstantSearch telemetry (`instantsearch` events) without storing or listing it', async () => {
    const before = (await t.store.readEvents()).length;
    const telemetry = {
      eventType: 'instantsearch',
      eventName: '__start__',
      userToken: 'anon-telemetry',
      sessionID: 'session-telemetry',
      widgets: [{ type: 'ais.hits', widgetType: 'ais.hits', params: [] }],
      algoliaSource: ['instantsearch'],
    };
    const alone = await send([telemetry]);
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toEqual({ status: 200, message: 'OK' });
    const mixed = await send([telemetry, { ...click, userToken: 'anon-telemetry' }]);
    expect(mixed.statusCode).toBe(200);
    expect(await t.store.readEvents()).toHaveLength(before + 1);
    const listed = await t.request({ method: 'GET', url: '/1/events?limit=1000', key: adminKey });
    const events = listed.json<{ events: { eventType: string; event: { userToken?: string } }[] }>()
      .events;
    expect(events.filter((event) => event.event.userToken === 'anon-telemetry')).toEqual([
      expect.objectContaining({ eventType: 'click' }),
    ]);
    expect(events.some((event) => event.eventType === 'instantsearch')).toBe(false);
  });

  it("refuses the whole batch with 422 when an event names an index the key can't search", async () => {
    const before = (await t.store.readEvents()).length;
    const created = await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['search'], indexes: ['products*'] },
    });
    const limited = created.json<{ key: string }>().key;
    const refused = await send([click, { ...click, index: 'secret' }], limited);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 422,
      message: 'events[1].index is not allowed with this API key',
    });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const secured = algoliasearch(appId, 'unused').generateSecuredApiKey({
      parentApiKey: limited,
      restrictions: { restrictIndices: ['products'] },
    });
    const narrowed = await send([{ ...click, index: 'products_fr' }], secured);
    expect(narrowed.json()).toEqual({
      status: 422,
      message: 'events[0].index is not allowed with this API key',
    });
    expect(await t.store.readEvents()).toHaveLength(before);
    expect((await send([{ ...click, index: 'products_fr' }], limited)).statusCode).toBe(200);
    expect((await send([click], secured)).statusCode).toBe(200);
    expect((await send([{ ...click, index: 'secret' }], adminKey)).statusCode).toBe(200);
  });

  it('accepts credentials in headers, the admin key included', async () => {
    expect((await send([click], adminKey)).statusCode).toBe(200);
  });

  it.each([
    ['no credentials', null, '/1/events'],
    ['an unknown key', 'not-a-key', '/1/events'],
    [
      'a wrong app id in the URL',
      null,
      `/1/events?X-Algolia-Application-Id=other&X-Algolia-API-Key=${searchKey}`,
    ],
  ])('answers 401 Invalid credentials for %s, with CORS headers', async (_case, key, url) => {
    const response = await t.request({
      method: 'POST',
      url,
      key,
      payload: { events: [click] },
      headers: origin,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, message: 'Invalid credentials' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 401 for a key without the search ACL', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['browse'] },
    });
    const key = created.json<{ key: string }>().key;
    expect((await send([click], key)).statusCode).toBe(401);
  });
});

describe('POST /1/events validation', () => {
  it.each([
    [
      { eventType: 'purchase' },
      'events[0].eventType must be one of click, conversion, view, instantsearch',
    ],
    [{ eventName: '' }, 'events[0].eventName must be 1 to 64 printable ASCII characters'],
    [
      { userToken: 'a b' },
      'events[0].userToken must be 1 to 129 characters among a-z, A-Z, 0-9, _ = / + -',
    ],
    [{ index: undefined }, 'events[0].index must be a non-empty string'],
    [
      { filters: ['brand:LG'] },
      'Exactly one of events[0].objectIDs and events[0].filters is required',
    ],
    [{ positions: [1, 2] }, 'events[0].positions must be an array as long as objectIDs'],
    [{ queryID: 'xyz' }, 'events[0].queryID must be 32 lowercase hexadecimal characters'],
    [{ objectData: [] }, 'events[0].objectData must be an array as long as objectIDs'],
    [{ currency: 'euros' }, 'events[0].currency must be a 3-letter ISO 4217 code'],
    [
      { timestamp: now.getTime() - 31 * 86_400_000 },
      'The timestamp is too far in the past (events[0].timestamp)',
    ],
  ])('rejects the whole batch with 422 for %j', async (change, message) => {
    const before = (await t.store.readEvents()).length;
    const response = await send([{ ...click, ...change }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, message });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(await t.store.readEvents()).toHaveLength(before);
  });

  it('names the position of the invalid event in a batch', async () => {
    const response = await send([click, click, { ...click, eventType: 'view' }]);
    expect(response.json()).toEqual({
      status: 422,
      message: 'events[2].positions is only allowed on click events',
    });
  });
});

describe('POST /1/events limits and CORS', () => {
  it('refuses more than 1,000 events with 422', async () => {
    const response = await send(Array.from({ length: 1001 }, () => click));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: 'Cannot process more than 1000 events in a batch',
    });
  });

  it('refuses a body of 2 MB or more with 413, and malformed JSON with 400', async () => {
    const padding = 'x'.repeat(2 * 1024 * 1024);
    const large = await t.request({
      method: 'POST',
      url: '/1/events',
      payload: JSON.stringify({ events: [click], padding }),
      headers: { 'content-type': 'application/json', ...origin },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ status: 413, message: 'Request Entity Too Large' });
    expect(large.headers['access-control-allow-origin']).toBe('*');
    const malformed = await t.request({
      method: 'POST',
      url: '/1/events',
      payload: '{"events": [',
      headers: { 'content-type': 'text/plain' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers the application/json preflight of the fetch fallback', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/1/events',
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-algolia-application-id,x-algolia-api-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']).toContain('content-type');
    expect(response.headers['access-control-allow-headers']).toContain('x-algolia-api-key');
  });
});

describe('GET /1/events (Vitrine extension)', () => {
  const view = (objectID: string, index = 'products') => ({
    eventType: 'view',
    eventName: 'Product Viewed',
    index,
    userToken: 'anon-list',
    objectIDs: [objectID],
  });
  type Listed = { index: string | null; eventType: string; event: Record<string, unknown> };
  const list = async (query: string, key: string | null = adminKey) => {
    const response = await t.request({ method: 'GET', url: `/1/events${query}`, key });
    return { status: response.statusCode, body: response.json<{ events: Listed[] }>() };
  };

  it('lists the most recent events first, as sent, filtered by index and cut at limit', async () => {
    expect(
      (await send([view('list-1'), view('list-2'), view('list-3', 'other-index')])).statusCode,
    ).toBe(200);
    const latest = await list('?limit=2');
    expect(latest.status).toBe(200);
    expect(latest.body.events.map((listed) => listed.event['objectIDs'])).toEqual([
      ['list-3'],
      ['list-2'],
    ]);
    const products = await list('?index=products&limit=2');
    expect(products.body.events).toEqual([
      expect.objectContaining({ index: 'products', eventType: 'view', event: view('list-2') }),
      expect.objectContaining({ index: 'products', eventType: 'view', event: view('list-1') }),
    ]);
    expect((await list('?index=no-such-index')).body.events).toEqual([]);
  });

  it('answers 403 to the search-only key and without credentials', async () => {
    const search = await list('', searchKey);
    expect(search.status).toBe(403);
    expect(search.body).toEqual({ status: 403, message: 'Method not allowed with this API key' });
    expect((await list('', null)).status).toBe(403);
  });

  it.each(['0', '1001', 'ten'])('answers 400 for limit=%s', async (limit) => {
    const response = await list(`?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 400,
      message: 'limit must be an integer between 1 and 1000',
    });
  });
});
