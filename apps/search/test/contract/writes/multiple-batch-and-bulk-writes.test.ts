/**
 * Writes through the official v5 client, on the books catalogue: `multipleBatch` across indices
 * with every action, generated objectIDs, `partialUpdateObjects` with and without creation, `deleteBy`,
 * `replaceAllObjects` twice in a row, `getObjects` with per-request attributes, `clearObjects`, and the fields
 * of `listIndices`. Expected values come from docs/api.md §2.6–2.8 and brute force over `books`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSettings } from '../../support/book-settings.ts';
import { type Book, books } from '../../support/books.ts';
import { type SearchClient, startSeededServer, v4ClientFor } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
});
afterAll(async () => server.close());

const freshIndex = (indexName: string, records: readonly Book[] = books) =>
  seedIndex(client, indexName, bookSettings, records);

async function allIds(indexName: string): Promise<string[]> {
  const ids: string[] = [];
  await client.browseObjects<Record<string, unknown>>({
    indexName,
    browseParams: {},
    aggregator: (response) => {
      for (const hit of response.hits) ids.push(hit.objectID);
    },
  });
  return ids.sort();
}

const sortedIds = (records: readonly { objectID: string }[]) =>
  records.map((record) => record.objectID).sort();

describe('multipleBatch across indices', () => {
  it('applies every action in order on each index and answers a taskID per index', async () => {
    await freshIndex('mb_a', books.slice(0, 10));
    await freshIndex('mb_b', books.slice(10, 20));
    await freshIndex('mb_c', books.slice(20, 25));
    await client.setSettings({ indexName: 'mb_c', indexSettings: { hitsPerPage: 7 } });
    const response = await client.multipleBatch({
      requests: [
        { indexName: 'mb_a', action: 'addObject', body: { title: 'The generated one' } },
        { indexName: 'mb_a', action: 'updateObject', body: { objectID: 'b4', title: 'Replaced' } },
        {
          indexName: 'mb_a',
          action: 'partialUpdateObject',
          body: { objectID: 'b5', price: 1.5, brandNew: true },
        },
        {
          indexName: 'mb_a',
          action: 'partialUpdateObject',
          body: { objectID: 'created-by-partial', price: 2 },
        },
        {
          indexName: 'mb_a',
          action: 'partialUpdateObjectNoCreate',
          body: { objectID: 'b6', price: 3 },
        },
        {
          indexName: 'mb_a',
          action: 'partialUpdateObjectNoCreate',
          body: { objectID: 'never-created', price: 4 },
        },
        { indexName: 'mb_a', action: 'deleteObject', body: { objectID: 'b8' } },
        { indexName: 'mb_b', action: 'clear', body: {} },
        { indexName: 'mb_b', action: 'addObject', body: { objectID: 'after-clear', title: 'x' } },
        { indexName: 'mb_c', action: 'delete', body: {} },
      ],
    });
    expect(Object.keys(response.taskID).sort()).toEqual(['mb_a', 'mb_b', 'mb_c']);
    for (const [indexName, taskID] of Object.entries(response.taskID)) {
      expect(Number.isInteger(taskID)).toBe(true);
      await client.waitForTask({ indexName, taskID });
    }
    // One id per record-level action, in request order; the generated id is the first.
    const generated = response.objectIDs[0];
    expect(typeof generated).toBe('string');
    expect(generated).not.toBe('');
    expect(response.objectIDs.slice(1)).toEqual([
      'b4',
      'b5',
      'created-by-partial',
      'b6',
      'never-created',
      'b8',
      'after-clear',
    ]);

    expect(await client.getObject({ indexName: 'mb_a', objectID: generated ?? '' })).toEqual({
      objectID: generated,
      title: 'The generated one',
    });
    expect(await client.getObject({ indexName: 'mb_a', objectID: 'b4' })).toEqual({
      objectID: 'b4',
      title: 'Replaced',
    });
    expect(await client.getObject({ indexName: 'mb_a', objectID: 'b5' })).toEqual({
      ...books[5],
      price: 1.5,
      brandNew: true,
    });
    expect(await client.getObject({ indexName: 'mb_a', objectID: 'created-by-partial' })).toEqual({
      objectID: 'created-by-partial',
      price: 2,
    });
    expect(await client.getObject({ indexName: 'mb_a', objectID: 'b6' })).toEqual({
      ...books[6],
      price: 3,
    });
    const expectedA = [
      ...books.slice(0, 10).filter((book) => book.objectID !== 'b8'),
      { objectID: generated ?? '' },
      { objectID: 'created-by-partial' },
    ];
    expect(await allIds('mb_a')).toEqual(sortedIds(expectedA));
    // `clear` keeps the settings; the record added after it stays.
    expect(await allIds('mb_b')).toEqual(['after-clear']);
    expect((await client.getSettings({ indexName: 'mb_b' })).customRanking).toEqual(
      bookSettings.customRanking,
    );
    // `delete` removes the index with its settings.
    expect(await client.indexExists({ indexName: 'mb_c' })).toBe(false);
  });

  it('writes nothing when one action of the batch is malformed', async () => {
    await freshIndex('mb_atomic', books.slice(0, 5));
    await expect(
      client.multipleBatch({
        requests: [
          { indexName: 'mb_atomic', action: 'deleteObject', body: { objectID: 'b4' } },
          // updateObject needs an objectID
          { indexName: 'mb_atomic', action: 'updateObject', body: { title: 'no id' } },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await allIds('mb_atomic')).toEqual(sortedIds(books.slice(0, 5)));
  });
});

describe('records without objectID and partial updates in bulk', () => {
  it('gives saveObject and saveObjects records an objectID each, distinct and fetchable', async () => {
    await client.setSettings({ indexName: 'auto_ids', indexSettings: bookSettings });
    const one = await client.saveObject({ indexName: 'auto_ids', body: { title: 'alone' } });
    await client.waitForTask({ indexName: 'auto_ids', taskID: one.taskID });
    expect(typeof one.objectID).toBe('string');
    expect(typeof one.createdAt).toBe('string');
    const responses = await client.batch({
      indexName: 'auto_ids',
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { title: 'first' } },
          { action: 'addObject', body: { title: 'second' } },
        ],
      },
    });
    await client.waitForTask({ indexName: 'auto_ids', taskID: responses.taskID });
    const ids = [one.objectID, ...responses.objectIDs];
    expect(new Set(ids).size).toBe(3);
    const { results } = await client.getObjects({
      requests: ids.map((objectID) => ({ indexName: 'auto_ids', objectID: String(objectID) })),
    });
    expect(results.map((record) => (record as { title?: string } | null)?.title)).toEqual([
      'alone',
      'first',
      'second',
    ]);
  });

  it('partialUpdateObjects creates missing records only with createIfNotExists', async () => {
    await freshIndex('partials', books.slice(0, 6));
    await client.partialUpdateObjects({
      indexName: 'partials',
      objects: [
        { objectID: 'b4', stats: { _operation: 'Increment', value: 5 } as never },
        { objectID: 'ghost-1', price: 10 },
      ],
      createIfNotExists: false,
      waitForTasks: true,
    });
    // `stats` is an object, not a number: Increment on a non-number sets the value (Algolia docs: the
    // attribute is created or overwritten with `value`).
    expect(await allIds('partials')).toEqual(sortedIds(books.slice(0, 6)));
    await client.partialUpdateObjects({
      indexName: 'partials',
      objects: [
        { objectID: 'b4', _tags: { _operation: 'AddUnique', value: 'bestseller' } as never },
        { objectID: 'ghost-2', price: 11 },
      ],
      createIfNotExists: true,
      waitForTasks: true,
    });
    expect(await client.getObject({ indexName: 'partials', objectID: 'ghost-2' })).toEqual({
      objectID: 'ghost-2',
      price: 11,
    });
    const b4 = (await client.getObject({ indexName: 'partials', objectID: 'b4' })) as {
      _tags: string[];
    };
    // AddUnique does not duplicate a value the array holds already.
    const tags = new Set([...(books[4]?._tags ?? []), 'bestseller']);
    expect(b4._tags).toEqual([...tags]);
  });

  it('creates a missing record from IncrementFrom 0 or IncrementSet > 0 only (Algolia docs, partial update)', async () => {
    await freshIndex('versions', books.slice(0, 2));
    const update = async (objectID: string, operation: Record<string, unknown>) => {
      const { taskID } = await client.partialUpdateObject({
        indexName: 'versions',
        objectID,
        attributesToUpdate: { version: operation, note: objectID },
      });
      if (taskID === undefined) throw new Error('no taskID');
      await client.waitForTask({ indexName: 'versions', taskID });
    };
    await update('from-0', { _operation: 'IncrementFrom', value: 0 });
    await update('from-3', { _operation: 'IncrementFrom', value: 3 });
    await update('set-5', { _operation: 'IncrementSet', value: 5 });
    await update('set-0', { _operation: 'IncrementSet', value: 0 });
    const { results } = await client.getObjects({
      requests: ['from-0', 'from-3', 'set-5', 'set-0'].map((objectID) => ({
        indexName: 'versions',
        objectID,
      })),
    });
    expect(results).toEqual([
      { objectID: 'from-0', version: 1, note: 'from-0' },
      null,
      { objectID: 'set-5', version: 5, note: 'set-5' },
      null,
    ]);
  });

  it('Remove removes every occurrence, Add appends, and operations on a missing attribute create it', async () => {
    await freshIndex('partial_ops', books.slice(0, 4));
    // saveObject with an objectID in the body saves under that id (Algolia docs, "save object").
    const saved = await client.saveObject({
      indexName: 'partial_ops',
      body: { objectID: 'ops', list: ['a', 'b', 'a', 'c'], count: 3 },
    });
    expect(saved.objectID).toBe('ops');
    await client.waitForTask({ indexName: 'partial_ops', taskID: saved.taskID });
    const { taskID } = await client.partialUpdateObject({
      indexName: 'partial_ops',
      objectID: 'ops',
      attributesToUpdate: {
        list: { _operation: 'Remove', value: 'a' },
        added: { _operation: 'Add', value: 'x' },
        fresh: { _operation: 'Increment', value: 2 },
        down: { _operation: 'Decrement', value: 4 },
        count: { _operation: 'Decrement', value: 1 },
      },
    });
    if (taskID === undefined) throw new Error('partialUpdateObject answered no taskID');
    await client.waitForTask({ indexName: 'partial_ops', taskID });
    expect(await client.getObject({ indexName: 'partial_ops', objectID: 'ops' })).toEqual({
      objectID: 'ops',
      list: ['b', 'c'],
      added: ['x'],
      fresh: 2,
      down: -4,
      count: 2,
    });
  });
});

describe('bulk reads and index lifecycle', () => {
  it('deleteBy removes exactly the records the filters match', async () => {
    await freshIndex('delete_by');
    const { taskID } = await client.deleteBy({
      indexName: 'delete_by',
      deleteByParams: { filters: 'language:fr AND pages > 200' },
    });
    await client.waitForTask({ indexName: 'delete_by', taskID });
    const kept = books.filter(
      (book) => !(book.language === 'fr' && typeof book.pages === 'number' && book.pages > 200),
    );
    expect(await allIds('delete_by')).toEqual(sortedIds(kept));
  });

  it('deleteBy reads facetFilters, numericFilters and tagFilters, and refuses an empty condition', async () => {
    await freshIndex('delete_by_arrays');
    const { taskID } = await client.deleteBy({
      indexName: 'delete_by_arrays',
      deleteByParams: {
        facetFilters: [['language:de', 'language:en']],
        numericFilters: ['stats.reviews < 250'],
        tagFilters: ['bestseller'],
      },
    });
    await client.waitForTask({ indexName: 'delete_by_arrays', taskID });
    const kept = books.filter(
      (book) =>
        !(
          ['de', 'en'].includes(book.language) &&
          book.stats.reviews < 250 &&
          book._tags.includes('bestseller')
        ),
    );
    expect(kept.length).toBeLessThan(books.length);
    expect(await allIds('delete_by_arrays')).toEqual(sortedIds(kept));
    await expect(
      client.deleteBy({ indexName: 'delete_by_arrays', deleteByParams: {} }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await allIds('delete_by_arrays')).toEqual(sortedIds(kept));
  });

  it('replaceAllObjects twice in a row leaves only the second set, settings intact', async () => {
    await freshIndex('replace_twice');
    await client.saveSynonyms({
      indexName: 'replace_twice',
      synonymHit: [{ objectID: 's1', type: 'synonym', synonyms: ['river', 'stream'] }],
    });
    const first = books.slice(0, 40);
    const second = books.slice(100, 130);
    await client.replaceAllObjects({ indexName: 'replace_twice', objects: [...first] });
    const result = await client.replaceAllObjects({
      indexName: 'replace_twice',
      objects: [...second],
    });
    expect(result.moveOperationResponse.taskID).toBeGreaterThan(0);
    expect(await allIds('replace_twice')).toEqual(sortedIds(second));
    expect((await client.getSettings({ indexName: 'replace_twice' })).searchableAttributes).toEqual(
      bookSettings.searchableAttributes,
    );
    const stream = await client.searchSingleIndex<Book>({
      indexName: 'replace_twice',
      searchParams: { query: 'stream', hitsPerPage: 0 },
    });
    expect(stream.nbHits).toBe(second.filter((book) => book.title.includes('river')).length);
    const { items } = await client.listIndices();
    expect(items.filter((item) => item.name.startsWith('replace_twice_tmp_'))).toEqual([]);
  });

  it('replaceAllObjects keeps only the scopes asked for', async () => {
    await freshIndex('replace_scoped', books.slice(0, 10));
    await client.saveSynonyms({
      indexName: 'replace_scoped',
      synonymHit: [{ objectID: 's1', type: 'synonym', synonyms: ['river', 'stream'] }],
    });
    await client.saveRules({
      indexName: 'replace_scoped',
      rules: [
        {
          objectID: 'r1',
          conditions: [{ pattern: 'river', anchoring: 'contains' }],
          consequence: { userData: { banner: 'b' } },
        },
      ],
      waitForTasks: true,
    } as never);
    await client.replaceAllObjects({
      indexName: 'replace_scoped',
      objects: [...books.slice(20, 30)],
      scopes: ['settings', 'rules'],
    });
    expect(await allIds('replace_scoped')).toEqual(sortedIds(books.slice(20, 30)));
    expect((await client.searchRules({ indexName: 'replace_scoped' })).nbHits).toBe(1);
    expect((await client.searchSynonyms({ indexName: 'replace_scoped' })).nbHits).toBe(0);
    expect((await client.getSettings({ indexName: 'replace_scoped' })).customRanking).toEqual(
      bookSettings.customRanking,
    );
  });

  it('a batch that deletes an index and then adds to it starts it afresh, default settings', async () => {
    await freshIndex('reborn', books.slice(0, 5));
    const { taskID } = await client.multipleBatch({
      requests: [
        { indexName: 'reborn', action: 'delete', body: {} },
        { indexName: 'reborn', action: 'addObject', body: { objectID: 'new', title: 'new' } },
      ],
    });
    await client.waitForTask({ indexName: 'reborn', taskID: taskID['reborn'] ?? 0 });
    expect(await allIds('reborn')).toEqual(['new']);
    expect((await client.getSettings({ indexName: 'reborn' })).customRanking ?? []).toEqual([]);
  });

  it('browseObjects with a query and filters pages with the cursor over exactly the matches', async () => {
    await freshIndex('browse_q');
    const pages: number[] = [];
    const ids: string[] = [];
    await client.browseObjects<Book>({
      indexName: 'browse_q',
      browseParams: { query: 'river', filters: 'NOT language:en', hitsPerPage: 7 },
      aggregator: (response) => {
        pages.push(response.hits.length);
        for (const hit of response.hits) ids.push(hit.objectID);
      },
    });
    const expected = books.filter(
      (book) => book.title.split(' ').includes('river') && book.language !== 'en',
    );
    expect(ids.sort()).toEqual(sortedIds(expected));
    expect(pages.length).toBe(Math.ceil(expected.length / 7));
  });

  it('browse ignores distinct, rules, facets and highlighting (docs/api.md §2.5)', async () => {
    await freshIndex('browse_forced');
    const { taskID } = await client.saveRule({
      indexName: 'browse_forced',
      objectID: 'hide-river',
      rule: {
        objectID: 'hide-river',
        conditions: [{ pattern: 'river', anchoring: 'contains' }],
        consequence: { hide: [{ objectID: 'book 0' }], userData: { x: 1 } },
      },
    });
    await client.waitForTask({ indexName: 'browse_forced', taskID });
    const page = await client.browse<Book>({
      indexName: 'browse_forced',
      browseParams: {
        query: 'river',
        distinct: 1,
        facets: ['language'],
        hitsPerPage: 1000,
        getRankingInfo: true,
      },
    });
    const river = books.filter((book) => book.title.split(' ').includes('river'));
    expect(page.hits.map((hit) => hit.objectID).sort()).toEqual(sortedIds(river));
    expect(page.nbHits).toBe(river.length);
    expect(page.facets ?? {}).toEqual({});
    expect(page.userData ?? []).toEqual([]);
    for (const hit of page.hits) {
      expect(hit).not.toHaveProperty('_highlightResult');
      expect(hit).not.toHaveProperty('_rankingInfo');
    }
  });

  it('getObjects honours attributesToRetrieve per request, across indices', async () => {
    await freshIndex('get_a', books.slice(0, 20));
    await freshIndex('get_b', books.slice(0, 20));
    const { results } = await client.getObjects({
      requests: [
        { indexName: 'get_a', objectID: 'b4', attributesToRetrieve: ['title'] },
        { indexName: 'get_b', objectID: 'b4', attributesToRetrieve: ['*', '-description'] },
        { indexName: 'get_b', objectID: 'b5' },
        { indexName: 'get_a', objectID: 'missing' },
      ],
    });
    expect(results[0]).toEqual({ objectID: 'b4', title: books[4]?.title });
    const { description: _dropped, ...withoutDescription } = books[4] as Book;
    expect(results[1]).toEqual(withoutDescription);
    expect(results[2]).toEqual(books[5]);
    expect(results[3]).toBeNull();
  });

  it('clearObjects empties the records but keeps settings, synonyms and rules', async () => {
    await freshIndex('clear_me', books.slice(0, 30));
    await client.saveRule({
      indexName: 'clear_me',
      objectID: 'r1',
      rule: {
        objectID: 'r1',
        conditions: [{ pattern: 'river', anchoring: 'contains' }],
        consequence: { userData: { banner: 'x' } },
      },
    });
    const { taskID, updatedAt } = await client.clearObjects({ indexName: 'clear_me' });
    expect(typeof updatedAt).toBe('string');
    await client.waitForTask({ indexName: 'clear_me', taskID });
    const result = await client.searchSingleIndex({ indexName: 'clear_me', searchParams: {} });
    expect(result.nbHits).toBe(0);
    expect((await client.getSettings({ indexName: 'clear_me' })).customRanking).toEqual(
      bookSettings.customRanking,
    );
    expect((await client.searchRules({ indexName: 'clear_me' })).nbHits).toBe(1);
  });

  it('listIndices reports entries, sizes, dates and primary/replica links', async () => {
    await freshIndex('listed', books.slice(0, 12));
    await client.setSettings({
      indexName: 'listed',
      indexSettings: { replicas: ['listed_price_asc', 'virtual(listed_price_desc)'] },
    });
    const before = Date.now();
    const { items, nbPages } = await client.listIndices();
    expect(nbPages).toBeGreaterThanOrEqual(1);
    const primary = items.find((item) => item.name === 'listed');
    expect(primary).toBeDefined();
    expect(primary?.entries).toBe(12);
    expect(primary?.dataSize).toBeGreaterThan(0);
    expect(primary?.fileSize).toBeGreaterThanOrEqual(0);
    // "the names of all linked replicas": Vitrine lists them as set, `virtual(…)` kept (see the report).
    const replicaNames = primary?.replicas?.map((name) => name.replace(/^virtual\((.*)\)$/, '$1'));
    expect(replicaNames?.sort()).toEqual(['listed_price_asc', 'listed_price_desc']);
    expect(Date.parse(primary?.updatedAt ?? '')).toBeLessThanOrEqual(before + 1000);
    expect(Date.parse(primary?.createdAt ?? '')).toBeLessThanOrEqual(
      Date.parse(primary?.updatedAt ?? ''),
    );
    expect(primary?.numberOfPendingTasks).toBe(0);
    expect(primary?.pendingTask).toBe(false);
    const standard = items.find((item) => item.name === 'listed_price_asc');
    expect(standard?.primary).toBe('listed');
    expect(standard?.entries).toBe(12);
    const virtual = items.find((item) => item.name === 'listed_price_desc');
    expect(virtual?.primary).toBe('listed');
    expect(virtual?.virtual).toBe(true);
    const paged = await client.listIndices({ page: 0, hitsPerPage: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.nbPages).toBe(items.length);
  });
});

describe('writes on a primary reach its replicas', () => {
  async function primaryWithReplicas(indexName: string, records: readonly Book[]) {
    await freshIndex(indexName, records);
    await client.setSettings({
      indexName,
      indexSettings: { replicas: [`${indexName}_std`, `virtual(${indexName}_virt)`] },
    });
    const { taskID } = await client.setSettings({
      indexName: `${indexName}_std`,
      indexSettings: { customRanking: ['asc(published)'] },
    });
    await client.waitForTask({ indexName: `${indexName}_std`, taskID });
  }

  it('forwards batch operations, deleteBy and clearObjects to standard and virtual replicas', async () => {
    await primaryWithReplicas('fwd', books.slice(0, 30));
    const { taskID } = await client.multipleBatch({
      requests: [
        {
          indexName: 'fwd',
          action: 'partialUpdateObject',
          body: { objectID: 'b4', stats: { _operation: 'Increment', value: 1 }, extra: 'yes' },
        },
        { indexName: 'fwd', action: 'deleteObject', body: { objectID: 'b5' } },
      ],
    });
    await client.waitForTask({ indexName: 'fwd', taskID: taskID['fwd'] ?? 0 });
    const expected = sortedIds(books.slice(0, 30).filter((book) => book.objectID !== 'b5'));
    for (const name of ['fwd', 'fwd_std', 'fwd_virt']) {
      expect(await allIds(name), name).toEqual(expected);
      const b4 = await client.searchSingleIndex<Book & { extra?: string }>({
        indexName: name,
        searchParams: { filters: 'objectID:b4' },
      });
      expect(b4.hits[0]?.extra, name).toBe('yes');
    }
    const deleted = await client.deleteBy({
      indexName: 'fwd',
      deleteByParams: { filters: 'language:en' },
    });
    await client.waitForTask({ indexName: 'fwd', taskID: deleted.taskID });
    const kept = sortedIds(
      books.slice(0, 30).filter((book) => book.objectID !== 'b5' && book.language !== 'en'),
    );
    for (const name of ['fwd', 'fwd_std', 'fwd_virt'])
      expect(await allIds(name), name).toEqual(kept);
    const cleared = await client.clearObjects({ indexName: 'fwd' });
    await client.waitForTask({ indexName: 'fwd', taskID: cleared.taskID });
    for (const name of ['fwd', 'fwd_std', 'fwd_virt']) expect(await allIds(name), name).toEqual([]);
    expect((await client.getSettings({ indexName: 'fwd_std' })).customRanking).toEqual([
      'asc(published)',
    ]);
  });

  it('replaceAllObjects on a primary keeps its replicas and gives them the new records', async () => {
    await primaryWithReplicas('swap', books.slice(0, 20));
    await client.replaceAllObjects({ indexName: 'swap', objects: [...books.slice(50, 65)] });
    const expected = sortedIds(books.slice(50, 65));
    for (const name of ['swap', 'swap_std', 'swap_virt']) {
      expect(await allIds(name), name).toEqual(expected);
    }
    expect((await client.getSettings({ indexName: 'swap' })).replicas).toEqual([
      'swap_std',
      'virtual(swap_virt)',
    ]);
    expect((await client.getSettings({ indexName: 'swap_std' })).primary).toBe('swap');
    const sorted = await client.searchSingleIndex<Book>({
      indexName: 'swap_std',
      searchParams: { hitsPerPage: 3 },
    });
    const byPublished = [...books.slice(50, 65)].sort((a, b) => a.published - b.published);
    expect(sorted.hits.map((hit) => hit.objectID)).toEqual(
      byPublished.slice(0, 3).map((book) => book.objectID),
    );
  });
});

describe('the v4 client, writes and params strings', () => {
  it('multipleBatch, saveObject with autoGenerateObjectIDIfNotExist, deleteBy, browse and a params string', async () => {
    const v4 = v4ClientFor(server);
    await freshIndex('v4_a', books.slice(0, 10));
    await freshIndex('v4_b', books.slice(10, 20));
    await v4
      .multipleBatch([
        { indexName: 'v4_a', action: 'deleteObject', body: { objectID: 'b4' } },
        { indexName: 'v4_b', action: 'partialUpdateObjectNoCreate', body: { objectID: 'nope' } },
        { indexName: 'v4_b', action: 'updateObject', body: { objectID: 'b14', title: 'v4' } },
      ])
      .wait();
    expect(await allIds('v4_a')).toEqual(
      sortedIds(books.slice(0, 10).filter((book) => book.objectID !== 'b4')),
    );
    expect(await allIds('v4_b')).toEqual(sortedIds(books.slice(10, 20)));
    const indexB = v4.initIndex('v4_b');
    expect(await indexB.getObject('b14')).toEqual({ objectID: 'b14', title: 'v4' });
    const saved = await indexB
      .saveObject({ title: 'generated' }, { autoGenerateObjectIDIfNotExist: true })
      .wait();
    expect(await indexB.getObject(saved.objectID)).toEqual({
      objectID: saved.objectID,
      title: 'generated',
    });
    await indexB.deleteBy({ filters: 'objectID:b14 OR language:fr' }).wait();
    const kept = books
      .slice(10, 20)
      .filter((book) => book.objectID !== 'b14' && book.language !== 'fr');
    expect(await allIds('v4_b')).toEqual(sortedIds([...kept, { objectID: saved.objectID }]));
    const browsed: string[] = [];
    await indexB.browseObjects<Book>({
      query: '',
      batch: (hits) => {
        for (const hit of hits) browsed.push(hit.objectID);
      },
    });
    expect(browsed.sort()).toEqual(sortedIds([...kept, { objectID: saved.objectID }]));
    // v4 sends every parameter inside one params string.
    const indexA = v4.initIndex('v4_a');
    const phrase = await indexA.search<Book>('"river of the"', {
      advancedSyntax: true,
      advancedSyntaxFeatures: ['excludeWords'],
      typoTolerance: 'false' as never,
      offset: 0,
      length: 50,
    });
    const riverOrOf = books
      .slice(0, 10)
      .filter((book) => book.objectID !== 'b4' && book.title.split(' ').includes('river'));
    expect(phrase.hits.map((hit) => hit.objectID).sort()).toEqual(sortedIds(riverOrOf));
  });
});

describe('tasks, copy and move edge cases', () => {
  it('resolves a taskID under any index name, and answers 404 for an unknown one', async () => {
    const { taskID } = await client.saveObject({
      indexName: 'task_here',
      body: { objectID: 'x', title: 'x' },
    });
    expect(await client.getTask({ indexName: 'somewhere_else', taskID })).toMatchObject({
      status: 'published',
    });
    await expect(
      client.getTask({ indexName: 'task_here', taskID: taskID + 1_000_000 }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('replaces a nested object whole on a partial update', async () => {
    await freshIndex('nested_partial', books.slice(0, 3));
    const { taskID } = await client.partialUpdateObject({
      indexName: 'nested_partial',
      objectID: 'fiction/1',
      attributesToUpdate: { author: { name: 'Someone Else' } },
    });
    if (taskID === undefined) throw new Error('no taskID');
    await client.waitForTask({ indexName: 'nested_partial', taskID });
    expect(await client.getObject({ indexName: 'nested_partial', objectID: 'fiction/1' })).toEqual({
      ...books[1],
      author: { name: 'Someone Else' },
    });
  });

  it('refuses a copy onto an index with replicas, and moves a missing source as a no-op', async () => {
    await freshIndex('copy_src', books.slice(0, 5));
    await freshIndex('copy_dst', books.slice(5, 10));
    await client.setSettings({
      indexName: 'copy_dst',
      indexSettings: { replicas: ['copy_dst_r'] },
    });
    await expect(
      client.operationIndex({
        indexName: 'copy_src',
        operationIndexParams: { operation: 'copy', destination: 'copy_dst' },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await allIds('copy_dst')).toEqual(sortedIds(books.slice(5, 10)));
    const moved = await client.operationIndex({
      indexName: 'never_existed',
      operationIndexParams: { operation: 'move', destination: 'copy_src' },
    });
    await client.waitForTask({ indexName: 'copy_src', taskID: moved.taskID });
    expect(await allIds('copy_src')).toEqual(sortedIds(books.slice(0, 5)));
    // A copy with a scope copies only that scope and leaves the records of the destination.
    const copied = await client.operationIndex({
      indexName: 'copy_src',
      operationIndexParams: { operation: 'copy', destination: 'copy_other', scope: ['settings'] },
    });
    await client.waitForTask({ indexName: 'copy_other', taskID: copied.taskID });
    expect((await client.getSettings({ indexName: 'copy_other' })).customRanking).toEqual(
      bookSettings.customRanking,
    );
    expect(await allIds('copy_other')).toEqual([]);
  });

  it('refuses batch actions without their objectID', async () => {
    for (const action of [
      'partialUpdateObject',
      'partialUpdateObjectNoCreate',
      'deleteObject',
    ] as const) {
      await expect(
        client.batch({
          indexName: 'copy_src',
          batchWriteParams: { requests: [{ action, body: { title: 'x' } }] },
        }),
        action,
      ).rejects.toMatchObject({ status: 400 });
    }
  });
});
