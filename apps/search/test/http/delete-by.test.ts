import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.ts';
import { adminKey, appId, searchKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request({
    method: 'PUT',
    url: '/1/indexes/items/settings',
    payload: { attributesForFaceting: ['brand', 'filterOnly(color)'], replicas: ['items_copy'] },
  });
  await seed();
});

const seed = () =>
  t.request({
    method: 'POST',
    url: '/1/indexes/items/batch',
    payload: {
      requests: [
        { objectID: '1', brand: 'LG', color: 'red', price: 10, _tags: ['sale'] },
        { objectID: '2', brand: 'LG', color: 'blue', price: 20 },
        { objectID: '3', brand: 'Sony', color: 'red', price: 30, _tags: ['sale'] },
        { objectID: '4', brand: 'Sony', color: 'blue', price: 40 },
        { objectID: '5', brand: 'Acme', color: 'green', price: 50 },
      ].map((body) => ({ action: 'addObject', body })),
    },
  });

const deleteBy = (
  payload: Record<string, unknown> | string,
  key: string = adminKey,
  index = 'items',
) => t.request({ method: 'POST', url: `/1/indexes/${index}/deleteByQuery`, payload, key });
const remaining = async (index = 'items') =>
  (
    await t.request({
      method: 'POST',
      url: `/1/indexes/${index}/browse`,
      payload: { attributesToRetrieve: ['objectID'] },
    })
  )
    .json()
    .hits.map((hit: { objectID: string }) => hit.objectID)
    .sort();

describe('deleteBy (POST /1/indexes/{index}/deleteByQuery)', () => {
  it('deletes the records matching a filters string, a params string or array filters', async () => {
    const response = await deleteBy({ filters: 'brand:LG AND price > 15' });
    expect(response.statusCode).toBe(200);
    const { taskID, updatedAt } = response.json();
    expect(response.json()).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect(new Date(updatedAt).toISOString()).toBe(updatedAt);
    expect(
      (await t.request({ method: 'GET', url: `/1/indexes/items/task/${taskID}` })).json().status,
    ).toBe('published');
    expect(await remaining()).toEqual(['1', '3', '4', '5']);

    await deleteBy({ params: 'facetFilters=%5B%5B%22color%3Agreen%22%2C%22brand%3ASony%22%5D%5D' });
    expect(await remaining()).toEqual(['1']);
    // The replica follows its primary.
    expect(await remaining('items_copy')).toEqual(['1']);
  });

  it('accepts numericFilters and tagFilters, and ANDs them', async () => {
    await deleteBy({ numericFilters: ['price<=30'], tagFilters: ['sale'] });
    expect(await remaining()).toEqual(['2', '4', '5']);
  });

  it('deletes nothing when nothing matches, and is a no-op on a missing index', async () => {
    const response = await deleteBy({ filters: 'brand:Nobody' });
    expect(response.json()).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect(await remaining()).toEqual(['1', '2', '3', '4', '5']);
    expect((await deleteBy({ filters: 'brand:LG' }, adminKey, 'ghost')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/1/indexes/ghost/settings' })).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty filter, a query or other search parameters, and invalid filters', async () => {
    for (const payload of [
      {},
      { filters: '' },
      { filters: '  ' },
      { facetFilters: [] },
      { params: '' },
    ]) {
      const response = await deleteBy(payload);
      expect(response.json()).toEqual({
        message:
          'deleteBy needs a non-empty filter (filters, facetFilters, numericFilters or tagFilters): it does not delete every record',
        status: 400,
      });
    }
    expect((await deleteBy({ query: 'lg', filters: 'brand:LG' })).json()).toEqual({
      message:
        'deleteBy does not accept the query parameter: use filters, facetFilters, numericFilters or tagFilters',
      status: 400,
    });
    expect((await deleteBy({ params: 'hitsPerPage=2&filters=brand%3ALG' })).json()).toMatchObject({
      message: expect.stringContaining('hitsPerPage'),
      status: 400,
    });
    expect((await deleteBy({ filters: 'brand:LG AND (' })).json()).toMatchObject({
      message: expect.stringContaining('filters'),
      status: 400,
    });
    // Not in attributesForFaceting.
    expect((await deleteBy({ filters: 'name:x' })).json()).toMatchObject({
      message: expect.stringContaining('name'),
      status: 400,
    });
    expect((await deleteBy({ aroundLatLng: '48.85, 2.35' })).json()).toMatchObject({
      message: expect.stringContaining('aroundLatLng'),
      status: 400,
    });
    expect((await deleteBy('not json object')).statusCode).toBe(400);
    expect((await deleteBy({ filters: 'brand:LG' }, adminKey, 'items_copy')).json()).toEqual({
      message: 'items_copy is a replica of items: delete the records from the primary index',
      status: 400,
    });
    expect(await remaining()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('needs the deleteIndex ACL and an allowed index', async () => {
    expect((await deleteBy({ filters: 'brand:LG' }, searchKey)).json()).toEqual({
      message: 'Method not allowed with this API key',
      status: 403,
    });
    const created = await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['deleteIndex'], indexes: ['other*'] },
    });
    const key = created.json().key as string;
    expect((await deleteBy({ filters: 'brand:LG' }, key)).json()).toEqual({
      message: 'Index not allowed with this API key',
      status: 403,
    });
    expect(await remaining()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('applies in order with the writes around it, and survives a restart', async () => {
    const writes = await Promise.all([
      t.request({
        method: 'PUT',
        url: '/1/indexes/items/6',
        payload: { brand: 'LG', color: 'red', price: 60 },
      }),
      deleteBy({ filters: 'brand:LG' }),
      t.request({
        method: 'PUT',
        url: '/1/indexes/items/7',
        payload: { brand: 'LG', color: 'red', price: 70 },
      }),
    ]);
    const taskIDs = writes.map((response) => response.json().taskID as number);
    expect([...taskIDs].sort((a, b) => a - b)).toEqual(taskIDs);
    expect(await remaining()).toEqual(['3', '4', '5', '7']);

    const restarted = await buildApp({ keys: { appId, adminKey, searchKey }, store: t.store });
    try {
      await restarted.vitrine.ready;
      const browsed = await restarted.inject({
        method: 'POST',
        url: '/1/indexes/items/browse',
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
        payload: {},
      });
      expect(
        browsed
          .json()
          .hits.map((hit: { objectID: string }) => hit.objectID)
          .sort(),
      ).toEqual(['3', '4', '5', '7']);
    } finally {
      await restarted.close();
    }
  });
});

describe('random input', () => {
  const name = fc.constantFrom(
    'filters',
    'facetFilters',
    'numericFilters',
    'tagFilters',
    'aroundLatLng',
    'insidePolygon',
    'query',
    'params',
  );
  const filterText = fc.oneof(
    fc.constantFrom(
      'brand:LG',
      'price > 20',
      'color:red OR color:blue',
      '_tags:sale',
      '["brand:LG"]',
    ),
    fc.string({ maxLength: 12 }),
  );
  const paramValue = fc.oneof(filterText, fc.jsonValue({ maxDepth: 2 }));

  it('never answers a 5xx to deleteBy bodies or legacy GET searches, and deletes exactly the matches', async () => {
    let deletions = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(name, paramValue, { maxKeys: 3 }),
        fc.dictionary(name, filterText, { maxKeys: 3 }),
        async (body, query) => {
          await seed();
          const browsed = await t.request({
            method: 'POST',
            url: '/1/indexes/items/browse',
            payload: { ...body, attributesToRetrieve: ['objectID'] },
          });
          const response = await deleteBy(body);
          expect(response.statusCode).toBeLessThan(500);
          const after = await remaining();
          if (response.statusCode === 200) {
            // Exactly the records a browse with the same filter returned are gone.
            const matched = browsed.json().hits.map((hit: { objectID: string }) => hit.objectID);
            expect(after).toEqual(['1', '2', '3', '4', '5'].filter((id) => !matched.includes(id)));
            if (matched.length > 0) deletions += 1;
          } else {
            expect(after).toEqual(['1', '2', '3', '4', '5']);
          }
          const search = await t.request({
            method: 'GET',
            url: `/1/indexes/items?${new URLSearchParams(query).toString()}`,
          });
          expect(search.statusCode).toBeLessThan(500);
        },
      ),
      // Random bodies rarely hold only valid filters: these examples (run first) always reach a deletion.
      {
        numRuns: 150,
        examples: [
          [{ filters: 'brand:LG' }, { query: 'lg' }],
          [{ numericFilters: 'price > 20' }, {}],
        ],
      },
    );
    expect(deletions).toBeGreaterThan(0);
  });
});
