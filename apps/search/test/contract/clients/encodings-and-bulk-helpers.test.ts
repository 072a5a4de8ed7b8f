/**
 * Wire encodings and bulk helpers on a furniture catalogue shaped unlike ours
 * (`furniture.ts`): limits measured on decoded values inside v4 `params` strings, ill-typed values, the v5
 * `replaceAllObjects` and `browseObjects` helpers (browse forces distinct off, §2.5), multi-search strategies
 * (§2.2) and the indexing body cap (§8: 50 MB → 413). Official clients only; expectations from docs/api.md.
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
import { type SearchClient, startSeededServer, v4ClientFor } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
let v4: ReturnType<typeof algoliasearchV4>;
const indexName = 'maison_wire';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  v4 = v4ClientFor(server);
  await seedIndex(admin, indexName, settings, furniture);
});
afterAll(async () => server.close());

describe('v4 params strings', () => {
  it('measures the 512-byte query limit on the decoded query, not the URL-encoded string', async () => {
    const index = v4.initIndex(indexName);
    // 256 × "é" = 512 bytes, but 1,536 characters once URL-encoded in `params`.
    expect((await index.search('é'.repeat(256))).nbHits).toBe(0);
    const error = await failureOf(index.search(`${'é'.repeat(256)}a`));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/query/);
  });

  it('rejects ill-typed numbers naming the parameter', async () => {
    const index = v4.initIndex(indexName);
    for (const [params, name] of [
      [{ hitsPerPage: 'many' }, /hitsPerPage/],
      [{ page: 'first' }, /page/],
      [{ maxValuesPerFacet: 'all', facets: ['brand'] }, /maxValuesPerFacet/],
    ] as const) {
      const error = await failureOf(index.search('', params as never));
      expect(error.status, JSON.stringify(params)).toBe(400);
      expect(error.message, JSON.stringify(params)).toMatch(name);
    }
  });

  it('decodes a query with spaces and accents and filters on a numeric facet by value', async () => {
    const index = v4.initIndex(indexName);
    const result = await index.search<Furniture>('lampe halo', {
      facetFilters: ['rating:4.5'],
      hitsPerPage: 100,
    });
    expect(ids(result.hits)).toEqual(
      byPopularity((item) => item.family === 'halo' && item.rating === 4.5),
    );
    expect(ids(result.hits)).toEqual(['f21']);
  });
});

describe('multi-search strategies', () => {
  it('stops once a query has enough hits with stopIfEnoughMatches, keeping every slot', async () => {
    const { results } = await admin.search<Furniture>({
      requests: [
        { indexName, query: 'cocotte', hitsPerPage: 5 },
        { indexName, query: 'lampe', hitsPerPage: 2 },
        { indexName, query: 'chaise', hitsPerPage: 2 },
      ],
      strategy: 'stopIfEnoughMatches',
    });
    expect(results).toHaveLength(3);
    const [cocotte, lampe, chaise] = results as { hits: { objectID: string }[]; nbHits: number }[];
    // cocotte matches 2 < 5, so lampe runs; lampe matches 3 ≥ 2, so chaise is skipped (an empty slot).
    expect(ids(cocotte?.hits ?? [])).toEqual(['f38', 'f39']);
    expect(ids(lampe?.hits ?? [])).toEqual(
      byPopularity((item) => /\blampe\b/i.test(item.name.fr)).slice(0, 2),
    );
    expect(chaise?.hits).toEqual([]);
    expect(chaise?.nbHits ?? 0).toBe(0);
  });
});

describe('v5 bulk helpers', () => {
  it('browses every record despite distinct in the browse parameters', async () => {
    const seen: string[] = [];
    await admin.browseObjects<Furniture>({
      indexName,
      browseParams: { hitsPerPage: 7, distinct: 1, filters: 'categories.lvl0:Décoration' },
      aggregator: (response) => {
        seen.push(...ids(response.hits));
      },
    });
    expect(seen.sort()).toEqual(
      furnitureIds((item) => item.categories.lvl0 === 'Décoration').sort(),
    );
  });

  it('replaces all records with replaceAllObjects, keeping settings and leaving no temporary index', async () => {
    const target = 'maison_wire_replace';
    await seedIndex(admin, target, settings, furniture);
    const kept = furniture.filter((item) => item.brand === 'Ferm Living');
    await admin.replaceAllObjects({ indexName: target, objects: [...kept], batchSize: 2 });
    const result = await admin.searchSingleIndex({
      indexName: target,
      searchParams: { hitsPerPage: 100, distinct: 1 },
    });
    expect(ids(result.hits)).toEqual(byPopularity((item) => item.brand === 'Ferm Living'));
    expect((await admin.getSettings({ indexName: target })).attributeForDistinct).toBe('family');
    const { items } = await admin.listIndices();
    expect(items.map((item) => item.name).filter((name) => name.includes('_tmp_'))).toEqual([]);
  });
});

describe('indexing body cap', () => {
  it('answers 413 to a batch body above 50 MB and writes nothing', async () => {
    const chunk = 'x'.repeat(9_000);
    const objects = Array.from({ length: 6_000 }, (_, at) => ({
      objectID: `bulk-${at}`,
      notes: chunk,
    }));
    const error = await failureOf(
      admin.batch({
        indexName,
        batchWriteParams: {
          requests: objects.map((body) => ({ action: 'addObject' as const, body })),
        },
      }),
    );
    expect(error.status).toBe(413);
    const after = await admin.searchSingleIndex({ indexName, searchParams: { hitsPerPage: 0 } });
    expect(after.nbHits).toBe(furniture.length);
  });
});
