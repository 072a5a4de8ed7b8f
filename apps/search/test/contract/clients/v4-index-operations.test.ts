/**
 * The v4 client (`algoliasearch-v4`, as `v4-client.test.ts` sets it up) on a
 * furniture catalogue shaped unlike ours (`furniture.ts`): `replaceAllObjects` (settings, synonyms and rules
 * survive, stale records go, no temporary index is left), `copyIndex` with and without `scope`, `moveIndex`,
 * `browseObjects` under filters, and limit errors through v4's `params` string encoding. Expectations come from
 * docs/api.md §2.5, §2.8, §8 and Algolia's documented copy/move semantics.
 */
import type algoliasearchV4 from 'algoliasearch-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failure-of.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureIds,
  furnitureSettings,
} from '../../support/furniture.ts';
import { ids } from '../../support/hit-ids.ts';
import { v4ClientFor } from '../../support/seeded-server.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: ReturnType<typeof algoliasearchV4>;

const settings = furnitureSettings;

beforeAll(async () => {
  server = await startTestServer();
  client = v4ClientFor(server);
});
afterAll(async () => server.close());

async function seed(indexName: string, records: readonly Furniture[] = furniture) {
  const index = client.initIndex(indexName);
  await index.setSettings(settings).wait();
  await index.saveObjects(records).wait();
  await index
    .saveSynonyms([{ objectID: 'lamp', type: 'synonym', synonyms: ['lampe', 'luminaire'] }])
    .wait();
  await index
    .saveRules([
      {
        objectID: 'promote-arc',
        conditions: [{ pattern: 'laiton', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: 'f24', position: 0 }] },
      },
    ])
    .wait();
  return index;
}

const names = async () => (await client.listIndices()).items.map((item) => item.name);

describe('replaceAllObjects', () => {
  it('swaps every record atomically and keeps settings, synonyms and rules', async () => {
    const index = await seed('maison_v4_replace');
    const kitchen = furniture
      .filter((item) => item.categories.lvl0 === 'Cuisine')
      .map((item) => ({ ...item, price: { ...item.price, value: item.price.value + 1 } }));
    await index.replaceAllObjects(kitchen, { safe: true });

    const all = await index.search('', { hitsPerPage: 100 });
    expect(all.nbHits).toBe(kitchen.length);
    expect(ids(all.hits)).toEqual(byPopularity((item) => item.categories.lvl0 === 'Cuisine'));
    const plate = await index.getObject<Furniture>('f33');
    expect(plate.price.value).toBe(50);
    expect(await failureOf(index.getObject('f01'))).toMatchObject({ status: 404 });

    expect(await index.getSettings()).toMatchObject({
      customRanking: ['desc(popularity)'],
      attributeForDistinct: 'family',
    });
    const synonyms = await index.searchSynonyms('');
    expect(synonyms.hits.map((hit) => hit.objectID)).toEqual(['lamp']);
    const rules = await index.searchRules('');
    expect(rules.hits.map((hit) => hit.objectID)).toEqual(['promote-arc']);
    expect((await names()).filter((name) => name.startsWith('maison_v4_replace_tmp'))).toEqual([]);
  });
});

describe('copyIndex and moveIndex', () => {
  it('copies records, settings, synonyms and rules without scope', async () => {
    await seed('maison_v4_source');
    await client.copyIndex('maison_v4_source', 'maison_v4_copy').wait();
    const copy = client.initIndex('maison_v4_copy');
    expect((await copy.search('', { hitsPerPage: 0 })).nbHits).toBe(furniture.length);
    expect(await copy.getSettings()).toMatchObject({ attributeForDistinct: 'family' });
    // The synonym lampe ↔ luminaire is copied: "luminaire" finds every "Lampe".
    const lamps = await copy.search('luminaire', { hitsPerPage: 100 });
    expect(ids(lamps.hits)).toEqual(
      expect.arrayContaining(furnitureIds((item) => /\blampe\b/i.test(item.name.fr))),
    );
    // The rule is copied: "laiton" puts f24 first.
    expect(ids((await copy.search('laiton')).hits)[0]).toBe('f24');
    // The source is untouched.
    expect((await client.initIndex('maison_v4_source').search('', { hitsPerPage: 0 })).nbHits).toBe(
      furniture.length,
    );
  });

  it('copies only the listed scopes, never the records, with scope', async () => {
    await client
      .copyIndex('maison_v4_source', 'maison_v4_settings_only', { scope: ['settings', 'synonyms'] })
      .wait();
    const target = client.initIndex('maison_v4_settings_only');
    expect(await target.getSettings()).toMatchObject({
      customRanking: ['desc(popularity)'],
      attributeForDistinct: 'family',
    });
    expect((await target.search('', { hitsPerPage: 0 })).nbHits).toBe(0);
    expect((await target.searchSynonyms('')).nbHits).toBe(1);
    expect((await target.searchRules('')).nbHits).toBe(0);
  });

  it('moves an index onto an existing one, overwriting it and removing the source', async () => {
    const lighting = furniture.filter((item) => item.categories.lvl1 === 'Décoration > Luminaires');
    await seed('maison_v4_lights', lighting);
    await seed('maison_v4_target', furniture);
    await client.moveIndex('maison_v4_lights', 'maison_v4_target').wait();
    const target = client.initIndex('maison_v4_target');
    const result = await target.search('', { hitsPerPage: 100, facets: ['brand'] });
    expect(ids(result.hits)).toEqual(
      byPopularity((item) => item.categories.lvl1 === 'Décoration > Luminaires'),
    );
    const brands: Record<string, number> = {};
    for (const item of lighting) brands[item.brand] = (brands[item.brand] ?? 0) + 1;
    expect(result.facets?.['brand']).toEqual(brands);
    expect(await client.initIndex('maison_v4_lights').exists()).toBe(false);
    expect(await names()).not.toContain('maison_v4_lights');
  });
});

describe('browseObjects', () => {
  it('visits exactly the filtered records in batches no larger than hitsPerPage', async () => {
    const index = await seed('maison_v4_browse');
    const seen: string[] = [];
    const batchSizes: number[] = [];
    await index.browseObjects<Furniture>({
      query: '',
      filters: 'inStock:true AND price.value < 500',
      hitsPerPage: 6,
      batch: (hits) => {
        batchSizes.push(hits.length);
        seen.push(...hits.map((hit) => hit.objectID));
      },
    });
    const expected = furnitureIds((item) => item.inStock && item.price.value < 500);
    expect(seen.sort()).toEqual([...expected].sort());
    expect(batchSizes.every((size) => size <= 6)).toBe(true);
    expect(batchSizes.length).toBe(Math.ceil(expected.length / 6));
  });

  it('browses hits without highlighting, even when asked for', async () => {
    const index = client.initIndex('maison_v4_browse');
    const hits: Record<string, unknown>[] = [];
    await index.browseObjects<Furniture>({
      query: 'chêne',
      attributesToHighlight: ['name.fr'],
      batch: (batch) => {
        hits.push(...batch);
      },
    });
    expect(hits.length).toBe(furniture.filter((item) => item.materials.includes('chêne')).length);
    for (const hit of hits) expect(hit).not.toHaveProperty('_highlightResult');
  });
});

describe('limits through v4 params strings', () => {
  it('reports a 400 naming the parameter for each out-of-range value', async () => {
    const index = client.initIndex('maison_v4_browse');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ hitsPerPage: 1001 }, /hitsPerPage/],
      [{ offset: 0, length: 1001 }, /length/],
      [{ distinct: 5 }, /distinct/],
      [{ filters: 'brand:Hay AND' }, /filter/i],
    ];
    for (const [params, message] of cases) {
      const error = await failureOf(index.search('', params));
      expect(error.status, JSON.stringify(params)).toBe(400);
      expect(error.message, JSON.stringify(params)).toMatch(message);
    }
    const long = await failureOf(index.search('ü'.repeat(257)));
    expect(long.status).toBe(400);
    expect(long.message).toMatch(/query/);
    const sffv = await failureOf(index.searchForFacetValues('brand', 'ha', { maxFacetHits: 101 }));
    expect(sffv.status).toBe(400);
    expect(sffv.message).toMatch(/maxFacetHits/);
  });

  it('decodes nested facetFilters and numericFilters from the params string', async () => {
    const index = client.initIndex('maison_v4_browse');
    const result = await index.search('', {
      facetFilters: [['brand:Flos', 'brand:Gubi'], 'inStock:true'],
      numericFilters: [['rating>=4.7', 'price.value<400']],
      facets: ['brand'],
      hitsPerPage: 100,
    });
    const keep = (item: Furniture) =>
      ['Flos', 'Gubi'].includes(item.brand) &&
      item.inStock &&
      (item.rating >= 4.7 || item.price.value < 400);
    expect(ids(result.hits)).toEqual(byPopularity(keep));
    const brands: Record<string, number> = {};
    for (const item of furniture.filter(keep)) brands[item.brand] = (brands[item.brand] ?? 0) + 1;
    expect(result.facets?.['brand']).toEqual(brands);
  });
});
