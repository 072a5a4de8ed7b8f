import { rmSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseTargets } from '../../../../packages/database/src/testing/test-databases.ts';
import type {} from '../../../../packages/database/src/testing/vitest-global-setup.ts';
import { freshDataDir } from '../../test/support/fresh-store.ts';
import { openSearchStore } from './open-search-store.ts';
import type { SearchStore } from './search-store.ts';

// PGlite starts from a migrated template copy (initdb takes ~10 s); the migrations still run on open.
const targets = (await testDatabaseTargets(inject('postgresUrl'), 'search_store')).map(
  async (target) =>
    target.engine === 'pglite' ? { ...target, dataDir: await freshDataDir() } : target,
);
const opened: SearchStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  for (const target of await Promise.all(targets))
    rmSync(target.dataDir, { recursive: true, force: true });
});

const at = new Date('2026-01-02T03:04:05.000Z');

describe.each(await Promise.all(targets))('the search store on $engine', (target) => {
  let store: SearchStore;

  it('opens and migrates an empty store', async () => {
    store = await openSearchStore(target);
    opened.push(store);
    expect(store.kind).toBe(target.engine);
    expect(await store.load()).toEqual({ indices: [], keys: [] });
  });

  it('commits an index with records, synonyms and rules, with increasing global task ids', async () => {
    const first = await store.commit(
      [
        { kind: 'putIndex', name: 'products', settings: { customRanking: ['desc(rank)'] }, at },
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'products',
          values: [
            { objectID: 'b', body: { objectID: 'b', name: 'B' } },
            { objectID: 'a', body: { objectID: 'a', name: 'A' } },
            { objectID: 'b', body: { objectID: 'b', name: 'B2' } },
          ],
        },
        {
          kind: 'putEntries',
          entries: 'synonyms',
          index: 'products',
          values: [
            { objectID: 's1', body: { objectID: 's1', type: 'synonym', synonyms: ['tv', 'télé'] } },
          ],
        },
      ],
      'products',
      at,
    );
    const second = await store.commit(
      [
        {
          kind: 'putEntries',
          entries: 'rules',
          index: 'products',
          values: [{ objectID: 'r1', body: { objectID: 'r1', consequence: {} } }],
        },
      ],
      'other',
      at,
    );
    expect(second.taskID).toBeGreaterThan(first.taskID);
    expect(await store.hasTask(first.taskID)).toBe(true);
    expect(await store.hasTask(second.taskID + 100)).toBe(false);
    const state = await store.load();
    expect(state.indices).toHaveLength(1);
    expect(state.indices[0]).toMatchObject({
      name: 'products',
      settings: { customRanking: ['desc(rank)'] },
      records: [
        { objectID: 'a', name: 'A' },
        { objectID: 'b', name: 'B2' },
      ],
      synonyms: [{ objectID: 's1', type: 'synonym', synonyms: ['tv', 'télé'] }],
      rules: [{ objectID: 'r1', consequence: {} }],
    });
    expect(state.indices[0]?.createdAt.toISOString()).toBe(at.toISOString());
  });

  it('moves a replaced record to the end (the write order the engine ranks ties in)', async () => {
    await store.commit(
      [
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'products',
          values: [{ objectID: 'a', body: { objectID: 'a', name: 'A2' } }],
        },
      ],
      'products',
      at,
    );
    const state = await store.load();
    expect(state.indices[0]?.records.map((record) => record['name'])).toEqual(['B2', 'A2']);
  });

  it("reads an index's records in write order a range at a time, as load returns them", async () => {
    const values = Array.from({ length: 7 }, (_, n) => ({
      objectID: `r${n}`,
      body: { objectID: `r${n}`, n },
    }));
    await store.commit(
      [
        { kind: 'putIndex', name: 'ranged', settings: {}, at },
        { kind: 'putEntries', entries: 'records', index: 'ranged', values },
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'ranged',
          values: [{ objectID: 'r1', body: { objectID: 'r1', n: 71 } }],
        },
      ],
      'ranged',
      at,
    );
    const ranges: unknown[][] = [];
    for await (const range of store.readRecordRanges?.('ranged', 3) ?? []) ranges.push(range);
    expect(ranges.map((range) => range.length)).toEqual([3, 3, 1]);
    const loaded = (await store.load()).indices.find((index) => index.name === 'ranged');
    expect(ranges.flat()).toEqual(loaded?.records);
    expect(ranges.flat().at(-1)).toEqual({ objectID: 'r1', n: 71 });
    const none: unknown[][] = [];
    for await (const range of store.readRecordRanges?.('missing', 3) ?? []) none.push(range);
    expect(none).toEqual([]);
    await store.commit([{ kind: 'deleteIndex', name: 'ranged' }], 'ranged', at);
  });

  it('copies, deletes and clears entries', async () => {
    await store.commit(
      [
        { kind: 'putIndex', name: 'copy', settings: {}, at },
        { kind: 'copyEntries', entries: 'records', source: 'products', destination: 'copy' },
        { kind: 'deleteEntries', entries: 'records', index: 'copy', objectIDs: ['a'] },
        { kind: 'clearEntries', entries: 'synonyms', index: 'products' },
      ],
      'copy',
      at,
    );
    const state = await store.load();
    const copy = state.indices.find((index) => index.name === 'copy');
    expect(copy?.records).toEqual([{ objectID: 'b', name: 'B2' }]);
    expect(state.indices.find((index) => index.name === 'products')?.synonyms).toEqual([]);
  });

  it('copies and moves an index of several thousand records in its write order, later writes after them', async () => {
    // More records than one chunk of the store's copies and deletes (entry-chunks.ts), objectIDs whose key
    // order is not the write order.
    const ids = Array.from({ length: 2500 }, (_, n) => `r${(n * 7919) % 2500}`);
    const values = ids.map((objectID) => ({ objectID, body: { objectID } }));
    await store.commit(
      [
        { kind: 'putIndex', name: 'big_tmp', settings: {}, at },
        { kind: 'putEntries', entries: 'records', index: 'big_tmp', values },
        { kind: 'putIndex', name: 'big', settings: {}, at },
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'big',
          values: [{ objectID: 'old', body: { objectID: 'old' } }],
        },
      ],
      'big',
      at,
    );
    await store.commit(
      [
        { kind: 'putIndex', name: 'big_copy', settings: {}, at },
        { kind: 'copyEntries', entries: 'records', source: 'big_tmp', destination: 'big_copy' },
        { kind: 'copyEntries', entries: 'records', source: 'big_tmp', destination: 'big' },
        { kind: 'deleteIndex', name: 'big_tmp' },
      ],
      'big',
      at,
    );
    await store.commit(
      [
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'big',
          values: [{ objectID: ids[0] ?? '', body: { objectID: ids[0], rewritten: true } }],
        },
      ],
      'big',
      at,
    );
    const state = await store.load();
    const recordsOf = (name: string) =>
      state.indices
        .find((index) => index.name === name)
        ?.records.map((record) => record['objectID']);
    expect(recordsOf('big_copy')).toEqual(ids);
    expect(recordsOf('big')).toEqual([...ids.slice(1), ids[0]]);
    expect(recordsOf('big_tmp')).toBeUndefined();
    await store.commit(
      [
        { kind: 'deleteIndex', name: 'big' },
        { kind: 'deleteIndex', name: 'big_copy' },
      ],
      undefined,
      at,
    );
    expect((await store.load()).indices.map((index) => index.name)).not.toContain('big');
  });

  it('rolls a failing commit back entirely', async () => {
    const before = await store.load();
    const failing = store.commit(
      [
        { kind: 'deleteIndex', name: 'copy' },
        // A NUL character is refused by jsonb: the whole transaction must roll back.
        {
          kind: 'putEntries',
          entries: 'records',
          index: 'products',
          values: [{ objectID: 'z', body: { objectID: 'z', bad: '\u0000' } }],
        },
      ],
      'copy',
      at,
    );
    await expect(failing).rejects.toThrow();
    expect(await store.load()).toEqual(before);
  });

  it('deletes an index with everything in it, and stores keys', async () => {
    await store.commit(
      [
        { kind: 'deleteIndex', name: 'copy' },
        {
          kind: 'putKey',
          key: { value: 'k1', kind: 'custom', body: { acl: ['search'] }, createdAt: at },
        },
        { kind: 'putKey', key: { value: 'k2', kind: 'admin', body: {}, createdAt: at } },
        {
          kind: 'putKey',
          key: { value: 'k1', kind: 'custom', body: { acl: ['browse'] }, createdAt: at },
        },
        { kind: 'deleteKey', value: 'k2' },
      ],
      undefined,
      at,
    );
    const state = await store.load();
    expect(state.indices.map((index) => index.name)).toEqual(['products']);
    expect(state.keys).toEqual([
      { value: 'k1', kind: 'custom', body: { acl: ['browse'] }, createdAt: at },
    ]);
  });

  it('appends to and reads the search log', async () => {
    const tv = {
      indexName: 'products',
      query: 'tv',
      filters: 'brand:LG',
      hitCount: 3,
      queryID: 'a'.repeat(32),
      userToken: 'anon-1',
      searchedAt: at,
      processingTimeMS: 1,
      objectIDs: ['p-2', 'p-"1"', 'é'],
    };
    await store.appendSearchLog([
      tv,
      {
        indexName: 'products',
        query: 'radio',
        filters: '',
        hitCount: 0,
        queryID: undefined,
        userToken: undefined,
        searchedAt: at,
        processingTimeMS: 0,
      },
    ]);
    const log = await store.readSearchLog(10);
    expect(log.map((entry) => entry.query)).toEqual(['radio', 'tv']);
    expect(log[1]).toEqual(tv);
    expect(log[0]).toMatchObject({ queryID: undefined, userToken: undefined, filters: '' });
    expect(log[0]).not.toHaveProperty('objectIDs');
  });

  it('appends and reads Insights events in arrival order, unknown fields kept', async () => {
    expect(await store.readEvents()).toEqual([]);
    const later = new Date('2026-01-02T04:00:00.000Z');
    await store.appendEvents([
      {
        indexName: 'products',
        eventType: 'conversion',
        occurredAt: at,
        receivedAt: later,
        body: { eventType: 'conversion', objectIDs: ['a', 'b'], algoliaSource: ['x'] },
      },
      {
        indexName: undefined,
        eventType: 'instantsearch',
        occurredAt: later,
        receivedAt: later,
        body: { eventType: 'instantsearch', eventName: '__start__' },
      },
    ]);
    await store.appendEvents([]);
    const events = await store.readEvents();
    expect(events).toEqual([
      {
        indexName: 'products',
        eventType: 'conversion',
        occurredAt: at,
        receivedAt: later,
        body: { eventType: 'conversion', objectIDs: ['a', 'b'], algoliaSource: ['x'] },
      },
      {
        indexName: undefined,
        eventType: 'instantsearch',
        occurredAt: later,
        receivedAt: later,
        body: { eventType: 'instantsearch', eventName: '__start__' },
      },
    ]);
  });

  it('reads the latest events, of one index when asked, most recent first and cut at the limit', async () => {
    const view = (objectID: string, indexName: string) => ({
      indexName,
      eventType: 'view',
      occurredAt: at,
      receivedAt: at,
      body: { eventType: 'view', objectIDs: [objectID] },
    });
    await store.appendEvents([
      view('r-1', 'recent'),
      view('r-2', 'recent'),
      view('o-1', 'other'),
      view('r-3', 'recent'),
    ]);
    const objectIDs = (events: readonly { body: { [key: string]: unknown } }[]) =>
      events.map((event) => event.body['objectIDs']);
    expect(objectIDs(await store.readRecentEvents(2))).toEqual([['r-3'], ['o-1']]);
    expect(objectIDs(await store.readRecentEvents(2, 'recent'))).toEqual([['r-3'], ['r-2']]);
    expect(await store.readRecentEvents(10, 'other')).toEqual([view('o-1', 'other')]);
    expect(await store.readRecentEvents(10, 'no-such-index')).toEqual([]);
  });

  it('reads the events of a window from its start to a day after its end', async () => {
    const queryID = 'b'.repeat(32);
    const from = new Date('2026-02-10T00:00:00.000Z');
    const to = new Date('2026-02-11T00:00:00.000Z');
    await store.appendSearchLog([
      {
        indexName: 'windowed',
        query: 'lamp',
        filters: '',
        hitCount: 1,
        queryID,
        userToken: 'anon-1',
        searchedAt: new Date('2026-02-10T12:00:00.000Z'),
        processingTimeMS: 0,
        objectIDs: ['lamp-1'],
      },
    ]);
    const click = (occurredAt: string) => ({
      indexName: 'windowed',
      eventType: 'click',
      occurredAt: new Date(occurredAt),
      receivedAt: new Date(occurredAt),
      body: { eventType: 'click', queryID, objectIDs: ['lamp-1'], positions: [1] },
    });
    await store.appendEvents([
      click('2026-02-09T23:59:59.000Z'),
      click('2026-02-10T12:00:01.000Z'),
      click('2026-02-11T23:59:59.000Z'),
      click('2026-02-12T00:00:00.000Z'),
    ]);
    const window = await store.readAnalyticsWindow('windowed', from, to);
    expect(window.searches.map((search) => search.queryID)).toEqual([queryID]);
    expect(window.events.map((event) => event.occurredAt.toISOString())).toEqual([
      '2026-02-10T12:00:01.000Z',
      '2026-02-11T23:59:59.000Z',
    ]);
  });

  it('keeps everything across a close and reopen', async () => {
    const events = await store.readEvents();
    const before = await store.load();
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    store = await openSearchStore(target);
    opened.push(store);
    expect(await store.load()).toEqual(before);
    expect(await store.readEvents()).toEqual(events);
  });
});
