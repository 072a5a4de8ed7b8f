import { createHmac } from 'node:crypto';
import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let now = new Date('2026-03-01T10:00:00.000Z');
beforeAll(async () => {
  t = await startTestApp({
    clock: () => now,
    keys: { appId, adminKey, searchKey, searchKeyIndexes: ['products*'] },
  });
});
afterAll(async () => t.close());
beforeEach(async () => {
  now = new Date('2026-03-01T10:00:00.000Z');
  await t.reset();
  for (const index of ['products', 'products_fr', 'private']) {
    await t.request({
      method: 'PUT',
      url: `/1/indexes/${index}/settings`,
      payload: { attributesForFaceting: ['brand', 'tier'] },
    });
    await t.request({
      method: 'POST',
      url: `/1/indexes/${index}/batch`,
      payload: {
        requests: [
          {
            action: 'addObject',
            body: { objectID: '1', name: 'lg tv', brand: 'LG', tier: 'gold' },
          },
          {
            action: 'addObject',
            body: { objectID: '2', name: 'sony tv', brand: 'Sony', tier: 'basic' },
          },
          {
            action: 'addObject',
            body: { objectID: '3', name: 'lg radio', brand: 'LG', tier: 'basic' },
          },
        ],
      },
    });
  }
});

const createKey = async (payload: Record<string, unknown>) =>
  (await t.request({ method: 'POST', url: '/1/keys', payload })).json().key as string;
const query = (
  key: string,
  indexName = 'products',
  params: Record<string, unknown> = {},
  headers = {},
) =>
  t.request({
    method: 'POST',
    url: '/1/indexes/*/queries',
    key,
    headers,
    payload: { requests: [{ indexName, ...params }] },
  });
const signer = algoliasearch(appId, 'unused');

describe('the keys API', () => {
  it('creates, lists, gets, updates and deletes keys, echoing arrays as stored', async () => {
    const attributes = {
      acl: ['search', 'browse'],
      description: 'storefront',
      indexes: ['products*', 'blog'],
      referers: ['https://shop.example/*'],
      validity: 0,
      maxHitsPerQuery: 5,
      maxQueriesPerIPPerHour: 100,
      queryParameters: 'typoTolerance=false',
    };
    const created = await t.request({ method: 'POST', url: '/1/keys', payload: attributes });
    const { key, createdAt } = created.json();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(createdAt).getTime()).toBe(now.getTime());
    const read = await t.request({ method: 'GET', url: `/1/keys/${key}` });
    expect(read.json()).toEqual({ value: key, createdAt: now.getTime(), ...attributes });
    const list = (await t.request({ method: 'GET', url: '/1/keys' })).json().keys;
    expect(list.map((item: { value: string }) => item.value).sort()).toEqual(
      [key, searchKey].sort(),
    );

    const updated = await t.request({
      method: 'PUT',
      url: `/1/keys/${key}`,
      payload: { acl: ['search'], indexes: ['b', 'a'] },
    });
    expect(updated.json()).toEqual({ key, updatedAt: expect.any(String) });
    expect((await t.request({ method: 'GET', url: `/1/keys/${key}` })).json()).toMatchObject({
      acl: ['search'],
      indexes: ['b', 'a'],
      description: '',
      referers: [],
      maxHitsPerQuery: 0,
    });
    const deleted = await t.request({ method: 'DELETE', url: `/1/keys/${key}` });
    expect(deleted.json()).toEqual({ deletedAt: expect.any(String) });
    expect((await t.request({ method: 'GET', url: `/1/keys/${key}` })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: `/1/keys/${searchKey}`, payload: { acl: [] } }))
        .statusCode,
    ).toBe(400);
  });

  it('lets a key read itself (redacted) and nothing else, and keeps key management for the admin key', async () => {
    const key = await createKey({ acl: ['search'], description: 'secret' });
    expect((await t.request({ method: 'GET', url: `/1/keys/${key}`, key })).json()).toMatchObject({
      description: '<redacted>',
    });
    expect((await t.request({ method: 'GET', url: `/1/keys/${searchKey}`, key })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/1/keys', key })).json()).toEqual({
      message: 'Method not allowed with this API key',
      status: 403,
    });
    expect(
      (await t.request({ method: 'POST', url: '/1/keys', payload: { acl: ['nope'] } })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'POST', url: '/1/keys', payload: {} })).statusCode).toBe(400);
  });
});

describe('key restrictions', () => {
  it('enforces ACLs and index patterns', async () => {
    const key = await createKey({ acl: ['search'], indexes: ['products*'] });
    expect((await query(key)).statusCode).toBe(200);
    expect((await query(key, 'products_fr')).statusCode).toBe(200);
    expect((await query(key, 'private')).json()).toEqual({
      message: 'Index not allowed with this API key',
      status: 403,
    });
    const write = await t.request({ method: 'POST', url: '/1/indexes/products', key, payload: {} });
    expect(write.json()).toEqual({ message: 'Method not allowed with this API key', status: 403 });
    const list = await t.request({
      method: 'GET',
      url: '/1/indexes',
      key: await createKey({ acl: ['listIndexes'], indexes: ['private'] }),
    });
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(['private']);
  });

  it('expires keys after their validity', async () => {
    const key = await createKey({ acl: ['search'], validity: 60 });
    expect((await query(key)).statusCode).toBe(200);
    now = new Date(now.getTime() + 61_000);
    expect((await query(key)).statusCode).toBe(403);
  });

  it('caps hits per query and forces queryParameters', async () => {
    const key = await createKey({
      acl: ['search'],
      maxHitsPerQuery: 1,
      queryParameters: 'filters=brand%3ALG',
    });
    const [result] = (await query(key, 'products', { hitsPerPage: 50 })).json().results;
    expect(result).toMatchObject({ hitsPerPage: 1, nbHits: 2 });
  });

  it('checks referers', async () => {
    const key = await createKey({ acl: ['search'], referers: ['https://shop.example/*'] });
    expect(
      (await query(key, 'products', {}, { referer: 'https://shop.example/fr/page' })).statusCode,
    ).toBe(200);
    expect(
      (await query(key, 'products', {}, { referer: 'https://evil.example/' })).statusCode,
    ).toBe(403);
    expect((await query(key)).statusCode).toBe(403);
  });

  it('rate-limits per IP with 429 and Retry-After, whatever userToken the caller sends', async () => {
    const key = await createKey({ acl: ['search'], maxQueriesPerIPPerHour: 2 });
    expect((await query(key)).statusCode).toBe(200);
    expect((await query(key)).statusCode).toBe(200);
    const limited = await query(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Requests', status: 429 });
    expect(limited.headers['retry-after']).toBe('3600');
    expect((await query(key, 'products', { userToken: 'someone-else' })).statusCode).toBe(429);
    now = new Date(now.getTime() + 3_600_000);
    expect((await query(key)).statusCode).toBe(200);
  });

  it('checks the application id', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/1/indexes',
      headers: { 'x-algolia-application-id': 'other' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('secured API keys', () => {
  it('verifies v5 keys and enforces filters, restrictIndices, userToken and forced parameters', async () => {
    const parent = await createKey({ acl: ['search'], maxQueriesPerIPPerHour: 1000 });
    const secured = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: {
        filters: 'brand:LG',
        restrictIndices: ['products', 'products_fr'],
        validUntil: now.getTime() / 1000 + 3600,
        userToken: 'user-42',
        searchParams: { hitsPerPage: 1 },
      },
    });
    const [result] = (
      await query(secured, 'products', { filters: 'tier:basic', hitsPerPage: 20 })
    ).json().results;
    expect(result).toMatchObject({ nbHits: 1, hitsPerPage: 1 });
    expect(result.hits[0].objectID).toBe('3');
    expect((await query(secured, 'private')).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/1/indexes/products', key: secured, payload: {} }))
        .statusCode,
    ).toBe(403);
    now = new Date(now.getTime() + 3_600_000);
    expect((await query(secured)).json()).toEqual({
      message: 'Invalid Application-ID or API key',
      status: 403,
    });
  });

  it('lets a key read by id only the records its filters let it search', async () => {
    const parent = await createKey({ acl: ['search'] });
    const secured = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'brand:LG', searchParams: { numericFilters: [] } },
    });
    const getObjects = async (key: string) =>
      (
        await t.request({
          method: 'POST',
          url: '/1/indexes/*/objects',
          key,
          payload: {
            requests: ['1', '2', '3', 'missing'].map((objectID) => ({
              indexName: 'products',
              objectID,
            })),
          },
        })
      ).json().results as ({ objectID: string } | null)[];
    expect((await getObjects(secured)).map((record) => record?.objectID ?? null)).toEqual([
      '1',
      null,
      '3',
      null,
    ]);
    const getObject = (key: string, objectID: string) =>
      t.request({ method: 'GET', url: `/1/indexes/products/${objectID}`, key });
    expect((await getObject(secured, '1')).statusCode).toBe(200);
    const hidden = await getObject(secured, '2');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'ObjectID does not exist', status: 404 });
    // A key's own queryParameters restrict the same way; a key without filters reads everything.
    const basicOnly = await createKey({ acl: ['search'], queryParameters: 'filters=tier%3Abasic' });
    expect((await getObjects(basicOnly)).map((record) => record?.objectID ?? null)).toEqual([
      null,
      '2',
      '3',
      null,
    ]);
    expect((await getObjects(parent)).map((record) => record?.objectID ?? null)).toEqual([
      '1',
      '2',
      '3',
      null,
    ]);
    // A filter on an attribute the index cannot filter on lets nothing through (a search with it fails too).
    const undeclared = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'name:x' },
    });
    expect((await getObjects(undeclared)).every((record) => record === null)).toBe(true);
  });

  it('verifies v4 keys (JSON arrays, unsorted restrictions) byte for byte', async () => {
    const parent = await createKey({ acl: ['search'] });
    const v4 = algoliasearchV4(appId, 'unused');
    const secured = v4.generateSecuredApiKey(parent, {
      restrictIndices: ['products_fr'],
      filters: 'brand:Sony',
    });
    const [result] = (await query(secured, 'products_fr')).json().results;
    expect(result.nbHits).toBe(1);
    expect((await query(secured, 'products')).statusCode).toBe(403);
  });

  it('restricts secured keys to a source network', async () => {
    const parent = await createKey({ acl: ['search'] });
    const local = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictSources: '127.0.0.0/8' },
    });
    const remote = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictSources: '10.0.0.0/8' },
    });
    expect((await query(local)).statusCode).toBe(200);
    expect((await query(remote)).statusCode).toBe(403);
  });

  it('refuses tampered keys, keys derived from the admin key, and keys without restrictions', async () => {
    const parent = await createKey({ acl: ['search'] });
    const secured = signer.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'brand:LG' },
    });
    const decoded = Buffer.from(secured, 'base64').toString('utf8');
    const tampered = Buffer.from(decoded.replace('brand%3ALG', 'brand%3ASony')).toString('base64');
    expect((await query(tampered)).statusCode).toBe(403);
    const fromAdmin = signer.generateSecuredApiKey({
      parentApiKey: adminKey,
      restrictions: { filters: 'brand:LG' },
    });
    expect((await query(fromAdmin)).statusCode).toBe(403);
    const empty = Buffer.from(createHmac('sha256', parent).update('').digest('hex')).toString(
      'base64',
    );
    expect((await query(empty)).statusCode).toBe(403);
    const fromSearchKey = signer.generateSecuredApiKey({
      parentApiKey: searchKey,
      restrictions: { filters: 'brand:LG' },
    });
    expect((await query(fromSearchKey)).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/1/keys/${parent}` });
    expect((await query(secured)).statusCode).toBe(403);
  });
});

describe('secured API keys never widen their parent', () => {
  const invalid = { message: 'Invalid Application-ID or API key', status: 403 };
  const notAllowed = { message: 'Index not allowed with this API key', status: 403 };
  const secure = (parentApiKey: string, restrictions: Record<string, unknown>) =>
    signer.generateSecuredApiKey({ parentApiKey, restrictions });

  it('keeps restrictIndices inside the parent key indexes (the search-only key: products*)', async () => {
    const secured = secure(searchKey, { restrictIndices: ['private', 'products'] });
    expect((await query(secured, 'products')).statusCode).toBe(200);
    expect((await query(secured, 'private')).json()).toEqual(notAllowed);
    const everything = secure(searchKey, { restrictIndices: ['*'] });
    expect((await query(everything, 'products_fr')).statusCode).toBe(200);
    expect((await query(everything, 'private')).json()).toEqual(notAllowed);
    const v4 = algoliasearchV4(appId, 'unused').generateSecuredApiKey(searchKey, {
      restrictIndices: ['private'],
    });
    expect((await query(v4, 'private')).json()).toEqual(notAllowed);
    expect((await query(v4, 'products')).json()).toEqual(notAllowed);
    // The parent itself still reaches only its own indexes.
    expect((await query(searchKey, 'private')).json()).toEqual(notAllowed);
  });

  it('ends with the parent key validity even when validUntil is later', async () => {
    const parent = await createKey({ acl: ['search'], validity: 3600 });
    const secured = secure(parent, { validUntil: now.getTime() / 1000 + 86_400 });
    now = new Date(now.getTime() + 1_800_000);
    expect((await query(secured)).statusCode).toBe(200);
    now = new Date(now.getTime() + 1_800_000);
    expect((await query(secured)).json()).toEqual(invalid);
    expect((await query(parent)).json()).toEqual(invalid);
  });

  it("keeps the parent's forced parameters, filters and hit cap over the secured key's", async () => {
    const parent = await createKey({
      acl: ['search'],
      maxHitsPerQuery: 2,
      queryParameters: 'filters=tier%3Abasic&restrictSearchableAttributes=brand',
    });
    const secured = secure(parent, {
      filters: 'brand:LG',
      searchParams: { hitsPerPage: 50, restrictSearchableAttributes: ['name', 'brand'] },
    });
    const [result] = (await query(secured, 'products', { query: 'radio' })).json().results;
    // "radio" is only in a name: the parent searches brands only.
    expect(result).toMatchObject({ nbHits: 0, hitsPerPage: 2 });
    const [all] = (await query(secured)).json().results;
    expect(all).toMatchObject({ nbHits: 1, hitsPerPage: 2 });
    expect(all.hits.map((hit: { objectID: string }) => hit.objectID)).toEqual(['3']);
  });

  it('forces its userToken for rate limiting, whatever the request sends', async () => {
    const parent = await createKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const secured = secure(parent, { userToken: 'user-1', restrictIndices: ['products'] });
    expect((await query(secured, 'products', { userToken: 'a' })).statusCode).toBe(200);
    expect((await query(secured, 'products', { userToken: 'b' })).statusCode).toBe(429);
  });

  it('works like its parent when the embedded restrictions are empty values', async () => {
    const secured = secure(searchKey, { filters: '', restrictIndices: [], userToken: '' });
    expect(Buffer.from(secured, 'base64').toString('utf8').slice(64)).toBe(
      'filters=&restrictIndices=&userToken=',
    );
    const [result] = (await query(secured)).json().results;
    expect(result.nbHits).toBe(3);
    expect((await query(secured, 'private')).json()).toEqual(notAllowed);
    // No restriction at all is refused, as Algolia documents (docs/api.md §7.2).
    expect((await query(secure(searchKey, {}))).json()).toEqual(invalid);
  });

  it('treats the parent key string as the parent itself', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['products'] });
    const [result] = (await query(parent)).json().results;
    expect(result.nbHits).toBe(3);
    expect((await query(parent, 'products_fr')).json()).toEqual(notAllowed);
  });

  it('refuses tampered keys with Algolia’s message', async () => {
    const secured = secure(searchKey, { restrictIndices: ['products'], filters: 'brand:LG' });
    const decoded = Buffer.from(secured, 'base64').toString('utf8');
    const widened = Buffer.from(
      decoded.replace('restrictIndices=products', 'restrictIndices=products%2Cprivate'),
    ).toString('base64');
    const noFilter = Buffer.from(decoded.replace('filters=brand%3ALG&', '')).toString('base64');
    const badSignature = Buffer.from((decoded[0] === 'a' ? 'b' : 'a') + decoded.slice(1)).toString(
      'base64',
    );
    for (const key of [widened, noFilter, badSignature, secured.slice(0, -8), `${secured}AAAA`]) {
      expect((await query(key)).json()).toEqual(invalid);
    }
    expect((await query(secured)).statusCode).toBe(200);
  });
});
