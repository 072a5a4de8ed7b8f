/**
 * Settings on a furniture catalogue shaped unlike ours (`furniture.ts`), through the
 * official v5 client only: the `afterDistinct()` facet modifier against `facetingAfterDistinct`, ill-formed
 * settings rejected with a 400 that quotes the bad value (and the old settings kept), partial-update operations
 * (§2.6), expired secured keys (§7.2) and `params` + flat keys in one multi-search entry (§2.2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureSettings,
} from '../../support/furniture.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { clientFor, createKey, seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_settings';
const faceting = furnitureSettings.attributesForFaceting.map((attribute) =>
  attribute === 'searchable(brand)' ? 'afterDistinct(searchable(brand))' : attribute,
);

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  await seedIndex(
    admin,
    indexName,
    {
      ...furnitureSettings,
      searchableAttributes: [...furnitureSettings.searchableAttributes],
      attributesForFaceting: faceting,
      customRanking: [...furnitureSettings.customRanking],
    },
    furniture,
  );
});
afterAll(async () => server.close());

/** The most popular variant of each family (what distinct 1 keeps for an empty query). */
const bestOfEachFamily = (): Furniture[] => {
  const seen = new Set<string>();
  return byPopularity()
    .map((id) => furniture.find((item) => item.objectID === id) as Furniture)
    .filter((item) => {
      if (seen.has(item.family)) return false;
      seen.add(item.family);
      return true;
    });
};

describe('afterDistinct()', () => {
  it('counts an afterDistinct facet after deduplication and the others before it', async () => {
    const result = await admin.searchSingleIndex({
      indexName,
      searchParams: { distinct: 1, hitsPerPage: 0, facets: ['brand', 'materials'] },
    });
    expect(result.facets?.['brand']).toEqual(countFacet(bestOfEachFamily(), 'brand'));
    expect(result.facets?.['materials']).toEqual(countFacet(furniture, 'materials'));
    expect(result.nbHits).toBe(bestOfEachFamily().length);
  });

  it('computes facets_stats over the kept variants with facetingAfterDistinct', async () => {
    const result = await admin.searchSingleIndex({
      indexName,
      searchParams: {
        distinct: 1,
        facetingAfterDistinct: true,
        hitsPerPage: 0,
        facets: ['price.value'],
      },
    });
    const prices = bestOfEachFamily().map((item) => item.price.value);
    expect(result.facets_stats?.['price.value']).toMatchObject({
      min: Math.min(...prices),
      max: Math.max(...prices),
      sum: prices.reduce((total, price) => total + price, 0),
    });
  });
});

describe('ill-formed settings', () => {
  it.each([
    [{ attributesForFaceting: ['filterOnly(searchable(brand))'] }, 'filterOnly(searchable(brand))'],
    [{ customRanking: ['up(price.value)'] }, 'up(price.value)'],
    [{ ranking: ['typo', 'bogus'] }, 'bogus'],
    [{ replicas: [indexName] }, 'replica'],
  ])('%j → 400 quoting the bad value, settings unchanged', async (indexSettings, quoted) => {
    const error = await failureOf(admin.setSettings({ indexName, indexSettings }));
    expect(error.status).toBe(400);
    expect(error.message).toContain(quoted);
    const stored = await admin.getSettings({ indexName });
    expect(stored.attributesForFaceting).toEqual(faceting);
    expect(stored.customRanking).toEqual(['desc(popularity)']);
    expect(stored.replicas ?? []).toEqual([]);
  });
});

describe('partial-update operations (§2.6)', () => {
  it('applies Increment, AddUnique and Remove, and rejects unknown or ill-typed operations', async () => {
    await admin.partialUpdateObject({
      indexName,
      objectID: 'f40',
      attributesToUpdate: {
        popularity: { _operation: 'Increment', value: 5 },
        materials: { _operation: 'AddUnique', value: 'chêne' },
        _tags: { _operation: 'Remove', value: 'sale' },
      } as never,
    });
    await admin.partialUpdateObject({
      indexName,
      objectID: 'f40',
      attributesToUpdate: { materials: { _operation: 'AddUnique', value: 'chêne' } } as never,
    });
    const record = await admin.getObject({ indexName, objectID: 'f40' });
    expect(record).toMatchObject({ popularity: 205, materials: ['acier', 'chêne'], _tags: [] });
    for (const [update, name] of [
      [{ popularity: { _operation: 'Multiply', value: 2 } }, /Multiply/],
      [{ popularity: { _operation: 'Increment', value: 'x' } }, /Increment/],
    ] as const) {
      const error = await failureOf(
        admin.partialUpdateObject({
          indexName,
          objectID: 'f40',
          attributesToUpdate: update as never,
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(name);
    }
    expect(await admin.getObject({ indexName, objectID: 'f40' })).toMatchObject({
      popularity: 205,
    });
  });

  it('rejects a batch with an unknown action or an update without objectID, writing nothing', async () => {
    for (const request of [
      { action: 'frobnicate', body: { objectID: 'f01', brand: 'X' } },
      { action: 'updateObject', body: { brand: 'X' } },
    ]) {
      const error = await failureOf(
        admin.batch({
          indexName,
          batchWriteParams: {
            requests: [{ action: 'deleteObject', body: { objectID: 'f01' } }, request as never],
          },
        }),
      );
      expect(error.status, request.action).toBe(400);
      expect(error.message, request.action).toMatch(/requests\[1\]/);
    }
    expect(await admin.getObject({ indexName, objectID: 'f01' })).toMatchObject({ brand: 'Hay' });
  });
});

describe('keys and multi-search entries', () => {
  it('refuses a secured key whose validUntil has passed with 403', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const expired = await admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { validUntil: Math.floor(Date.now() / 1000) - 10 },
    });
    const error = await failureOf(
      clientFor(server, expired).searchSingleIndex({ indexName, searchParams: {} }),
    );
    expect(error.status).toBe(403);
  });

  it('decodes params first and applies flat keys on top in one entry', async () => {
    const { results } = await admin.search<Furniture>({
      requests: [{ indexName, params: 'query=lampe&hitsPerPage=1', hitsPerPage: 2 } as never],
    });
    const first = results[0] as { hits: Furniture[]; hitsPerPage: number; query: string };
    expect(first.query).toBe('lampe');
    expect(first.hitsPerPage).toBe(2);
    expect(ids(first.hits)).toEqual(
      byPopularity((item) => /\blampe\b/i.test(item.name.fr)).slice(0, 2),
    );
  });
});
