/**
 * Limits (docs/api.md §8, §3.2, §1.6), on a furniture catalogue shaped unlike ours
 * (`furniture.ts`), through the official v5 client only. Every violation must be a 4xx whose message names the
 * offending parameter; clamps and the pagination limit are checked against the records themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failure-of.ts';
import { byPopularity, furniture, furnitureSettings } from '../../support/furniture.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { clientFor, createKey, seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_limits';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({ indexName, settings, records: furniture }));
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams & Record<string, unknown>, index = indexName) =>
  admin.searchSingleIndex({ indexName: index, searchParams });

describe('query size (§8: 512 bytes, not characters)', () => {
  it('accepts a query of exactly 512 bytes', async () => {
    const result = await search({ query: 'é'.repeat(256) });
    expect(result.nbHits).toBe(0);
  });

  it('rejects 257 "é" (257 characters, 514 bytes) with a 400 naming "query"', async () => {
    const error = await failureOf(search({ query: 'é'.repeat(257) }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/"?query"?/);
    expect(error.message).toMatch(/512/);
  });

  it('rejects a 513-byte ASCII query in a multi-search entry too', async () => {
    const error = await failureOf(
      admin.search({ requests: [{ indexName, query: 'a'.repeat(513) }] }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/query/);
  });
});

describe('filter counts and scores', () => {
  it('accepts 1,000 facet filters and rejects 1,001 with a 400 naming the filters', async () => {
    const brands = (n: number) => [Array.from({ length: n }, (_, at) => `brand:B${at}`)];
    const ok = await search({ facetFilters: [...brands(999), 'brand:Hay'] as never });
    expect(ok.nbHits).toBe(0);
    const error = await failureOf(search({ facetFilters: brands(1001) }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/filter/i);
  });

  it('counts filters across parameters: 600 numeric + 401 facet filters are too many', async () => {
    const numeric = Array.from({ length: 600 }, (_, at) => `rating!=${at + 10}`);
    const facets = [Array.from({ length: 401 }, (_, at) => `brand:B${at}`)];
    const error = await failureOf(search({ numericFilters: numeric, facetFilters: facets }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/filter/i);
  });

  it('rejects a filter score above 65,535 with a 400 naming the score', async () => {
    const error = await failureOf(search({ optionalFilters: ['brand:Hay<score=65536>'] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/score/i);
    const ok = await search({ optionalFilters: ['brand:Hay<score=65535>'], hitsPerPage: 3 });
    expect(ok.hits.map((hit) => hit.objectID)).toEqual(
      byPopularity((item) => item.brand === 'Hay').slice(0, 3),
    );
  });
});

describe('hitsPerPage, length, page, distinct, maxFacetHits, maxValuesPerFacet', () => {
  it('accepts hitsPerPage 0 (facets only) and 1,000, rejects 1,001 naming hitsPerPage', async () => {
    const facetOnly = await search({ hitsPerPage: 0, facets: ['inStock'] });
    expect(facetOnly.hits).toEqual([]);
    expect(facetOnly.nbHits).toBe(furniture.length);
    expect(facetOnly.facets?.['inStock']).toEqual({
      true: furniture.filter((item) => item.inStock).length,
      false: furniture.filter((item) => !item.inStock).length,
    });
    const all = await search({ hitsPerPage: 1000 });
    expect(all.hits).toHaveLength(furniture.length);
    const error = await failureOf(search({ hitsPerPage: 1001 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/hitsPerPage/);
  });

  it('rejects a negative hitsPerPage naming hitsPerPage', async () => {
    const error = await failureOf(search({ hitsPerPage: -1 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/hitsPerPage/);
  });

  it('rejects length 1,001 naming length, accepts length 1,000', async () => {
    const ok = await search({ offset: 0, length: 1000 });
    expect(ok.hits).toHaveLength(furniture.length);
    const error = await failureOf(search({ offset: 0, length: 1001 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/length/);
  });

  it('rejects a negative page naming page', async () => {
    const error = await failureOf(search({ page: -1 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/page/);
  });

  it('rejects distinct 5 (bounds 0–4) naming distinct', async () => {
    const error = await failureOf(search({ distinct: 5 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/distinct/);
  });

  it('rejects maxFacetHits 0 and 101 on facet-value search naming maxFacetHits, accepts 100', async () => {
    const sffv = (maxFacetHits: number) =>
      admin.searchForFacetValues({
        indexName,
        facetName: 'brand',
        searchForFacetValuesRequest: { facetQuery: '', maxFacetHits },
      });
    const ok = await sffv(100);
    expect(ok.facetHits).toHaveLength(new Set(furniture.map((item) => item.brand)).size);
    for (const outOfRange of [0, 101]) {
      const error = await failureOf(sffv(outOfRange));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/maxFacetHits/);
    }
  });

  it('rejects maxFacetHits 101 in a multi-search facet entry too', async () => {
    const error = await failureOf(
      admin.search({
        requests: [
          { indexName, type: 'facet', facet: 'brand', facetQuery: 'h', maxFacetHits: 101 },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/maxFacetHits/);
  });

  it('clamps maxValuesPerFacet above 1,000 instead of rejecting it (§8: "clamp to 1,000")', async () => {
    const result = await search({ hitsPerPage: 0, facets: ['materials'], maxValuesPerFacet: 5000 });
    const materials = new Set(furniture.flatMap((item) => item.materials));
    expect(Object.keys(result.facets?.['materials'] ?? {})).toHaveLength(materials.size);
  });

  it('rejects more than 10 ruleContexts naming ruleContexts', async () => {
    const contexts = Array.from({ length: 11 }, (_, at) => `ctx${at}`);
    const error = await failureOf(search({ ruleContexts: contexts }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/ruleContexts/);
  });

  it('rejects an analytics tag longer than 100 characters naming analyticsTags', async () => {
    const error = await failureOf(search({ analyticsTags: ['x'.repeat(101)] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/analyticsTags/);
  });
});

describe('paginationLimitedTo', () => {
  const limited = 'maison_limited';

  beforeAll(async () => {
    await seedIndex(admin, limited, { ...settings, paginationLimitedTo: 10 }, furniture);
  });

  it('rejects a setting above 20,000 naming paginationLimitedTo and keeps the old value', async () => {
    const error = await failureOf(
      admin.setSettings({ indexName: limited, indexSettings: { paginationLimitedTo: 20001 } }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/paginationLimitedTo/);
    expect((await admin.getSettings({ indexName: limited })).paginationLimitedTo).toBe(10);
  });

  it('stops pages at the limit but keeps the exact nbHits', async () => {
    const order = byPopularity();
    const page2 = await search({ page: 2, hitsPerPage: 4 }, limited);
    expect(page2.nbHits).toBe(furniture.length);
    expect(page2.nbPages).toBe(3); // ceil(min(40, 10) / 4)
    expect(page2.hits.map((hit) => hit.objectID)).toEqual(order.slice(8, 10));
    const page3 = await search({ page: 3, hitsPerPage: 4 }, limited);
    expect(page3.hits).toEqual([]);
    expect(page3.nbHits).toBe(furniture.length);
  });

  it('never returns hits past the limit through offset/length either', async () => {
    const order = byPopularity();
    const result = await search({ offset: 8, length: 5 }, limited);
    expect(result.hits.map((hit) => hit.objectID)).toEqual(order.slice(8, 10));
  });

  it('counts facets over every match, not only the reachable pages (§6 requirement 1)', async () => {
    const result = await search({ hitsPerPage: 4, facets: ['collection'] }, limited);
    const counts: Record<string, number> = {};
    for (const item of furniture) counts[item.collection] = (counts[item.collection] ?? 0) + 1;
    expect(result.facets?.['collection']).toEqual(counts);
  });
});

describe('body and record sizes', () => {
  it('answers 413 to a search body above the 1 MB search cap', async () => {
    const error = await failureOf(search({ query: '', userData: 'x'.repeat(1_100_000) }));
    expect(error.status).toBe(413);
  });

  it('rejects a record above 10 KB with a 400 naming its position and objectID, writing nothing', async () => {
    const big = {
      objectID: 'f-big',
      name: { fr: 'Énorme', en: 'Huge' },
      notes: 'x'.repeat(11_000),
    };
    const error = await failureOf(
      admin.saveObjects({
        indexName,
        objects: [
          { objectID: 'f-small-1', name: { fr: 'Petit', en: 'Small' } },
          { objectID: 'f-small-2', name: { fr: 'Petit', en: 'Small' } },
          big,
        ],
        waitForTasks: true,
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/position 2/);
    expect(error.message).toMatch(/f-big/);
    expect(error.message).toMatch(/too big/);
    const after = await search({ query: 'petit' });
    expect(after.nbHits).toBe(0);
    expect((await search({ hitsPerPage: 0 })).nbHits).toBe(furniture.length);
  });

  it('rejects settings userData above 32 kB naming userData', async () => {
    const error = await failureOf(
      admin.setSettings({ indexName, indexSettings: { userData: { blob: 'x'.repeat(33_000) } } }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/userData/);
  });

  it('rejects more than 20 virtual replicas naming replicas', async () => {
    const replicas = Array.from({ length: 21 }, (_, at) => `virtual(maison_limits_v${at})`);
    const error = await failureOf(
      admin.setSettings({ indexName: 'maison_replicas', indexSettings: { replicas } }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/replica/i);
  });
});

describe('key limits', () => {
  it('caps hitsPerPage and length at the key maxHitsPerQuery', async () => {
    const key = await createKey(admin, { acl: ['search'], maxHitsPerQuery: 3 });
    const client = clientFor(server, key);
    const order = byPopularity();
    const page = await client.searchSingleIndex({
      indexName,
      searchParams: { hitsPerPage: 10 },
    });
    expect(page.hits.map((hit) => hit.objectID)).toEqual(order.slice(0, 3));
    const window = await client.searchSingleIndex({
      indexName,
      searchParams: { offset: 2, length: 10 },
    });
    expect(window.hits.map((hit) => hit.objectID)).toEqual(order.slice(2, 5));
    expect(window.nbHits).toBe(furniture.length);
  });

  it('refuses a key outside its indexes with 403 "Index not allowed with this API key"', async () => {
    const key = await createKey(admin, { acl: ['search'], indexes: ['maison_limited'] });
    const error = await failureOf(
      clientFor(server, key).searchSingleIndex({ indexName, searchParams: { query: '' } }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/^Index not allowed with this API key/);
  });
});
