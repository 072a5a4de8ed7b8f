/**
 * A key's `referers` (issue #24, finding 4), as Algolia documents the API key parameter: `*` at the start, the
 * end or both, the pattern covering the whole referer (or, for a host pattern, the whole host), and the referer
 * read from the `Referer` header only, never from the URL's query string.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey } from '../../support/test-app.ts';
import {
  clientFor,
  createKey,
  searchStatus,
  seedIndex,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, adminKey);
  await seedIndex(admin, 'shop', {}, [{ objectID: '1', name: 'rain jacket' }]);
});
afterAll(async () => server.close());

/** A search with `key` sent as a browser would: credentials and `urlQuery` in the URL, headers as given. */
const searchFrom = (key: string, headers: Record<string, string>, urlQuery = '') =>
  searchStatus(server, key, {
    entry: { indexName: 'shop', query: 'jacket' },
    headers,
    credentialsInUrl: true,
    urlQuery,
  });

describe('a key restricted to referers', () => {
  it('accepts a subdomain for *.domain and refuses a host that only starts with it', async () => {
    const key = await createKey(admin, { acl: ['search'], referers: ['*.shop.example'] });
    expect(await searchFrom(key, { referer: 'https://www.shop.example/fr/vestes' })).toBe(200);
    expect(await searchFrom(key, { referer: 'https://www.shop.example.evil.net/' })).toBe(403);
    expect(await searchFrom(key, { referer: 'https://evil.net/?from=www.shop.example' })).toBe(403);
  });

  it('matches a URL pattern from its start to its end', async () => {
    const key = await createKey(admin, { acl: ['search'], referers: ['https://shop.example/*'] });
    expect(await searchFrom(key, { referer: 'https://shop.example/search?q=jacket' })).toBe(200);
    expect(await searchFrom(key, { referer: 'https://shop.example.evil.net/' })).toBe(403);
    expect(await searchFrom(key, { referer: 'https://evil.net/https://shop.example/' })).toBe(403);
    const exact = await createKey(admin, { acl: ['search'], referers: ['https://shop.example/'] });
    expect(await searchFrom(exact, { referer: 'https://shop.example/' })).toBe(200);
    expect(await searchFrom(exact, { referer: 'https://shop.example/elsewhere' })).toBe(403);
  });

  it('accepts any host containing the domain for *domain*', async () => {
    const key = await createKey(admin, { acl: ['search'], referers: ['*shop.example*'] });
    expect(await searchFrom(key, { referer: 'https://shop.example/' })).toBe(200);
    expect(await searchFrom(key, { referer: 'https://eu.shop.example:8443/cart' })).toBe(200);
    expect(await searchFrom(key, { referer: 'https://other.example/shop.example' })).toBe(403);
  });

  it('does not read a referer from the query string when the header is missing', async () => {
    const key = await createKey(admin, { acl: ['search'], referers: ['https://shop.example/*'] });
    const named = `&referer=${encodeURIComponent('https://shop.example/')}`;
    expect(await searchFrom(key, {}, named)).toBe(403);
    expect(await searchFrom(key, { referer: 'https://evil.net/' }, named)).toBe(403);
  });
});
