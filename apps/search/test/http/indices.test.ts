import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const records = [
  { objectID: '1', name: 'cheap tv', price: 100, rank: 1 },
  { objectID: '2', name: 'mid tv', price: 500, rank: 3 },
  { objectID: '3', name: 'pricey tv', price: 900, rank: 2 },
];
const settings = (index: string) =>
  t.request({ method: 'GET', url: `/1/indexes/${index}/settings` });
const setSettings = (index: string, payload: object, query = '') =>
  t.request({ method: 'PUT', url: `/1/indexes/${index}/settings${query}`, payload });
const save = (index: string, objects = records) =>
  t.request({
    method: 'POST',
    url: `/1/indexes/${index}/batch`,
    payload: { requests: objects.map((body) => ({ action: 'addObject', body })) },
  });
const ids = async (index: string, params: Record<string, unknown> = {}) => {
  const response = await t.request({
    method: 'POST',
    url: `/1/indexes/${index}/query`,
    payload: params,
  });
  return (response.json().hits as { objectID: string }[]).map((hit) => hit.objectID);
};

describe('settings', () => {
  it('returns defaults overlaid with what was set, resets nulls, ignores unknown settings', async () => {
    await setSettings('items', { customRanking: ['desc(rank)'], hitsPerPage: 5, madeUp: true });
    expect((await settings('items')).json()).toMatchObject({
      customRanking: ['desc(rank)'],
      hitsPerPage: 5,
      paginationLimitedTo: 1000,
      highlightPreTag: '<em>',
    });
    await setSettings('items', { hitsPerPage: null });
    const after = (await settings('items')).json();
    expect(after.hitsPerPage).toBe(20);
    expect(after.madeUp).toBeUndefined();
    expect(after.customRanking).toEqual(['desc(rank)']);
  });

  it('answers 404 for a missing index and 400 for an invalid setting', async () => {
    expect((await settings('missing')).json()).toEqual({
      message: 'Index does not exist',
      status: 404,
    });
    expect((await setSettings('items', { paginationLimitedTo: 30_000 })).statusCode).toBe(400);
    expect((await setSettings('items', { searchableAttributes: 5 })).statusCode).toBe(400);
    expect((await setSettings('items', [])).statusCode).toBe(400);
  });

  it('returns settings as sent (distinct: true stays true) and refuses malformed attribute lists', async () => {
    await save('items', [...records, { objectID: '4', name: 'other tv', price: 100, rank: 9 }]);
    expect(
      (await setSettings('items', { distinct: true, attributeForDistinct: 'price' })).statusCode,
    ).toBe(200);
    expect((await settings('items')).json()).toMatchObject({ distinct: true });
    // Grouped like distinct: 1.
    expect(await ids('items')).toHaveLength(3);
    const refused = await setSettings('items', { customRanking: ['rank'] });
    expect(refused.json()).toEqual({
      message: 'Invalid value "rank" in customRanking: expected asc(attribute) or desc(attribute)',
      status: 400,
    });
    expect((await setSettings('items', { ranking: ['typo', 'pertinence'] })).statusCode).toBe(400);
    expect(
      (await setSettings('items', { attributesForFaceting: ['filterOnly(searchable(name))'] }))
        .statusCode,
    ).toBe(400);
    expect((await settings('items')).json().customRanking).toEqual([]);
  });

  it('applies settings to searches (customRanking)', async () => {
    await save('items');
    await setSettings('items', { customRanking: ['desc(rank)'] });
    expect(await ids('items')).toEqual(['2', '3', '1']);
  });
});

describe('replicas', () => {
  it('creates standard and virtual replicas that follow the primary records', async () => {
    await save('items');
    await setSettings('items', { replicas: ['items_price_asc', 'virtual(items_price_desc)'] });
    await setSettings('items_price_asc', {
      ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
    });
    await setSettings('items_price_desc', {
      customRanking: ['desc(price)'],
      relevancyStrictness: 0,
    });
    expect((await settings('items_price_asc')).json().primary).toBe('items');
    expect(await ids('items_price_asc')).toEqual(['1', '2', '3']);
    const virtual = await t.request({
      method: 'POST',
      url: '/1/indexes/items_price_desc/query',
      payload: {},
    });
    expect(virtual.json().hits.map((hit: { objectID: string }) => hit.objectID)).toEqual([
      '3',
      '2',
      '1',
    ]);
    expect(virtual.json()).toMatchObject({ nbSortedHits: 3, appliedRelevancyStrictness: 0 });

    await save('items', [{ objectID: '4', name: 'free tv', price: 0, rank: 0 }]);
    expect(await ids('items_price_asc')).toEqual(['4', '1', '2', '3']);
    expect((await ids('items_price_desc')).at(-1)).toBe('4');

    const list = (await t.request({ method: 'GET', url: '/1/indexes' })).json();
    const byName = Object.fromEntries(
      list.items.map((item: { name: string }) => [item.name, item]),
    );
    expect(byName['items']).toMatchObject({
      entries: 4,
      replicas: ['items_price_asc', 'virtual(items_price_desc)'],
    });
    expect(byName['items_price_asc']).toMatchObject({ primary: 'items', entries: 4 });
    expect(byName['items_price_desc']).toMatchObject({ primary: 'items', virtual: true });
  });

  it('returns a virtual replica settings as its primary ones overlaid with its own, and searches with them', async () => {
    await save('items');
    await setSettings('items', {
      searchableAttributes: ['name'],
      attributesForFaceting: ['price'],
      hitsPerPage: 2,
      renderingContent: { facetOrdering: { facets: { order: ['price'] } } },
      replicas: ['virtual(items_rel)'],
    });
    await setSettings('items_rel', { customRanking: ['desc(price)'] });
    const replica = (await settings('items_rel')).json();
    expect(replica).toMatchObject({
      primary: 'items',
      searchableAttributes: ['name'],
      attributesForFaceting: ['price'],
      hitsPerPage: 2,
      customRanking: ['desc(price)'],
    });
    expect(replica.replicas).toBeUndefined();
    const search = await t.request({
      method: 'POST',
      url: '/1/indexes/items_rel/query',
      payload: {},
    });
    expect(search.json()).toMatchObject({
      hitsPerPage: 2,
      renderingContent: { facetOrdering: { facets: { order: ['price'] } } },
    });
    // A primary change shows through; a replica's own value wins.
    await setSettings('items', { hitsPerPage: 3, customRanking: ['asc(rank)'] });
    expect((await settings('items_rel')).json()).toMatchObject({
      hitsPerPage: 3,
      customRanking: ['desc(price)'],
    });
    // Copying the replica's settings copies what it searches with.
    await t.request({
      method: 'POST',
      url: '/1/indexes/items_rel/operation',
      payload: { operation: 'copy', destination: 'items_copy', scope: ['settings'] },
    });
    const copy = (await settings('items_copy')).json();
    expect(copy).toMatchObject({ searchableAttributes: ['name'], customRanking: ['desc(price)'] });
    expect(copy.primary).toBeUndefined();
  });

  it('forwards settings to replicas on request', async () => {
    await setSettings('items', { replicas: ['items_a'] });
    await setSettings('items', { hitsPerPage: 7 }, '?forwardToReplicas=true');
    expect((await settings('items_a')).json().hitsPerPage).toBe(7);
    await setSettings('items', { hitsPerPage: 8 });
    expect((await settings('items_a')).json().hitsPerPage).toBe(7);
  });

  it('detaches dropped replicas and refuses records written to a replica', async () => {
    await save('items');
    await setSettings('items', { replicas: ['items_a'] });
    const refused = await save('items_a');
    expect(refused.statusCode).toBe(400);
    await setSettings('items', { replicas: [] });
    expect((await settings('items_a')).json().primary).toBeUndefined();
    expect(
      (await save('items_a', [{ objectID: 'own', name: 'x', price: 1, rank: 1 }])).statusCode,
    ).toBe(200);
  });

  it('refuses inconsistent replica lists', async () => {
    expect((await setSettings('items', { replicas: ['items'] })).statusCode).toBe(400);
    await setSettings('other', { replicas: ['taken'] });
    expect((await setSettings('items', { replicas: ['taken'] })).statusCode).toBe(400);
  });
});

describe('tasks, list, clear, delete', () => {
  it('resolves a task id under any index name and 404s unknown ones', async () => {
    const { taskID } = (await save('items')).json();
    for (const index of ['items', 'another', 'items_tmp_123456']) {
      const response = await t.request({
        method: 'GET',
        url: `/1/indexes/${index}/task/${taskID}`,
      });
      expect(response.json()).toMatchObject({ status: 'published' });
    }
    expect((await t.request({ method: 'GET', url: `/1/task/${taskID}` })).json()).toEqual({
      status: 'published',
      pendingTask: false,
    });
    expect((await t.request({ method: 'GET', url: '/1/task/99999999' })).json()).toEqual({
      message: 'Task does not exist',
      status: 404,
    });
    expect(
      (await t.request({ method: 'GET', url: '/1/indexes/items/task/99999999' })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/1/indexes/items/task/abc' })).statusCode).toBe(
      404,
    );
  });

  it('lists indices with pagination', async () => {
    for (const name of ['b', 'a', 'c']) await save(name);
    const all = (await t.request({ method: 'GET', url: '/1/indexes' })).json();
    expect(all.items.map((item: { name: string }) => item.name)).toEqual(['a', 'b', 'c']);
    expect(all.items[0]).toMatchObject({
      entries: 3,
      createdAt: expect.any(String),
      pendingTask: false,
    });
    const page = (
      await t.request({ method: 'GET', url: '/1/indexes?page=1&hitsPerPage=2' })
    ).json();
    expect(page).toMatchObject({ items: [{ name: 'c' }], nbPages: 2 });
  });

  it('describes each index: record count, JSON sizes, dates, build time, replicas', async () => {
    const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const list = async () =>
      Object.fromEntries(
        (await t.request({ method: 'GET', url: '/1/indexes' }))
          .json()
          .items.map((item: { name: string }) => [item.name, item]),
      );
    await save('items');
    const first = (await list())['items'];
    expect(first).toEqual({
      name: 'items',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      entries: 3,
      dataSize: records.reduce((sum, record) => sum + jsonBytes(record), 0),
      fileSize: expect.any(Number),
      lastBuildTimeS: expect.any(Number),
      numberOfPendingTasks: 0,
      pendingTask: false,
    });
    expect(Number.isInteger(first.lastBuildTimeS) && first.lastBuildTimeS >= 0).toBe(true);
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    expect(first.fileSize).toBeGreaterThan(first.dataSize);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const removed = await t.request({ method: 'DELETE', url: '/1/indexes/items/2' });
    await setSettings('items', { replicas: ['items_asc'], customRanking: ['desc(rank)'] });
    const after = await list();
    expect(after['items']).toMatchObject({
      createdAt: first.createdAt,
      entries: 2,
      dataSize: jsonBytes(records[0]) + jsonBytes(records[2]),
      replicas: ['items_asc'],
    });
    expect(after['items'].updatedAt > first.updatedAt).toBe(true);
    expect(after['items'].updatedAt >= removed.json().deletedAt).toBe(true);
    expect(after['items'].fileSize).toBeGreaterThan(first.fileSize - jsonBytes(records[1]));
    expect(after['items_asc']).toMatchObject({
      primary: 'items',
      entries: 2,
      dataSize: after['items'].dataSize,
    });
    await t.request({ method: 'POST', url: '/1/indexes/items/clear' });
    expect((await list())['items']).toMatchObject({ entries: 0, dataSize: 0 });
  });

  it('clears records but keeps settings, and deletes indices (unknown ones too)', async () => {
    await save('items');
    await setSettings('items', { hitsPerPage: 3 });
    const cleared = await t.request({ method: 'POST', url: '/1/indexes/items/clear' });
    expect(cleared.json()).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect(await ids('items')).toEqual([]);
    expect((await settings('items')).json().hitsPerPage).toBe(3);
    const deleted = await t.request({ method: 'DELETE', url: '/1/indexes/items' });
    expect(deleted.json()).toEqual({ taskID: expect.any(Number), deletedAt: expect.any(String) });
    expect((await settings('items')).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/1/indexes/never' })).statusCode).toBe(200);
  });
});

describe('copy and move', () => {
  it('copies everything, or only the given scopes', async () => {
    await save('items');
    await setSettings('items', { customRanking: ['desc(rank)'] });
    await t.request({
      method: 'POST',
      url: '/1/indexes/items/synonyms/batch',
      payload: [{ objectID: 's', type: 'synonym', synonyms: ['tv', 'television'] }],
    });
    const copy = await t.request({
      method: 'POST',
      url: '/1/indexes/items/operation',
      payload: { operation: 'copy', destination: 'full' },
    });
    expect(copy.json()).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect(await ids('full')).toEqual(['2', '3', '1']);
    expect(await ids('full', { query: 'television' })).toHaveLength(3);

    await save('scoped', [{ objectID: 'mine', name: 'kept tv', price: 1, rank: 9 }]);
    await t.request({
      method: 'POST',
      url: '/1/indexes/items/operation',
      payload: { operation: 'copy', destination: 'scoped', scope: ['settings', 'synonyms'] },
    });
    expect(await ids('scoped')).toEqual(['mine']);
    expect((await settings('scoped')).json().customRanking).toEqual(['desc(rank)']);
    expect(await ids('scoped', { query: 'television' })).toEqual(['mine']);
  });

  it('moves an index over another, keeping the destination replicas fed', async () => {
    await save('items', [{ objectID: 'old', name: 'old', price: 1, rank: 1 }]);
    await setSettings('items', { replicas: ['items_r', 'virtual(items_v)'] });
    await save('tmp');
    const moved = await t.request({
      method: 'POST',
      url: '/1/indexes/tmp/operation',
      payload: { operation: 'move', destination: 'items' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await settings('tmp')).statusCode).toBe(404);
    expect((await ids('items')).sort()).toEqual(['1', '2', '3']);
    expect((await ids('items_r')).sort()).toEqual(['1', '2', '3']);
    expect((await ids('items_v')).sort()).toEqual(['1', '2', '3']);
    expect((await settings('items')).json().replicas).toEqual(['items_r', 'virtual(items_v)']);
  });

  it('treats a missing source as a no-op and refuses copying onto an index with replicas', async () => {
    const missing = await t.request({
      method: 'POST',
      url: '/1/indexes/ghost/operation',
      payload: { operation: 'copy', destination: 'x' },
    });
    expect(missing.statusCode).toBe(200);
    expect((await settings('x')).statusCode).toBe(404);
    await save('items');
    await setSettings('target', { replicas: ['target_r'] });
    const refused = await t.request({
      method: 'POST',
      url: '/1/indexes/items/operation',
      payload: { operation: 'copy', destination: 'target' },
    });
    expect(refused.statusCode).toBe(400);
    const bad = await t.request({
      method: 'POST',
      url: '/1/indexes/items/operation',
      payload: { operation: 'teleport', destination: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
