/**
 * Keys and limits, through the official v5 client on the books catalogue: every ACL of
 * docs/api.md §2.1/§7.1 against its routes, `*suffix` and `*infix*` index patterns, the key CRUD round trip,
 * updates taking effect, secured keys with `userToken`, `restrictSources` and forced search parameters, and the
 * §8 limits that key-restrictions.test.ts does not try (length, maxValuesPerFacet, distinct, ruleContexts, analyticsTags, geo).
 */
import { type Acl, algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books, countFacet } from '../../support/books.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
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
  for (const indexName of ['shop_books', 'books_archive', 'old_books_2020']) {
    await admin.setSettings({ indexName, indexSettings: bookSettings });
    await admin.saveObjects({ indexName, objects: [...books], waitForTasks: true });
  }
});
afterAll(async () => server.close());

const createKey = (apiKey: Parameters<typeof admin.addApiKey>[0]) => createKeyWith(admin, apiKey);

const raw = (path: string, body: unknown, apiKey = adminKey) => postRaw(server, path, body, apiKey);

const denied = apiError(403, 'Method not allowed with this API key');

/** One call per route family, on a scratch index so writes never disturb the others. */
function callsFor(client: SearchClient) {
  const indexName = 'shop_books';
  return {
    search: () => client.searchSingleIndex({ indexName, searchParams: { query: 'river' } }),
    browse: () => client.browse({ indexName, browseParams: { hitsPerPage: 1 } }),
    addObject: () =>
      client.partialUpdateObject({
        indexName,
        objectID: 'b4',
        attributesToUpdate: { touched: { _operation: 'Increment', value: 1 } },
      }),
    deleteObject: () => client.deleteObject({ indexName, objectID: 'no-such-record' }),
    deleteIndex: () => client.deleteIndex({ indexName: 'shop_scratch_to_delete' }),
    settings: () => client.getSettings({ indexName }),
    editSettings: () => client.setSettings({ indexName, indexSettings: { hitsPerPage: 20 } }),
    listIndexes: () => client.listIndices(),
  };
}

describe('each ACL opens its own routes and no other', () => {
  const acls = [
    'search',
    'browse',
    'addObject',
    'deleteObject',
    'deleteIndex',
    'settings',
    'editSettings',
    'listIndexes',
  ] as const;
  for (const acl of acls) {
    it(`a key with only ${acl}`, async () => {
      const key = await createKey({ acl: [acl as Acl] });
      const calls = callsFor(clientFor(key));
      for (const other of acls) {
        const call = calls[other];
        if (other === acl) await expect(call(), `${acl} may ${other}`).resolves.toBeDefined();
        else await expect(call(), `${acl} may not ${other}`).rejects.toMatchObject(denied);
      }
    });
  }

  it('deleteBy and clearObjects need deleteIndex, task status needs addObject', async () => {
    const deleter = clientFor(await createKey({ acl: ['deleteObject', 'addObject'] }));
    await expect(
      deleter.deleteBy({ indexName: 'shop_books', deleteByParams: { filters: 'language:xx' } }),
    ).rejects.toMatchObject(denied);
    await expect(deleter.clearObjects({ indexName: 'shop_books' })).rejects.toMatchObject(denied);
    const { taskID } = await admin.setSettings({
      indexName: 'shop_books',
      indexSettings: { hitsPerPage: 20 },
    });
    await expect(deleter.getTask({ indexName: 'shop_books', taskID })).resolves.toMatchObject({
      status: 'published',
    });
    const searcher = clientFor(await createKey({ acl: ['search'] }));
    await expect(searcher.getTask({ indexName: 'shop_books', taskID })).rejects.toMatchObject(
      denied,
    );
  });

  it('analytics routes need the analytics ACL', async () => {
    const analyst = await createKey({ acl: ['analytics'] });
    const searcher = await createKey({ acl: ['search'] });
    const get = (key: string) =>
      fetch(`http://${server.host}:${server.port}/2/searches?index=shop_books`, {
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': key },
      });
    expect((await get(analyst)).status).toBe(200);
    const refused = await get(searcher);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Method not allowed with this API key',
      status: 403,
    });
  });
});

describe('index patterns', () => {
  it('matches *suffix and *infix* patterns, on single and multi-index routes', async () => {
    const suffix = clientFor(await createKey({ acl: ['search'], indexes: ['*_books'] }));
    expect(
      (await suffix.searchSingleIndex({ indexName: 'shop_books', searchParams: {} })).nbHits,
    ).toBe(books.length);
    await expect(
      suffix.searchSingleIndex({ indexName: 'books_archive', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    const infix = clientFor(await createKey({ acl: ['search'], indexes: ['*books_*'] }));
    const { results } = await infix.search({
      requests: [
        { indexName: 'books_archive', hitsPerPage: 0 },
        { indexName: 'old_books_2020', hitsPerPage: 0 },
      ],
    });
    expect(results).toHaveLength(2);
    await expect(
      infix.searchSingleIndex({ indexName: 'shop_books', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
  });
});

describe('index restrictions beyond search', () => {
  it('lists only the indices the key may access (Algolia docs, "List indices")', async () => {
    const lister = clientFor(await createKey({ acl: ['listIndexes'], indexes: ['*_books'] }));
    const { items } = await lister.listIndices();
    const { items: all } = await admin.listIndices();
    const expected = all.map((item) => item.name).filter((name) => name.endsWith('_books'));
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((item) => item.name).sort()).toEqual(expected.sort());
  });

  it('refuses a multipleBatch that writes one index outside the patterns, writing nothing', async () => {
    const writer = clientFor(await createKey({ acl: ['addObject'], indexes: ['shop_*'] }));
    await expect(
      writer.multipleBatch({
        requests: [
          { indexName: 'shop_books', action: 'addObject', body: { objectID: 'w1', title: 'w' } },
          { indexName: 'books_archive', action: 'addObject', body: { objectID: 'w1', title: 'w' } },
        ],
      }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    await expect(
      admin.getObject({ indexName: 'shop_books', objectID: 'w1' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the key lifecycle', () => {
  it('round-trips every field, lists the key, and a search key reads only itself, redacted', async () => {
    const sent = {
      acl: ['search', 'browse'] as Acl[],
      description: 'partner feed',
      indexes: ['shop_*', 'books_archive'],
      maxHitsPerQuery: 7,
      maxQueriesPerIPPerHour: 500,
      referers: ['https://partner.example/*'],
      queryParameters: 'typoTolerance=false&hitsPerPage=3',
      validity: 3600,
    };
    const { key, createdAt } = await admin.addApiKey(sent);
    expect(Number.isNaN(Date.parse(createdAt))).toBe(false);
    await admin.waitForApiKey({ key, operation: 'add' });
    const stored = await admin.getApiKey({ key });
    expect(stored).toMatchObject({ ...sent, value: key });
    expect(typeof stored.createdAt).toBe('number');
    // validity counts down from creation.
    expect(stored.validity).toBeLessThanOrEqual(3600);
    expect(stored.validity).toBeGreaterThan(3500);
    const { keys } = await admin.listApiKeys();
    expect(keys.find((listed) => listed.value === key)).toMatchObject({ acl: sent.acl });

    const fromPartner = { headers: { referer: 'https://partner.example/feed' } };
    const own = await clientFor(key).getApiKey({ key }, fromPartner);
    expect(own).toMatchObject({ value: key, acl: sent.acl, description: '<redacted>' });
    const other = await createKey({ acl: ['search'] });
    await expect(clientFor(key).getApiKey({ key: other }, fromPartner)).rejects.toMatchObject({
      status: 403,
    });
    await expect(admin.getApiKey({ key: 'no-such-key' })).rejects.toMatchObject({ status: 404 });
  });

  it('an update takes effect at once and resets the fields it omits', async () => {
    const key = await createKey({ acl: ['search'], indexes: ['shop_books'], maxHitsPerQuery: 2 });
    const client = clientFor(key);
    expect(
      (await client.searchSingleIndex({ indexName: 'shop_books', searchParams: {} })).hits,
    ).toHaveLength(2);
    const update = { acl: ['search', 'browse'] as Acl[], indexes: ['books_*'] };
    const { key: updatedKey, updatedAt } = await admin.updateApiKey({ key, apiKey: update });
    expect(updatedKey).toBe(key);
    expect(typeof updatedAt).toBe('string');
    await admin.waitForApiKey({ key, operation: 'update', apiKey: update });
    await expect(
      client.searchSingleIndex({ indexName: 'shop_books', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Index not allowed with this API key'));
    const archive = await client.searchSingleIndex({
      indexName: 'books_archive',
      searchParams: { hitsPerPage: 30 },
    });
    // maxHitsPerQuery was omitted from the update: reset to 0, no cap.
    expect(archive.hits).toHaveLength(30);
    expect((await client.browse({ indexName: 'books_archive' })).hits.length).toBeGreaterThan(0);
    const stored = await admin.getApiKey({ key });
    expect(stored.maxHitsPerQuery).toBe(0);
    const { deletedAt } = await admin.deleteApiKey({ key });
    expect(typeof deletedAt).toBe('string');
    await admin.waitForApiKey({ key, operation: 'delete' });
    await expect(
      client.searchSingleIndex({ indexName: 'books_archive', searchParams: {} }),
    ).rejects.toMatchObject(apiError(403, 'Invalid Application-ID or API key'));
  });

  it('enforces the queryParameters of a key over what the request sends', async () => {
    const forced = clientFor(
      await createKey({ acl: ['search'], queryParameters: 'hitsPerPage=2&typoTolerance=false' }),
    );
    const page = await forced.searchSingleIndex({
      indexName: 'shop_books',
      searchParams: { hitsPerPage: 10 },
    });
    expect(page.hits).toHaveLength(2);
    const typo = await forced.searchSingleIndex({
      indexName: 'shop_books',
      searchParams: { query: 'rivr', typoTolerance: true },
    });
    expect(typo.nbHits).toBe(0);
  });

  it('clamps length by maxHitsPerQuery as it clamps hitsPerPage', async () => {
    const capped = clientFor(await createKey({ acl: ['search'], maxHitsPerQuery: 4 }));
    const result = await capped.searchSingleIndex({
      indexName: 'shop_books',
      searchParams: { offset: 10, length: 50 },
    });
    expect(result.hits).toHaveLength(4);
  });
});

describe('secured keys: forced parameters, userToken rate limits and restrictSources', () => {
  it('forces search parameters the request cannot override', async () => {
    const parent = await createKey({ acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { searchParams: { hitsPerPage: 2, attributesToRetrieve: ['title'] } },
    });
    const result = await clientFor(secured).searchSingleIndex({
      indexName: 'shop_books',
      searchParams: { hitsPerPage: 50, attributesToRetrieve: ['*'] },
    });
    expect(result.hits).toHaveLength(2);
    for (const hit of result.hits) {
      const attributes = Object.keys(hit).filter((name) => !name.startsWith('_'));
      expect(attributes.sort()).toEqual(['objectID', 'title']);
    }
  });

  it('counts the rate limit per userToken of the secured key, not per IP', async () => {
    const parent = await createKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const alice = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { userToken: 'alice' },
    });
    const bob = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { userToken: 'bob' },
    });
    expect((await raw('/1/indexes/shop_books/query', {}, alice)).status).toBe(200);
    expect((await raw('/1/indexes/shop_books/query', {}, bob)).status).toBe(200);
    expect(await raw('/1/indexes/shop_books/query', {}, alice)).toEqual({
      status: 429,
      body: { message: 'Too Many Requests', status: 429 },
    });
  });

  it('accepts a caller inside restrictSources and refuses one outside', async () => {
    const parent = await createKey({ acl: ['search'] });
    const inside = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictSources: '127.0.0.0/8' },
    });
    const outside = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictSources: '10.1.2.0/24' },
    });
    expect((await raw('/1/indexes/shop_books/query', {}, inside)).status).toBe(200);
    expect((await raw('/1/indexes/shop_books/query', {}, outside)).status).toBe(403);
  });

  it('refuses a secured key derived from the admin key', async () => {
    const fromAdmin = admin.generateSecuredApiKey({
      parentApiKey: adminKey,
      restrictions: { filters: 'language:fr' },
    });
    expect((await raw('/1/indexes/shop_books/query', {}, fromAdmin)).status).toBe(403);
  });
});

describe('secured key filters on other routes', () => {
  it('applies the secured filters to browse and to facet-value counts', async () => {
    const parent = await createKey({ acl: ['search', 'browse'] });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { filters: 'language:fr' },
      }),
    );
    const french = books.filter((book) => book.language === 'fr');
    const browsed: string[] = [];
    await secured.browseObjects<Book>({
      indexName: 'shop_books',
      browseParams: { hitsPerPage: 7 },
      aggregator: (response) => {
        for (const hit of response.hits) browsed.push(hit.objectID);
      },
    });
    expect(browsed.sort()).toEqual(french.map((book) => book.objectID).sort());
    const { facetHits } = await secured.searchForFacetValues({
      indexName: 'shop_books',
      facetName: 'genres',
      searchForFacetValuesRequest: { facetQuery: '', maxFacetHits: 100 },
    });
    const expected = countFacet(french, 'genres');
    expect(Object.fromEntries(facetHits.map((hit) => [hit.value, hit.count]))).toEqual(expected);
  });
});

describe('secured key restrictIndices on every read route', () => {
  it('refuses getObjects, browse and facet search outside restrictIndices', async () => {
    const parent = await createKey({ acl: ['search', 'browse'] });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { restrictIndices: ['shop_books'] },
      }),
    );
    const notAllowed = apiError(403, 'Index not allowed with this API key');
    expect(
      (await secured.getObjects({ requests: [{ indexName: 'shop_books', objectID: 'b6' }] }))
        .results,
    ).toEqual([books[6]]);
    await expect(
      secured.getObjects({ requests: [{ indexName: 'books_archive', objectID: 'b4' }] }),
    ).rejects.toMatchObject(notAllowed);
    await expect(
      secured.getObject({ indexName: 'books_archive', objectID: 'b4' }),
    ).rejects.toMatchObject(notAllowed);
    await expect(secured.browse({ indexName: 'books_archive' })).rejects.toMatchObject(notAllowed);
    await expect(
      secured.searchForFacetValues({ indexName: 'books_archive', facetName: 'genres' }),
    ).rejects.toMatchObject(notAllowed);
    await expect(
      secured.search({
        requests: [{ indexName: 'books_archive', type: 'facet', facet: 'genres', facetQuery: 'f' }],
      }),
    ).rejects.toMatchObject(notAllowed);
  });
});

describe('key validation', () => {
  it('rejects an unknown ACL and out-of-range numbers with a 400', async () => {
    await expect(admin.addApiKey({ acl: ['search', 'fly' as Acl] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(admin.addApiKey({ acl: ['search'], validity: -1 })).rejects.toMatchObject({
      status: 400,
    });
    await expect(admin.addApiKey({ acl: ['search'], maxHitsPerQuery: -5 })).rejects.toMatchObject({
      status: 400,
    });
    // The client refuses to send a key without acl: the wire must refuse it too.
    const noAcl = await raw('/1/keys', { description: 'no acl' });
    expect(noAcl).toMatchObject({ status: 400, body: { status: 400 } });
    expect((noAcl.body as { message: string }).message).toContain('acl');
  });
});

describe('request limits: length, distinct, ruleContexts, analyticsTags, geo, rules and userData', () => {
  const bad = async (params: Record<string, unknown>, name: string) => {
    const response = await raw('/1/indexes/shop_books/query', params);
    expect(response.status, name).toBe(400);
    expect(Object.keys(response.body as object).sort()).toEqual(['message', 'status']);
    expect((response.body as { message: string }).message, name).toContain(name);
  };

  it('rejects length over 1,000, distinct over 4, more than 10 ruleContexts, long analyticsTags and geo', async () => {
    await bad({ offset: 0, length: 1001 }, 'length');
    await bad({ distinct: 5 }, 'distinct');
    await bad(
      { ruleContexts: Array.from({ length: 11 }, (_, index) => `c${index}`) },
      'ruleContexts',
    );
    await bad({ analyticsTags: ['x'.repeat(101)] }, 'analyticsTags');
    await bad({ aroundLatLng: '48.85, 2.35' }, 'aroundLatLng');
    await bad({ insideBoundingBox: [[1, 2, 3, 4]] }, 'insideBoundingBox');
    // Bounds that are allowed.
    const edge = await raw('/1/indexes/shop_books/query', {
      offset: 0,
      length: 1000,
      distinct: 4,
      ruleContexts: Array.from({ length: 10 }, (_, index) => `c${index}`),
      analyticsTags: ['x'.repeat(100)],
    });
    expect(edge.status).toBe(200);
  });

  it('rejects ill-typed paging, deep facetFilters, keywords in numericFilters and filter scores over 65,535', async () => {
    await bad({ hitsPerPage: -1 }, 'hitsPerPage');
    await bad({ page: -1 }, 'page');
    await bad({ page: 'two' }, 'page');
    // (A number as `query` is read as its text on purpose: see read-param.ts `readString`.)
    await bad({ facetFilters: [[['language:fr']]] }, 'facetFilters');
    await bad({ numericFilters: ['pages > 1 AND pages < 5'] }, 'numericFilters');
    const score = await raw('/1/indexes/shop_books/query', {
      optionalFilters: ['language:fr<score=65536>'],
    });
    expect(score.status).toBe(400);
    const ok = await raw('/1/indexes/shop_books/query', {
      optionalFilters: ['language:fr<score=65535>'],
      hitsPerPage: 0,
    });
    expect(ok.status).toBe(200);
  });

  it('rejects rules over their documented limits and settings userData over 32 kB', async () => {
    const rule = (consequence: Record<string, unknown>, conditions = 1) => ({
      objectID: 'limit-rule',
      conditions: Array.from({ length: conditions }, (_, index) => ({
        pattern: `w${index}`,
        anchoring: 'contains' as const,
      })),
      consequence,
    });
    const save = (body: ReturnType<typeof rule>) =>
      admin.saveRule({ indexName: 'shop_books', objectID: body.objectID, rule: body as never });
    await expect(save(rule({ userData: { a: 1 } }, 26))).rejects.toMatchObject({ status: 400 });
    await expect(save(rule({ userData: { a: 'x'.repeat(1100) } }))).rejects.toMatchObject({
      status: 400,
    });
    const hide = Array.from({ length: 51 }, (_, index) => ({ objectID: `h${index}` }));
    await expect(save(rule({ hide }))).rejects.toMatchObject({ status: 400 });
    const promote = Array.from({ length: 301 }, (_, index) => ({
      objectID: `p${index}`,
      position: index,
    }));
    await expect(save(rule({ promote }))).rejects.toMatchObject({ status: 400 });
    await expect(save(rule({ userData: { a: 1 } }, 25))).resolves.toBeDefined();
    await expect(
      admin.setSettings({
        indexName: 'shop_books',
        indexSettings: { userData: { blob: 'x'.repeat(33 * 1024) } },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('clamps maxValuesPerFacet above 1,000 instead of rejecting it', async () => {
    const many = Array.from({ length: 1100 }, (_, index) => ({
      objectID: `v${index}`,
      code: `code-${index}`,
    }));
    await admin.setSettings({
      indexName: 'many_values',
      indexSettings: { attributesForFaceting: ['code'] },
    });
    await admin.saveObjects({ indexName: 'many_values', objects: many, waitForTasks: true });
    const result = await admin.searchSingleIndex({
      indexName: 'many_values',
      searchParams: { facets: ['code'], maxValuesPerFacet: 5000, hitsPerPage: 0 },
    });
    expect(Object.keys(result.facets?.['code'] ?? {})).toHaveLength(1000);
    const three = await admin.searchSingleIndex<Book>({
      indexName: 'shop_books',
      searchParams: { facets: ['publisher'], maxValuesPerFacet: 3, hitsPerPage: 0 },
    });
    const counts = Object.entries(countFacet(books, 'publisher')).sort((a, b) => b[1] - a[1]);
    expect(Object.keys(three.facets?.['publisher'] ?? {})).toHaveLength(3);
    expect(Object.values(three.facets?.['publisher'] ?? {}).sort((a, b) => b - a)).toEqual(
      counts.slice(0, 3).map(([, count]) => count),
    );
  });
});
