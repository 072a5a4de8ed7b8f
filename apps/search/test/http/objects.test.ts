import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminKey, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const batch = (index: string, requests: unknown[]) =>
  t.request({ method: 'POST', url: `/1/indexes/${index}/batch`, payload: { requests } });
const get = async (index: string, objectID: string, query = '') =>
  t.request({ method: 'GET', url: `/1/indexes/${index}/${encodeURIComponent(objectID)}${query}` });

describe('single-record writes', () => {
  it('saves with a generated id (201), replaces, and deletes', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/1/indexes/items',
      payload: { name: 'auto' },
    });
    expect(created.statusCode).toBe(201);
    const { objectID, taskID, createdAt } = created.json();
    expect(typeof objectID).toBe('string');
    expect(taskID).toBeGreaterThan(0);
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect((await get('items', objectID)).json()).toEqual({ objectID, name: 'auto' });

    const replaced = await t.request({
      method: 'PUT',
      url: `/1/indexes/items/${objectID}`,
      payload: { other: 1 },
    });
    expect(replaced.json()).toMatchObject({
      objectID,
      taskID: expect.any(Number),
      updatedAt: expect.any(String),
    });
    expect((await get('items', objectID)).json()).toEqual({ objectID, other: 1 });

    const deleted = await t.request({ method: 'DELETE', url: `/1/indexes/items/${objectID}` });
    expect(deleted.json()).toEqual({ taskID: expect.any(Number), deletedAt: expect.any(String) });
    expect((await get('items', objectID)).json()).toEqual({
      message: 'ObjectID does not exist',
      status: 404,
    });
  });

  it('saves under the objectID of the body when it holds one, replacing that record', async () => {
    const first = await t.request({
      method: 'POST',
      url: '/1/indexes/items',
      payload: { objectID: 'mine', name: 'first' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ objectID: 'mine' });
    await t.request({
      method: 'POST',
      url: '/1/indexes/items',
      payload: { objectID: 'mine', other: 2 },
    });
    expect((await get('items', 'mine')).json()).toEqual({ objectID: 'mine', other: 2 });
    const listed = (await t.request({ method: 'GET', url: '/1/indexes' })).json();
    expect(listed.items[0].entries).toBe(1);
    const bad = await t.request({
      method: 'POST',
      url: '/1/indexes/items',
      payload: { objectID: '' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('applies every partial-update operation', async () => {
    await batch('items', [
      {
        action: 'addObject',
        body: {
          objectID: 'p',
          stock: 5,
          tags: ['a', 'b'],
          views: 1,
          version: 2,
          level: 3,
          keep: 'x',
        },
      },
    ]);
    const partial = (body: object, query = '') =>
      t.request({ method: 'POST', url: `/1/indexes/items/p/partial${query}`, payload: body });
    await partial({
      stock: { _operation: 'Decrement', value: 2 },
      views: { _operation: 'Increment', value: 10 },
      tags: { _operation: 'AddUnique', value: 'b' },
      name: 'plain replace',
    });
    await partial({ tags: { _operation: 'Add', value: 'c' } });
    await partial({ tags: { _operation: 'Remove', value: 'a' } });
    await partial({ version: { _operation: 'IncrementFrom', value: 2 } });
    await partial({
      version: { _operation: 'IncrementFrom', value: 2 },
      keep: 'ignored with the update',
    });
    await partial({ level: { _operation: 'IncrementSet', value: 10 } });
    await partial({ level: { _operation: 'IncrementSet', value: 4 } });
    expect((await get('items', 'p')).json()).toEqual({
      objectID: 'p',
      stock: 3,
      views: 11,
      tags: ['b', 'c'],
      version: 3,
      level: 10,
      keep: 'x',
      name: 'plain replace',
    });
    expect((await partial({ x: { _operation: 'Explode', value: 1 } })).statusCode).toBe(400);
  });

  it('creates on partial update unless told not to', async () => {
    await t.request({
      method: 'POST',
      url: '/1/indexes/items/new/partial',
      payload: { n: { _operation: 'Increment', value: 1 } },
    });
    expect((await get('items', 'new')).json()).toEqual({ objectID: 'new', n: 1 });
    await t.request({
      method: 'POST',
      url: '/1/indexes/items/none/partial?createIfNotExists=false',
      payload: { n: 1 },
    });
    expect((await get('items', 'none')).statusCode).toBe(404);
  });
});

describe('reading records', () => {
  beforeEach(async () => {
    await t.request({
      method: 'PUT',
      url: '/1/indexes/items/settings',
      payload: { unretrievableAttributes: ['cost'] },
    });
    await batch('items', [
      { action: 'addObject', body: { objectID: '1', name: 'one', price: 1, cost: 0.5 } },
      { action: 'addObject', body: { objectID: '2', name: 'two', price: 2, cost: 1 } },
    ]);
  });

  it('gets many records in request order, null for missing ones', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/1/indexes/*/objects',
      payload: {
        requests: [
          { indexName: 'items', objectID: '2', attributesToRetrieve: ['name'] },
          { indexName: 'items', objectID: 'nope' },
          { indexName: 'elsewhere', objectID: '1' },
          { indexName: 'items', objectID: '1' },
        ],
      },
    });
    expect(response.json()).toEqual({
      results: [
        { objectID: '2', name: 'two' },
        null,
        null,
        { objectID: '1', name: 'one', price: 1, cost: 0.5 },
      ],
    });
  });

  it('applies attributesToRetrieve and hides unretrievable attributes from non-admin keys', async () => {
    expect((await get('items', '1', '?attributesToRetrieve=name,price')).json()).toEqual({
      objectID: '1',
      name: 'one',
      price: 1,
    });
    const key = await t.request({ method: 'POST', url: '/1/keys', payload: { acl: ['search'] } });
    const search = await t.request({
      method: 'GET',
      url: '/1/indexes/items/1',
      key: key.json().key,
    });
    expect(search.json()).toEqual({ objectID: '1', name: 'one', price: 1 });
    const query = (apiKey: string) =>
      t.request({
        method: 'POST',
        url: '/1/indexes/items/query',
        key: apiKey,
        payload: { query: 'one' },
      });
    expect((await query(key.json().key)).json().hits[0]).not.toHaveProperty('cost');
    expect((await query(adminKey)).json().hits[0]).toHaveProperty('cost', 0.5);
  });

  it("hides the primary's unretrievable attributes when reading through a virtual replica", async () => {
    await t.request({
      method: 'PUT',
      url: '/1/indexes/items/settings',
      payload: { replicas: ['virtual(items_rel)'] },
    });
    const key = (
      await t.request({ method: 'POST', url: '/1/keys', payload: { acl: ['search'] } })
    ).json().key;
    const one = await t.request({ method: 'GET', url: '/1/indexes/items_rel/1', key });
    expect(one.json()).toEqual({ objectID: '1', name: 'one', price: 1 });
    const many = await t.request({
      method: 'POST',
      url: '/1/indexes/*/objects',
      key,
      payload: { requests: [{ indexName: 'items_rel', objectID: '2' }] },
    });
    expect(many.json()).toEqual({ results: [{ objectID: '2', name: 'two', price: 2 }] });
  });
});

describe('batches', () => {
  it('applies every action in order and lists one objectID per record action', async () => {
    await batch('items', [{ action: 'addObject', body: { objectID: 'old', v: 0 } }]);
    const response = await batch('items', [
      { action: 'addObject', body: { objectID: 'a', v: 1 } },
      { action: 'updateObject', body: { objectID: 'b', v: 2 } },
      {
        action: 'partialUpdateObject',
        body: { objectID: 'a', v: { _operation: 'Increment', value: 5 } },
      },
      { action: 'partialUpdateObjectNoCreate', body: { objectID: 'ghost', v: 1 } },
      { action: 'deleteObject', body: { objectID: 'old' } },
    ]);
    expect(response.json()).toEqual({
      taskID: expect.any(Number),
      objectIDs: ['a', 'b', 'a', 'ghost', 'old'],
    });
    expect((await get('items', 'a')).json()).toEqual({ objectID: 'a', v: 6 });
    expect((await get('items', 'ghost')).statusCode).toBe(404);
    expect((await get('items', 'old')).statusCode).toBe(404);
  });

  it('clears and deletes the index inside a batch', async () => {
    await batch('items', [{ action: 'addObject', body: { objectID: 'x' } }]);
    await batch('items', [
      { action: 'clear', body: {} },
      { action: 'addObject', body: { objectID: 'y' } },
    ]);
    expect((await get('items', 'x')).statusCode).toBe(404);
    expect((await get('items', 'y')).statusCode).toBe(200);
    await batch('items', [{ action: 'delete', body: {} }]);
    const settings = await t.request({ method: 'GET', url: '/1/indexes/items/settings' });
    expect(settings.statusCode).toBe(404);
  });

  it('is atomic: one bad record and nothing is written', async () => {
    const tooBig = { objectID: 'big', text: 'x'.repeat(11_000) };
    const response = await batch('items', [
      { action: 'addObject', body: { objectID: 'fine' } },
      { action: 'addObject', body: tooBig },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^Record at the position 1 objectID=big is too big size=\d+\/10000 bytes/,
    );
    expect((await get('items', 'fine')).statusCode).toBe(404);
    const nul = await batch('items', [
      { action: 'addObject', body: { objectID: 'n', text: 'a\u0000b' } },
    ]);
    expect(nul.statusCode).toBe(400);
    const lone = await batch('items', [
      { action: 'addObject', body: { objectID: 'n', text: '\ud800' } },
    ]);
    expect(lone.statusCode).toBe(400);
  });
});

describe('multi-index batches and batch validation', () => {
  it('writes across indices with multipleBatch and returns a task per index', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/1/indexes/*/batch',
      payload: {
        requests: [
          { indexName: 'one', action: 'addObject', body: { objectID: '1' } },
          { indexName: 'two', action: 'addObject', body: { objectID: '2' } },
        ],
      },
    });
    const { taskID, objectIDs } = response.json();
    expect(objectIDs).toEqual(['1', '2']);
    expect(taskID).toEqual({ one: expect.any(Number), two: taskID.one });
    expect((await get('two', '2')).statusCode).toBe(200);
  });

  it('checks the delete ACLs per action', async () => {
    const key = (
      await t.request({ method: 'POST', url: '/1/keys', payload: { acl: ['addObject'] } })
    ).json().key;
    const denied = await t.request({
      method: 'POST',
      url: '/1/indexes/items/batch',
      key,
      payload: { requests: [{ action: 'deleteObject', body: { objectID: 'x' } }] },
    });
    expect(denied.json()).toEqual({ message: 'Method not allowed with this API key', status: 403 });
    const allowed = await t.request({
      method: 'POST',
      url: '/1/indexes/items/batch',
      key,
      payload: { requests: [{ action: 'addObject', body: { objectID: 'x' } }] },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('rejects malformed batches', async () => {
    for (const requests of [
      [{ action: 'explode', body: {} }],
      [{ action: 'updateObject', body: {} }],
      [{ action: 'addObject', body: [] }],
    ]) {
      expect((await batch('items', requests)).statusCode).toBe(400);
    }
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/1/indexes/*/batch',
          payload: { requests: [{ action: 'addObject', body: {} }] },
        })
      ).statusCode,
    ).toBe(400);
  });
});
