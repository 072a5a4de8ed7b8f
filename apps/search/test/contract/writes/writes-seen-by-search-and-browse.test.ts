/**
 * Browse and writes through the official v5 client, on the record shop catalogue (`releases.ts`):
 * browse pages with params, filters and attributesToRetrieve, the cursor across writes, browseSynonyms and
 * browseRules past one page of 1,000, partial updates seen by search and facets at once, getObjects with nested
 * attributesToRetrieve across indices, and deleteBy on values holding colons and quotes. Expected values come
 * from docs/api.md §2.5–2.9 and from the records themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { type Release, releaseIds, releaseSettings, releases } from '../../support/releases.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
});
afterAll(async () => server.close());

const seed = (indexName: string, records: readonly Release[] = releases) =>
  seedIndex(client, indexName, releaseSettings, records);
const ids = (records: readonly { objectID: string }[]) =>
  records.map((record) => record.objectID).sort();

describe('browse with a cursor', () => {
  it('pages through the filtered records with only the attributes asked for, no cursor on the last page', async () => {
    await seed('shop_browse');
    const vinyl = releaseIds((release) => release.formats.includes('vinyl'));
    const pages: Record<string, unknown>[][] = [];
    let cursor: string | undefined;
    do {
      const response = await client.browse<Record<string, unknown>>({
        indexName: 'shop_browse',
        browseParams:
          cursor === undefined
            ? {
                filters: 'formats:vinyl',
                hitsPerPage: 5,
                attributesToRetrieve: ['title', 'artist.name'],
              }
            : { cursor },
      });
      pages.push(response.hits);
      expect(response.nbHits).toBe(vinyl.length);
      cursor = response.cursor;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([5, 5, vinyl.length - 10]);
    const hits = pages.flat();
    expect(ids(hits as { objectID: string }[])).toEqual(vinyl);
    for (const hit of hits) {
      const release = releases.find((record) => record.objectID === hit['objectID']);
      expect(hit).toEqual({
        objectID: release?.objectID,
        title: release?.title,
        artist: { name: release?.artist.name },
      });
    }
  });

  it('answers every record in one page with hitsPerPage 1,000, and refuses 1,001 naming hitsPerPage', async () => {
    await seed('shop_browse_all');
    const calls: number[] = [];
    await client.browseObjects<Record<string, unknown>>({
      indexName: 'shop_browse_all',
      browseParams: { hitsPerPage: 1000 },
      aggregator: (response) => {
        calls.push(response.hits.length);
        expect(response.cursor).toBeUndefined();
      },
    });
    expect(calls).toEqual([releases.length]);
    await expect(
      client.browse({ indexName: 'shop_browse_all', browseParams: { hitsPerPage: 1001 } }),
    ).rejects.toMatchObject(apiError(400, /.*hitsPerPage.*/));
  });

  it('keeps the cursor in the response even when responseFields leaves it out', async () => {
    await seed('shop_browse_fields');
    const response = await client.browse({
      indexName: 'shop_browse_fields',
      browseParams: { hitsPerPage: 3, responseFields: ['hits'] },
    });
    expect(response.hits).toHaveLength(3);
    expect(typeof response.cursor).toBe('string');
  });

  it('refuses a cursor it did not issue with a 400 naming the cursor', async () => {
    await seed('shop_browse_bad');
    await expect(
      client.browse({ indexName: 'shop_browse_bad', browseParams: { cursor: 'not-a-cursor' } }),
    ).rejects.toMatchObject(apiError(400, 'cursor is not valid'));
  });

  // The cursor names the last record returned (its ranking keys and objectID), not an offset: deleting records
  // already returned would otherwise shift the rest left and the next page would skip untouched ones.
  it('neither repeats nor skips the untouched records when records are written between pages', async () => {
    await seed('shop_browse_writes');
    const first = await client.browse<Record<string, unknown>>({
      indexName: 'shop_browse_writes',
      browseParams: { hitsPerPage: 6 },
    });
    const firstIds = first.hits.map((hit) => hit.objectID);
    expect(firstIds).toHaveLength(6);
    const notYetReturned = releases
      .map((release) => release.objectID)
      .filter((id) => !firstIds.includes(id));
    const deleted = [firstIds[0], firstIds[3], notYetReturned[4]].filter(
      (id): id is string => id !== undefined,
    );
    const updated = notYetReturned[7] ?? '';
    const added = { ...releases[0], objectID: 'r-new-pressing' } as Release;
    const tasks = [
      await client.deleteObjects({ indexName: 'shop_browse_writes', objectIDs: deleted }),
      await client.partialUpdateObjects({
        indexName: 'shop_browse_writes',
        objects: [{ objectID: updated, title: 'Reissued' }],
      }),
      await client.saveObjects({ indexName: 'shop_browse_writes', objects: [added] }),
    ].flat();
    for (const { taskID } of tasks)
      await client.waitForTask({ indexName: 'shop_browse_writes', taskID });
    const rest: string[] = [];
    let cursor = first.cursor;
    while (cursor !== undefined && rest.length < 100) {
      const page = await client.browse({
        indexName: 'shop_browse_writes',
        browseParams: { cursor },
      });
      rest.push(...page.hits.map((hit) => hit.objectID));
      cursor = page.cursor;
    }
    const untouched = notYetReturned.filter((id) => !deleted.includes(id) && id !== updated);
    for (const id of untouched) expect(rest.filter((seen) => seen === id)).toHaveLength(1);
    for (const id of firstIds) expect(rest).not.toContain(id);
    for (const id of deleted) expect(rest).not.toContain(id);
    expect(new Set(rest).size).toBe(rest.length);
  });
});

describe('browseSynonyms and browseRules past one page', () => {
  it('returns all 1,001 synonyms and all 1,001 rules of an index', async () => {
    await seed('shop_browse_synonyms', releases.slice(0, 2));
    const synonyms = Array.from({ length: 1001 }, (_, i) => ({
      objectID: `syn-${i}`,
      type: 'synonym' as const,
      synonyms: [`word${i}`, `other${i}`],
    }));
    const { taskID } = await client.saveSynonyms({
      indexName: 'shop_browse_synonyms',
      synonymHit: synonyms,
    });
    await client.waitForTask({ indexName: 'shop_browse_synonyms', taskID });
    const seenSynonyms: string[] = [];
    await client.browseSynonyms({
      indexName: 'shop_browse_synonyms',
      aggregator: (response) => {
        seenSynonyms.push(...response.hits.map((hit) => hit.objectID));
      },
    });
    expect(seenSynonyms.sort()).toEqual(synonyms.map((synonym) => synonym.objectID).sort());

    const rules = Array.from({ length: 1001 }, (_, i) => ({
      objectID: `rule-${i}`,
      conditions: [{ pattern: `pattern${i}`, anchoring: 'contains' as const }],
      consequence: { params: { filters: 'genre:rock' } },
    }));
    const saved = await client.saveRules({ indexName: 'shop_browse_synonyms', rules });
    await client.waitForTask({ indexName: 'shop_browse_synonyms', taskID: saved.taskID });
    const seenRules: string[] = [];
    await client.browseRules({
      indexName: 'shop_browse_synonyms',
      aggregator: (response) => {
        seenRules.push(...response.hits.map((hit) => hit.objectID));
      },
    });
    expect(seenRules.sort()).toEqual(rules.map((rule) => rule.objectID).sort());
  });
});

describe('partial updates as search sees them', () => {
  it('updates text, facets and numeric filters at once after built-in operations', async () => {
    const indexName = 'shop_partial_search';
    await seed(indexName);
    const before = await client.searchSingleIndex({
      indexName,
      searchParams: { query: '', facets: ['formats'], hitsPerPage: 0 },
    });
    const digitalBefore = before.facets?.['formats']?.['digital'] ?? 0;
    const { taskID } = await client.batch({
      indexName,
      batchWriteParams: {
        requests: [
          {
            action: 'partialUpdateObject',
            body: {
              objectID: 'r15',
              formats: { _operation: 'AddUnique', value: 'digital' },
              price: { _operation: 'Increment', value: 100 },
              title: 'Kind of Blue Remastered',
            },
          },
          {
            action: 'partialUpdateObject',
            body: { objectID: 'r10', formats: { _operation: 'Remove', value: 'digital' } },
          },
          {
            action: 'partialUpdateObjectNoCreate',
            body: { objectID: 'r404', title: 'Remastered ghost' },
          },
        ],
      },
    });
    await client.waitForTask({ indexName, taskID });

    const after = await client.searchSingleIndex({
      indexName,
      searchParams: { query: '', facets: ['formats'], hitsPerPage: 0 },
    });
    // One record gained `digital`, one lost it.
    expect(after.facets?.['formats']?.['digital']).toBe(digitalBefore);
    const digital = await client.searchSingleIndex({
      indexName,
      searchParams: { facetFilters: ['formats:digital'], hitsPerPage: 100 },
    });
    expect(ids(digital.hits)).toContain('r15');
    expect(ids(digital.hits)).not.toContain('r10');
    const remastered = await client.searchSingleIndex({
      indexName,
      searchParams: { query: 'remastered', hitsPerPage: 100 },
    });
    expect(ids(remastered.hits)).toEqual(['r15']);
    const pricey = await client.searchSingleIndex({
      indexName,
      searchParams: { numericFilters: ['price>100'], hitsPerPage: 100 },
    });
    expect(ids(pricey.hits)).toEqual(['r15']);
    expect(pricey.hits[0]).toMatchObject({ price: 123 });
    await expect(client.getObject({ indexName, objectID: 'r404' })).rejects.toMatchObject(
      apiError(404, 'ObjectID does not exist'),
    );
  });

  it('increments by a fraction and decrements below zero', async () => {
    const indexName = 'shop_partial_numbers';
    await seed(indexName, releases.slice(0, 3));
    const { taskID } = await client.partialUpdateObject({
      indexName,
      objectID: 'r03',
      attributesToUpdate: {
        price: { _operation: 'Increment', value: 0.25 },
        year: { _operation: 'Decrement', value: 2000 },
      },
    });
    // The response type marks taskID optional; -1 would make waitForTask fail loudly.
    await client.waitForTask({ indexName, taskID: taskID ?? -1 });
    const record = (await client.getObject({ indexName, objectID: 'r03' })) as unknown as Release;
    expect(record.price).toBeCloseTo(21.75, 10);
    expect(record.year).toBe(-20);
    const negative = await client.searchSingleIndex({
      indexName,
      searchParams: { numericFilters: ['year<0'] },
    });
    expect(ids(negative.hits)).toEqual(['r03']);
  });
});

describe('partial updates reach the replicas', () => {
  it('re-sorts standard and virtual replicas by a price changed with Increment and Decrement', async () => {
    const indexName = 'shop_partial_replicas';
    await client.setSettings({
      indexName,
      indexSettings: {
        ...releaseSettings,
        replicas: [`${indexName}_price_asc`, `virtual(${indexName}_price_desc)`],
      },
    });
    const asc = await client.setSettings({
      indexName: `${indexName}_price_asc`,
      indexSettings: {
        ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
      },
    });
    await client.waitForTask({ indexName: `${indexName}_price_asc`, taskID: asc.taskID });
    const desc = await client.setSettings({
      indexName: `${indexName}_price_desc`,
      indexSettings: { customRanking: ['desc(price)'] },
    });
    await client.waitForTask({ indexName: `${indexName}_price_desc`, taskID: desc.taskID });
    await client.saveObjects({ indexName, objects: [...releases], waitForTasks: true });
    const { taskID } = await client.batch({
      indexName,
      batchWriteParams: {
        requests: [
          // r19 (11, the cheapest) becomes the dearest; r15 (23) becomes the cheapest.
          {
            action: 'partialUpdateObject',
            body: { objectID: 'r19', price: { _operation: 'Increment', value: 40 } },
          },
          {
            action: 'partialUpdateObject',
            body: { objectID: 'r15', price: { _operation: 'Decrement', value: 22 } },
          },
        ],
      },
    });
    await client.waitForTask({ indexName, taskID });
    const first = async (index: string) =>
      (
        await client.searchSingleIndex<Release>({
          indexName: index,
          searchParams: { hitsPerPage: 1 },
        })
      ).hits[0];
    expect(await first(`${indexName}_price_asc`)).toMatchObject({ objectID: 'r15', price: 1 });
    expect(await first(`${indexName}_price_desc`)).toMatchObject({ objectID: 'r19', price: 51 });
  });
});

describe('getObjects across indices', () => {
  it('returns nested attributes asked for by dot path, null for a missing record, in request order', async () => {
    await seed('shop_get_a', releases.slice(0, 5));
    await seed('shop_get_b', releases.slice(5, 10));
    const { results } = await client.getObjects<Record<string, unknown>>({
      requests: [
        { indexName: 'shop_get_b', objectID: 'r07', attributesToRetrieve: ['artist.name', 'year'] },
        { indexName: 'shop_get_a', objectID: 'r07' },
        { indexName: 'shop_get_a', objectID: 'r02', attributesToRetrieve: ['stock'] },
        { indexName: 'shop_get_a', objectID: 'r01' },
      ],
    });
    expect(results).toEqual([
      { objectID: 'r07', artist: { name: '"Weird Al" Yankovic' }, year: 1999 },
      null,
      { objectID: 'r02', stock: releases[1]?.stock },
      releases[0],
    ]);
  });
});

describe('deleteBy on awkward values', () => {
  it('deletes by a value holding a colon, one holding quotes, and by negated facet filters', async () => {
    const indexName = 'shop_delete_by';
    await seed(indexName);
    const first = await client.deleteBy({
      indexName,
      deleteByParams: { facetFilters: ['label:EMI: Parlophone'] },
    });
    await client.waitForTask({ indexName, taskID: first.taskID });
    const second = await client.deleteBy({
      indexName,
      deleteByParams: { filters: 'artist.name:"\\"Weird Al\\" Yankovic" OR artist.name:"-M-"' },
    });
    await client.waitForTask({ indexName, taskID: second.taskID });
    const third = await client.deleteBy({
      indexName,
      deleteByParams: { facetFilters: ['formats:-vinyl', 'formats:-cd'] },
    });
    await client.waitForTask({ indexName, taskID: third.taskID });
    const left: string[] = [];
    await client.browseObjects({
      indexName,
      browseParams: {},
      aggregator: (response) => {
        left.push(...response.hits.map((hit) => hit.objectID));
      },
    });
    expect(left.sort()).toEqual(
      releaseIds(
        (release) =>
          release.label !== 'EMI: Parlophone' &&
          release.artist.name !== '"Weird Al" Yankovic' &&
          release.artist.name !== '-M-' &&
          (release.formats.includes('vinyl') || release.formats.includes('cd')),
      ),
    );
  });
});
