import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsUnavailableError, fetchAnalytics } from './analytics-api.ts';

/**
 * A listening HTTP server answering the Analytics API routes with the documented v2 shapes, so the client
 * is exercised over real HTTP (headers, query string, status codes, bodies).
 */
const answers: Record<string, unknown> = {
  '/2/searches/count': { count: 3, dates: [{ date: '2026-11-20', count: 3 }] },
  '/2/searches': {
    searches: [
      {
        search: 'veste',
        count: 2,
        nbHits: 11,
        clickThroughRate: null,
        averageClickPosition: null,
        conversionRate: null,
        trackedSearchCount: 0,
        clickCount: 0,
        conversionCount: 0,
      },
    ],
  },
  '/2/searches/noResults': { searches: [{ search: 'zzz', count: 1, withFilterCount: 0 }] },
  '/2/searches/noResultRate': { rate: 0.3333, count: 3, noResultCount: 1, dates: [] },
  '/2/clicks/clickThroughRate': { rate: null, clickCount: 0, trackedSearchCount: 0, dates: [] },
  '/2/clicks/averageClickPosition': { average: null, clickCount: 0, dates: [] },
  '/2/conversions/conversionRate': {
    rate: null,
    trackedSearchCount: 0,
    conversionCount: 0,
    dates: [],
  },
  '/2/hits': { hits: [] },
  '/2/filters': { attributes: [{ attribute: 'color', count: 4 }] },
};

let overrides: Record<string, { status: number; body: unknown }> = {};
const received: IncomingMessage[] = [];
const server: Server = createServer((request, response) => {
  received.push(request);
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const override = overrides[path];
  const status = override?.status ?? (path in answers ? 200 : 404);
  const body = override?.body ?? answers[path] ?? { message: 'Not found', status: 404 };
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

const access = { url, appId: 'vitrine', apiKey: 'admin-key' };
const period = { index: 'products', from: '2026-11-15', to: '2026-11-21' };

beforeEach(() => {
  overrides = {};
  received.length = 0;
});

describe('reading the Analytics API', () => {
  it('asks each route for the period with the application id and key, and accepts null rates', async () => {
    const result = await fetchAnalytics(access, period);
    expect(result.searchesCount.count).toBe(3);
    expect(result.clickThroughRate.rate).toBeNull();
    expect(result.topSearches.searches[0]).toMatchObject({
      search: 'veste',
      clickThroughRate: null,
    });
    expect(received).toHaveLength(9);
    for (const request of received) {
      expect(request.method).toBe('GET');
      expect(request.headers['x-algolia-application-id']).toBe('vitrine');
      expect(request.headers['x-algolia-api-key']).toBe('admin-key');
    }
    const top = received.find((request) => request.url?.startsWith('/2/searches?'));
    expect(Object.fromEntries(new URL(top?.url ?? '', url).searchParams)).toEqual({
      index: 'products',
      startDate: '2026-11-15',
      endDate: '2026-11-21',
      limit: '10',
      clickAnalytics: 'true',
      tags: 'lang:en OR lang:fr',
    });
  });

  it("asks every report for the shoppers' searches only, not the autocomplete panel's", async () => {
    await fetchAnalytics(access, period);
    expect(received).toHaveLength(9);
    for (const request of received) {
      expect(new URL(request.url ?? '', url).searchParams.get('tags')).toBe('lang:en OR lang:fr');
    }
  });

  it('tolerates fields it does not use and rows without click analytics', async () => {
    overrides['/2/searches'] = {
      status: 200,
      body: { searches: [{ search: 'sac', count: 1, nbHits: 3, extra: true }] },
    };
    const result = await fetchAnalytics(access, period);
    expect(result.topSearches.searches).toEqual([{ search: 'sac', count: 1, nbHits: 3 }]);
  });

  it.each([
    [403, { message: 'Invalid Application-ID or API key', status: 403 }, 'forbidden'],
    [404, { message: 'Not found', status: 404 }, 'unsupported'],
    [500, 'oops', 'failed'],
    [200, { count: 'three', dates: [] }, 'invalid-response'],
    [200, 'not json', 'invalid-response'],
  ])('turns a %i answer into "%s"', async (status, body, reason) => {
    overrides['/2/searches/count'] = { status, body };
    const failure = await fetchAnalytics(access, period).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnalyticsUnavailableError);
    expect(failure).toMatchObject({ reason });
  });

  it('names the route and the service message on an error answer', async () => {
    overrides['/2/filters'] = {
      status: 403,
      body: { message: 'Method not allowed with this API key', status: 403 },
    };
    await expect(fetchAnalytics(access, period)).rejects.toThrow(
      'GET /2/filters answered 403: Method not allowed with this API key',
    );
  });

  it('says so when the service does not answer, or no key is known yet', async () => {
    await expect(
      fetchAnalytics({ ...access, url: 'http://127.0.0.1:9' }, period),
    ).rejects.toMatchObject({ reason: 'unreachable' });
    await expect(fetchAnalytics({ ...access, apiKey: undefined }, period)).rejects.toMatchObject({
      reason: 'no-key',
    });
    expect(received).toHaveLength(0);
  });
});
