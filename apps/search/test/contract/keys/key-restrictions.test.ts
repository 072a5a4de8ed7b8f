/**
 * Keys and limits as a stranger would try them on the books catalogue, through the official v5 client (and the
 * raw wire where the exact `{message, status}` body matters): ACL denial, index patterns, maxHitsPerQuery,
 * validity, referers, queryParameters, unretrievable attributes, secured keys, and request limits.
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books } from '../../support/books.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import {
  createKey as createKeyWith,
  hostsOf,
  postRaw,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const hosts = () => hostsOf(server);
const clientFor = (apiKey: string) => algoliasearch(appId, apiKey, { hosts: hosts() });

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(adminKey);
  for (const indexName of ['books_en', 'books_fr', 'catalogue']) {
    await admin.setSettings({
      indexName,
      indexSettings: { ...bookSettings, unretrievableAttributes: ['isbn', 'stats.score'] },
    });
    await admin.saveObjects({ indexName, objects: [...books], waitForTasks: true });
  }
});
afterAll(async () => server.close());

const createKey = (apiKey: Parameters<typeof admin.addApiKey>[0]) => createKeyWith(admin, apiKey);

const raw = (path: string, body: unknown, apiKey = adminKey) => postRaw(server, path, body, apiKey);

describe('API keys on a foreign catalogue', () => {
  it('denies what the ACL does not grant and indices outside the patterns', async () => {
    const key = await createKey({
      acl: ['search'],
      indexes: ['books_*'],
      description: 'books reader',
    });
    const reader = clientFor(key);
    const result = await reader.searchSingleIndex({
      indexName: 'books_fr',
      searchParams: { query: 'river' },
    });
    expect(result.nbHits).toBe(books.filter((book) => book.title.includes('river')).length);
    await expect(
      reader.searchSingleIndex({ indexName: 'catalogue', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    await expect(
      reader.saveObject({ indexName: 'books_fr', body: { title: 'x' } }),
    ).rejects.toMatchObject(apiError(403, 'Method not allowed with this API key'));
    await expect(reader.getSettings({ indexName: 'books_fr' })).rejects.toMatchObject(
      apiError(403, 'Method not allowed with this API key'),
    );
    await expect(reader.listApiKeys()).rejects.toMatchObject({ status: 403 });
    await expect(reader.browse({ indexName: 'books_fr', browseParams: {} })).rejects.toMatchObject(
      apiError(403, 'Method not allowed with this API key'),
    );
    // The multi-index endpoint refuses the whole call when one index is out of bounds.
    await expect(
      reader.search({ requests: [{ indexName: 'books_en' }, { indexName: 'catalogue' }] }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    await expect(
      reader.getObjects({ requests: [{ indexName: 'catalogue', objectID: 'b4' }] }),
    ).rejects.toMatchObject({ status: 403 });
    const wrong = clientFor('not-a-key');
    await expect(
      wrong.searchSingleIndex({ indexName: 'books_fr', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Invalid Application-ID or API key'));
  });

  it('hides unretrievable attributes from search keys, nested ones included, but not from admin', async () => {
    const reader = clientFor(searchKey);
    const { results } = await reader.search<Book>({
      requests: [{ indexName: 'books_en', query: '', filters: 'isbn:"978-000012"' }],
    });
    const [found] = results as { hits: Record<string, unknown>[]; nbHits: number }[];
    // Unretrievable attributes can still be filtered on.
    expect(found?.nbHits).toBe(1);
    const hit = found?.hits[0] ?? {};
    expect(hit['isbn']).toBeUndefined();
    expect(hit['stats']).toEqual({ reviews: books[12]?.stats.reviews });
    expect(hit['title']).toBe(books[12]?.title);
    const object = await reader.getObject({ indexName: 'books_en', objectID: 'livre-12-été' });
    expect(object).not.toHaveProperty('isbn');
    // Asking for an unretrievable attribute by name does not reveal it either.
    const asked = await reader.searchSingleIndex({
      indexName: 'books_en',
      searchParams: { attributesToRetrieve: ['isbn', 'stats.score'], hitsPerPage: 1 },
    });
    const askedHit = (asked.hits[0] ?? {}) as Record<string, unknown>;
    expect(askedHit['isbn']).toBeUndefined();
    expect((askedHit['stats'] as Record<string, unknown> | undefined)?.['score']).toBeUndefined();
    const { results: fetched } = await reader.getObjects({
      requests: [
        { indexName: 'books_en', objectID: 'livre-12-été', attributesToRetrieve: ['isbn'] },
      ],
    });
    expect(fetched).toEqual([{ objectID: 'livre-12-été' }]);
    const full = await admin.getObject({ indexName: 'books_en', objectID: 'livre-12-été' });
    expect(full).toMatchObject({ isbn: '978-000012', stats: books[12]?.stats });
  });

  it('caps hits with maxHitsPerQuery and forces queryParameters', async () => {
    const key = await createKey({
      acl: ['search'],
      maxHitsPerQuery: 3,
      queryParameters: 'filters=language%3Afr',
    });
    const capped = clientFor(key);
    const result = await capped.searchSingleIndex<Book>({
      indexName: 'books_en',
      searchParams: { hitsPerPage: 50 },
    });
    expect(result.hits).toHaveLength(3);
    expect(result.nbHits).toBe(books.filter((book) => book.language === 'fr').length);
    expect(result.hits.every((hit) => hit.language === 'fr')).toBe(true);
  });

  it('expires a key after its validity', async () => {
    const key = await createKey({ acl: ['search'], validity: 1 });
    const shortLived = clientFor(key);
    await shortLived.searchSingleIndex({ indexName: 'books_en', searchParams: {} });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await expect(
      shortLived.searchSingleIndex({ indexName: 'books_en', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Invalid Application-ID or API key'));
  });

  it('accepts only the listed referers', async () => {
    const key = await createKey({ acl: ['search'], referers: ['https://shop.example/*'] });
    const withReferer = (referer: string) =>
      clientFor(key).searchSingleIndex(
        { indexName: 'books_en', searchParams: {} },
        { headers: { referer } },
      );
    expect((await withReferer('https://shop.example/books?q=1')).nbHits).toBe(books.length);
    await expect(withReferer('https://evil.example/')).rejects.toMatchObject({ status: 403 });
    const stored = await admin.getApiKey({ key });
    expect(stored.referers).toEqual(['https://shop.example/*']);
  });

  it('restricts indices, filters and validity with a secured key', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['books_*'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: {
        filters: 'author.name:"Émile Zola" OR author.name:"Toni Morrison"',
        restrictIndices: ['books_fr'],
        validUntil: Math.floor(Date.now() / 1000) + 600,
      },
    });
    const user = clientFor(secured);
    const result = await user.searchSingleIndex<Book>({
      indexName: 'books_fr',
      searchParams: { filters: 'ratings >= 4', hitsPerPage: 200 },
    });
    const expected = books.filter(
      (book) =>
        ['Émile Zola', 'Toni Morrison'].includes(book.author?.name ?? '') &&
        book.ratings.some((rating) => rating >= 4),
    );
    expect(result.nbHits).toBe(expected.length);
    await expect(
      user.searchSingleIndex({ indexName: 'books_en', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    // Facet counts under a secured filter only count what the key may see.
    const facets = await user.searchSingleIndex({
      indexName: 'books_fr',
      searchParams: { facets: ['author.name'], hitsPerPage: 0 },
    });
    expect(Object.keys(facets.facets?.['author.name'] ?? {}).sort()).toEqual([
      'Toni Morrison',
      'Émile Zola',
    ]);
    const patterned = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { restrictIndices: ['books_f*'], filters: 'author.country:"日本"' },
      }),
    );
    const japan = await patterned.searchSingleIndex({
      indexName: 'books_fr',
      searchParams: { hitsPerPage: 0 },
    });
    expect(japan.nbHits).toBe(books.filter((book) => book.author?.country === '日本').length);
    await expect(
      patterned.searchSingleIndex({ indexName: 'books_en', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    const expired = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { validUntil: Math.floor(Date.now() / 1000) - 1 },
    });
    await expect(
      clientFor(expired).searchSingleIndex({ indexName: 'books_fr', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Invalid Application-ID or API key'));
    // A key derived from an index pattern outside the parent's is refused.
    const outside = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictIndices: ['catalogue'] },
    });
    await expect(
      clientFor(outside).searchSingleIndex({ indexName: 'catalogue', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
    const tampered = Buffer.from(
      Buffer.from(secured, 'base64').toString('utf8').replace('books_fr', 'books_en'),
    ).toString('base64');
    await expect(
      clientFor(tampered).searchSingleIndex({ indexName: 'books_en', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Invalid Application-ID or API key'));
    expect(admin.getSecuredApiKeyRemainingValidity({ securedApiKey: secured })).toBeGreaterThan(
      500,
    );
  });
});

describe('limits on a foreign catalogue', () => {
  it('rejects a query over 512 bytes, counting UTF-8 bytes, with the exact body', async () => {
    const fits = 'é'.repeat(256); // 512 bytes
    expect((await raw('/1/indexes/books_en/query', { query: fits })).status).toBe(200);
    const tooLong = await raw('/1/indexes/books_en/query', { query: `${fits}a` });
    expect(tooLong).toEqual({
      status: 400,
      body: {
        message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes',
        status: 400,
      },
    });
    await expect(
      admin.search({ requests: [{ indexName: 'books_en', query: 'x'.repeat(513) }] }),
    ).rejects.toMatchObject(
      apiError(400, 'Invalid value for "query" parameter, expected string shorter than 512 bytes'),
    );
  });

  it('rejects hitsPerPage over 1,000 with a message naming the parameter', async () => {
    const response = await raw('/1/indexes/books_en/query', { hitsPerPage: 1001 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.stringContaining('hitsPerPage'), status: 400 });
    const v4Style = await raw('/1/indexes/*/queries', {
      requests: [{ indexName: 'books_en', params: 'hitsPerPage=5000' }],
    });
    expect(v4Style).toMatchObject({ status: 400, body: { status: 400 } });
    expect((v4Style.body as { message: string }).message).toContain('hitsPerPage');
    const ok = await raw('/1/indexes/books_en/query', { hitsPerPage: 1000 });
    expect(ok).toMatchObject({ status: 200, body: { hitsPerPage: 1000, nbHits: books.length } });
  });

  it('rejects a record over 10 KB, naming its position and objectID, and writes nothing of the batch', async () => {
    const big = { ...books[0], objectID: 'too big/1', description: 'x'.repeat(11_000) };
    const error = await admin
      .saveObjects({ indexName: 'books_en', objects: [books[1] as Book, big] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject(
      apiError(400, /Record at the position 1 objectID=too big\/1 is too big size=\d+.*/),
    );
    const direct = await raw('/1/indexes/books_en/batch', {
      requests: [{ action: 'addObject', body: big }],
    });
    expect(direct).toMatchObject({ status: 400, body: { status: 400 } });
    expect(Object.keys(direct.body as object).sort()).toEqual(['message', 'status']);
    await expect(
      admin.getObject({ indexName: 'books_en', objectID: 'too big/1' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answers paging past paginationLimitedTo with 200, no hits and a message', async () => {
    const result = await admin.searchSingleIndex({
      indexName: 'books_en',
      searchParams: { hitsPerPage: 100, page: 11 },
    });
    expect(result.hits).toEqual([]);
    expect(result.nbHits).toBe(books.length);
    await admin.setSettings({ indexName: 'books_en', indexSettings: { paginationLimitedTo: 20 } });
    const limited = await admin.searchSingleIndex({
      indexName: 'books_en',
      searchParams: { hitsPerPage: 15 },
    });
    expect(limited).toMatchObject({ nbHits: books.length, nbPages: 2 });
    const beyond = await admin.searchSingleIndex({
      indexName: 'books_en',
      searchParams: { hitsPerPage: 15, page: 2 },
    });
    expect(beyond.hits).toEqual([]);
    const second = await admin.searchSingleIndex({
      indexName: 'books_en',
      searchParams: { hitsPerPage: 15, page: 1 },
    });
    expect(second.hits).toHaveLength(5);
    await expect(
      admin.setSettings({ indexName: 'books_en', indexSettings: { paginationLimitedTo: 20_001 } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('rejects more than 1,000 filters and an oversized search body', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => `stats.reviews != ${index + 1000}`);
    const tooMany = await raw('/1/indexes/books_en/query', { numericFilters: many });
    expect(tooMany).toMatchObject({ status: 400, body: { status: 400 } });
    const fits = await raw('/1/indexes/books_en/query', {
      numericFilters: many.slice(0, 1000),
      hitsPerPage: 0,
    });
    expect(fits).toMatchObject({ status: 200, body: { nbHits: books.length } });
    const huge = await raw('/1/indexes/books_en/query', {
      query: '',
      userData: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: expect.any(String), status: 413 });
  });

  it('answers a key over maxQueriesPerIPPerHour with 429, Retry-After and the Algolia body', async () => {
    const key = await createKey({ acl: ['search'], maxQueriesPerIPPerHour: 2 });
    expect((await raw('/1/indexes/books_en/query', {}, key)).status).toBe(200);
    // A multi-query call counts one query per request.
    expect(
      (await raw('/1/indexes/*/queries', { requests: [{ indexName: 'books_en' }] }, key)).status,
    ).toBe(200);
    const response = await fetch(`http://${server.host}:${server.port}/1/indexes/books_en/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': key },
      body: '{}',
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: 'Too Many Requests', status: 429 });
  });

  it('rejects maxFacetHits out of 1–100 and an unparsable body, as 400s', async () => {
    const facets = await raw('/1/indexes/books_en/facets/genres/query', {
      facetQuery: 'f',
      maxFacetHits: 101,
    });
    expect(facets).toMatchObject({ status: 400, body: { status: 400 } });
    expect((facets.body as { message: string }).message).toContain('maxFacetHits');
    const broken = await raw('/1/indexes/books_en/query', '{"query": ');
    expect(broken).toMatchObject({ status: 400, body: { status: 400 } });
    const badFilter = await raw('/1/indexes/books_en/query', { filters: 'genres:Poetry AND (' });
    expect(badFilter).toMatchObject({ status: 400, body: { status: 400 } });
  });
});
