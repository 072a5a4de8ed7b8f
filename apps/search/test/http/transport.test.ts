import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.ts';
import type { SearchStore } from '../../src/store/search-store.ts';
import { adminKey, appId, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ limits: { searchBodyBytes: 2048, indexingBodyBytes: 4096 } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: [{ action: 'addObject', body: { objectID: 'a', name: 'Alpha jacket' } }] },
  });
});

const queries = (key: string | null, options: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/1/indexes/*/queries',
    key,
    payload: JSON.stringify({ requests: [{ indexName: 'products', query: 'alpha' }] }),
    headers: { 'content-type': 'text/plain' },
    ...options,
  });

describe('request bodies', () => {
  it('parses JSON whatever the content type says', async () => {
    for (const type of [
      'text/plain',
      'application/json',
      'application/x-www-form-urlencoded',
      'foo/bar',
    ]) {
      const response = await queries(adminKey, { headers: { 'content-type': type } });
      expect(response.statusCode, type).toBe(200);
      expect(response.json().results[0].nbHits).toBe(1);
    }
  });

  it('inflates gzip request bodies', async () => {
    const body = gzipSync(
      JSON.stringify({ requests: [{ indexName: 'products', query: 'alpha' }] }),
    );
    const response = await queries(adminKey, {
      payload: body,
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0].nbHits).toBe(1);
  });

  it('answers 400 for broken gzip, unknown encodings and invalid JSON', async () => {
    const broken = await queries(adminKey, {
      payload: Buffer.from('not gzip'),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(broken.statusCode).toBe(400);
    const unknown = await queries(adminKey, { headers: { 'content-encoding': 'br' } });
    expect(unknown.json()).toEqual({
      message: expect.stringContaining('content-encoding'),
      status: 400,
    });
    const invalid = await queries(adminKey, { payload: '{"requests": [' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Invalid JSON in the request body', status: 400 });
  });

  it('answers requests that announce a compressed body and send none, and stays up', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      for (const method of ['GET', 'DELETE', 'POST', 'PUT'] as const) {
        const response = await t.request({
          method,
          url: '/1/health',
          headers: { 'content-encoding': encoding },
        });
        expect(response.statusCode, `${method} ${encoding}`).toBeLessThan(500);
      }
    }
    const unread = await t.request({
      method: 'GET',
      url: '/1/indexes/products/a',
      payload: gzipSync('{"a":1}').subarray(0, 6),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(unread.json()).toMatchObject({ objectID: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await queries(adminKey)).json().results[0].nbHits).toBe(1);
  });

  it('answers 400 with an Algolia error for a truncated or corrupted compressed body', async () => {
    const json = JSON.stringify({ requests: [{ indexName: 'products', query: 'alpha' }] });
    const zipped = gzipSync(json);
    const corrupted = Buffer.from(zipped);
    corrupted[zipped.length - 5] = (corrupted[zipped.length - 5] ?? 0) ^ 0xff;
    for (const [encoding, payload] of [
      ['gzip', zipped.subarray(0, zipped.length - 10)],
      ['gzip', corrupted],
      ['deflate', Buffer.from('not deflate')],
      ['deflate', deflateSync(json).subarray(0, 8)],
    ] as const) {
      const response = await queries(adminKey, {
        payload,
        headers: { 'content-encoding': encoding },
      });
      expect(response.json(), encoding).toEqual({
        message: expect.stringMatching(
          new RegExp(`^The request body is not valid ${encoding} data`),
        ),
        status: 400,
      });
    }
  });

  it('refuses bodies over the route cap with 413, counting the inflated size', async () => {
    const big = JSON.stringify({
      requests: [{ indexName: 'products', query: 'a', padding: 'x'.repeat(3000) }],
    });
    const plain = await queries(adminKey, { payload: big });
    expect(plain.statusCode).toBe(413);
    expect(plain.json()).toEqual({ message: 'Request Entity Too Large', status: 413 });
    const zipped = await queries(adminKey, {
      payload: gzipSync(big),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(413);
    // Indexing routes have their own, larger cap.
    const batch = await t.request({
      method: 'POST',
      url: '/1/indexes/products/batch',
      payload: {
        requests: [{ action: 'addObject', body: { objectID: 'b', text: 'y'.repeat(3000) } }],
      },
    });
    expect(batch.statusCode).toBe(200);
  });
});

describe('credentials', () => {
  it('reads them from the query string, whatever the case of the names', async () => {
    const mixed = await t.request({
      method: 'POST',
      url: `/1/indexes/*/queries?X-Algolia-Application-Id=${appId}&X-Algolia-API-Key=${adminKey}&x-algolia-agent=test`,
      key: null,
      payload: { requests: [{ indexName: 'products', query: 'alpha' }] },
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().results[0].params).toBe('query=alpha');
  });

  it('answers 403 with Algolia wording for a missing or wrong key or app id', async () => {
    expect((await queries(null)).json()).toEqual({
      message: 'Invalid Application-ID or API key',
      status: 403,
    });
    expect((await queries('nope')).statusCode).toBe(403);
    const wrongApp = await queries(adminKey, { headers: { 'x-algolia-application-id': 'other' } });
    expect(wrongApp.statusCode).toBe(403);
  });
});

describe('CORS', () => {
  it('sends CORS headers on successes and on errors', async () => {
    for (const response of [
      await queries(adminKey, { headers: { origin: 'https://shop.example' } }),
      await queries('bad', { headers: { origin: 'https://shop.example' } }),
      await t.request({
        method: 'GET',
        url: '/nowhere',
        headers: { origin: 'https://shop.example' },
      }),
    ]) {
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']).toBe('Retry-After, Correlation-ID');
    }
  });

  it('answers preflights with 204 and the allowed methods and headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/1/indexes/products/settings',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-methods']).toBe(
      'GET, POST, PUT, DELETE, OPTIONS',
    );
    expect(response.headers['access-control-allow-headers']).toContain('x-algolia-api-key');
    expect(response.headers['access-control-max-age']).toBe('86400');
  });
});

describe('responses', () => {
  it('compresses large responses for clients that accept gzip', async () => {
    await t.request({
      method: 'POST',
      url: '/1/indexes/products/batch',
      payload: {
        requests: Array.from({ length: 30 }, (_, index) => ({
          action: 'addObject',
          body: { objectID: `c${index}`, name: `Alpha coat ${index}` },
        })),
      },
    });
    const response = await queries(adminKey, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends a Correlation-ID, with the caller request id appended', async () => {
    const plain = await queries(adminKey);
    expect(plain.headers['correlation-id']).toMatch(/^[0-9a-f]{16}$/);
    const withId = await t.request({
      method: 'POST',
      url: '/1/indexes/*/queries?x-algolia-request-id=abcDEF12345',
      payload: { requests: [] },
    });
    expect(withId.headers['correlation-id']).toMatch(/^[0-9a-f]{16}-abcDEF12345$/);
  });

  it('tells browsers not to sniff any answer: successes, errors, unknown routes and preflights', async () => {
    const answers = {
      search: await queries(adminKey),
      forbidden: await queries('bad'),
      invalid: await queries(adminKey, { payload: '{' }),
      unknownRoute: await t.request({ method: 'GET', url: '/nowhere' }),
      health: await t.request({ method: 'GET', url: '/1/health', key: null }),
      preflight: await t.app.inject({
        method: 'OPTIONS',
        url: '/1/indexes/*/queries',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      }),
    };
    for (const [name, response] of Object.entries(answers))
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
  });

  it('renders unknown routes as Algolia errors', async () => {
    const response = await t.request({ method: 'GET', url: '/1/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route not found: GET /1/nowhere', status: 404 });
  });

  it('reports processing and server time', async () => {
    const [result] = (await queries(adminKey)).json().results;
    expect(result.processingTimeMS).toBeGreaterThanOrEqual(0);
    expect(result.serverTimeMS).toBeGreaterThanOrEqual(result.processingTimeMS);
  });
});

describe('logging', () => {
  it('logs requests without the query string, so keys sent in URLs never reach the logs', async () => {
    const lines: string[] = [];
    const logged = await startTestApp({
      store: t.store,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.request({
      method: 'POST',
      url: `/1/indexes/*/queries?x-algolia-api-key=${adminKey}&x-algolia-application-id=${appId}&x-algolia-agent=Algolia%20for%20JavaScript`,
      key: null,
      payload: { requests: [] },
    });
    await logged.app.close();
    const text = lines.join('');
    expect(text).toContain('/1/indexes/*/queries');
    expect(text).toContain('Algolia for JavaScript');
    expect(text).not.toContain(adminKey);
  });
});

describe('startup', () => {
  it('answers 503 until the indices are loaded, and reports it on /health', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStore: SearchStore = {
      ...t.store,
      load: async () => {
        await gate;
        return t.store.load();
      },
    };
    const app = await buildApp({ store: slowStore, keys: { appId, adminKey, searchKey: 'k' } });
    const headers = { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey };
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'starting' });
    const starting = await app.inject({ method: 'GET', url: '/1/indexes', headers });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: 503 });
    expect(starting.headers['access-control-allow-origin']).toBe('*');
    release();
    await app.vitrine.ready;
    expect((await app.inject({ method: 'GET', url: '/1/health' })).json()).toEqual({
      status: 'ready',
    });
    expect((await app.inject({ method: 'GET', url: '/1/indexes', headers })).statusCode).toBe(200);
    await app.close();
  });
});
