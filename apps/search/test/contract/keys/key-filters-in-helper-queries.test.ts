/**
 * Keys, replicas and response shapes on a furniture catalogue shaped unlike ours
 * (`furniture.ts`), through the official v5 client and `algoliasearch-helper`: implicit filters of a key's
 * `queryParameters` and of a secured key in every helper sub-query (docs/api.md §6 requirement 7, §7), virtual
 * replicas' relevant sort (§4.3), copy onto an index with replicas (§2.8), `attributesToRetrieve` on nested paths,
 * `responseFields`, typo counts in ranking info and `_distinctSeqID`. Counts come from the records.
 */
import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureIds,
  furnitureSettings,
} from '../../support/furniture.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { appId } from '../../support/test-app.ts';
import {
  clientFor,
  createKey,
  hostsOf,
  seedIndex,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_keys';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({ indexName, settings, records: furniture }));
});
afterAll(async () => server.close());

async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { status?: number } | undefined;
  return error?.status;
}

type FacetValue = { name: string; count: number };
const countsOf = (values: unknown) =>
  Object.fromEntries(
    (values as FacetValue[])
      .filter((value) => value.count > 0)
      .map((value) => [value.name, value.count]),
  );

describe('implicit key filters in every helper sub-query', () => {
  async function disjunctiveCounts(apiKey: string) {
    const helper = algoliasearchHelper(
      liteClient(appId, apiKey, { hosts: hostsOf(server) }),
      indexName,
      {
        disjunctiveFacets: ['brand', 'materials'],
        maxValuesPerFacet: 1000,
      },
    );
    helper.addDisjunctiveFacetRefinement('brand', 'Flos');
    helper.addDisjunctiveFacetRefinement('materials', 'verre');
    return (await helper.searchOnce({ hitsPerPage: 100 })).content;
  }

  it("applies a key's queryParameters filters to the main and disjunctive queries", async () => {
    const key = await createKey(admin, {
      acl: ['search'],
      indexes: [indexName],
      queryParameters: 'filters=inStock%3Atrue',
    });
    const content = await disjunctiveCounts(key);
    const allowed = furniture.filter((item) => item.inStock);
    const brandOk = (item: Furniture) => item.brand === 'Flos';
    const glassOk = (item: Furniture) => item.materials.includes('verre');
    expect(ids(content.hits)).toEqual(
      byPopularity((item) => item.inStock && brandOk(item) && glassOk(item)),
    );
    expect(countsOf(content.getFacetValues('brand', { sortBy: ['name:asc'] }))).toEqual(
      countFacet(allowed.filter(glassOk), 'brand'),
    );
    expect(countsOf(content.getFacetValues('materials', { sortBy: ['name:asc'] }))).toEqual(
      countFacet(allowed.filter(brandOk), 'materials'),
    );
  });

  it('applies a secured key filters to the main and disjunctive queries', async () => {
    const parent = await createKey(admin, { acl: ['search'], indexes: ['maison_*'] });
    const secured = await admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'NOT collection:Lumière', restrictIndices: [indexName] },
    });
    const content = await disjunctiveCounts(secured);
    const allowed = furniture.filter((item) => item.collection !== 'Lumière');
    expect(content.nbHits).toBe(
      allowed.filter((item) => item.brand === 'Flos' && item.materials.includes('verre')).length,
    );
    expect(countsOf(content.getFacetValues('brand', { sortBy: ['name:asc'] }))).toEqual(
      countFacet(
        allowed.filter((item) => item.materials.includes('verre')),
        'brand',
      ),
    );
    expect(countsOf(content.getFacetValues('materials', { sortBy: ['name:asc'] }))).toEqual(
      countFacet(
        allowed.filter((item) => item.brand === 'Flos'),
        'materials',
      ),
    );
  });

  it('hides a secured key’s filtered records from facet-value search counts too', async () => {
    const parent = await createKey(admin, { acl: ['search'], indexes: ['maison_*'] });
    const secured = await admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'inStock:false' },
    });
    const { facetHits } = await clientFor(server, secured).searchForFacetValues({
      indexName,
      facetName: 'brand',
      searchForFacetValuesRequest: { facetQuery: '', maxFacetHits: 100 },
    });
    const counts = countFacet(
      furniture.filter((item) => !item.inStock),
      'brand',
    );
    expect(Object.fromEntries(facetHits.map((hit) => [hit.value, hit.count]))).toEqual(counts);
  });
});

describe('replicas', () => {
  const primary = 'maison_replicated';
  const virtual = 'maison_replicated_cheapest';

  beforeAll(async () => {
    await seedIndex(admin, primary, { ...settings, replicas: [`virtual(${virtual})`] }, furniture);
    const { taskID } = await admin.setSettings({
      indexName: virtual,
      indexSettings: { customRanking: ['asc(price.value)'], relevancyStrictness: 0 },
    });
    await admin.waitForTask({ indexName: virtual, taskID });
  });

  it('sorts a virtual replica by its own customRanking and reports nbSortedHits', async () => {
    const result = await admin.searchSingleIndex<Furniture>({
      indexName: virtual,
      searchParams: { filters: 'categories.lvl0:Cuisine', hitsPerPage: 100 },
    });
    const kitchen = furniture.filter((item) => item.categories.lvl0 === 'Cuisine');
    expect(ids(result.hits)).toEqual(
      [...kitchen].sort((a, b) => a.price.value - b.price.value).map((item) => item.objectID),
    );
    expect(result.nbSortedHits).toBe(kitchen.length);
    expect(result['appliedRelevancyStrictness']).toBe(0);
  });

  it('sees writes to the primary at once, and forwards settings with forwardToReplicas', async () => {
    await admin.partialUpdateObject({
      indexName: primary,
      objectID: 'f35',
      attributesToUpdate: { price: { value: 1, currency: 'EUR' } },
    });
    const { taskID } = await admin.setSettings({
      indexName: primary,
      indexSettings: { attributesForFaceting: [...settings.attributesForFaceting, 'popularity'] },
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName: primary, taskID });
    const result = await admin.searchSingleIndex<Furniture>({
      indexName: virtual,
      searchParams: { hitsPerPage: 1, facets: ['popularity'] },
    });
    expect(ids(result.hits)).toEqual(['f35']);
    expect(Object.keys(result.facets?.['popularity'] ?? {})).toHaveLength(furniture.length);
    expect((await admin.getSettings({ indexName: virtual })).customRanking).toEqual([
      'asc(price.value)',
    ]);
  });

  it('refuses to copy onto an index that has replicas', async () => {
    expect(
      await statusOf(
        admin.operationIndex({
          indexName,
          operationIndexParams: { operation: 'copy', destination: primary },
        }),
      ),
    ).toBe(400);
    expect((await admin.searchSingleIndex({ indexName: virtual })).nbHits).toBe(furniture.length);
  });
});

describe('response shapes', () => {
  it('retrieves nested paths and excludes attributes with attributesToRetrieve', async () => {
    const result = await admin.searchSingleIndex<Record<string, unknown>>({
      indexName,
      searchParams: {
        filters: 'family:cocotte',
        attributesToRetrieve: ['name.fr', 'price', 'colors'],
        attributesToHighlight: [],
      },
    });
    expect(result.hits[0]).toEqual({
      objectID: 'f38',
      name: { fr: 'Cocotte en fonte rouge' },
      price: { value: 239, currency: 'EUR' },
      colors: [{ name: 'red', hex: '#c62828' }],
    });
    const excluded = await admin.searchSingleIndex<Record<string, unknown>>({
      indexName,
      searchParams: {
        filters: 'family:cocotte',
        attributesToRetrieve: ['*', '-description', '-colors'],
        attributesToHighlight: [],
      },
    });
    const {
      description: _d,
      colors: _c,
      ...rest
    } = furniture.find((item) => item.objectID === 'f38') as Furniture;
    expect(excluded.hits[0]).toEqual(rest);
  });

  it('keeps only the requested top-level fields with responseFields', async () => {
    const result = (await admin.searchSingleIndex({
      indexName,
      searchParams: {
        query: 'lampe',
        responseFields: ['hits', 'nbHits'],
        attributesToRetrieve: ['objectID'],
      },
    })) as unknown as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual(['hits', 'nbHits']);
    expect(result['nbHits']).toBe(furnitureIds((item) => /\blampe\b/i.test(item.name.fr)).length);
  });

  it('counts one typo per mistyped word in ranking info when typos are allowed', async () => {
    const result = await admin.searchSingleIndex<Furniture>({
      indexName,
      searchParams: {
        query: 'chaize',
        typoTolerance: true,
        getRankingInfo: true,
        hitsPerPage: 100,
      },
    });
    expect(ids(result.hits)).toEqual(byPopularity((item) => /\bchaise\b/i.test(item.name.fr)));
    for (const hit of result.hits) expect(hit._rankingInfo?.nbTypos).toBe(1);
  });

  it('returns the two best variants of a group, each with a _distinctSeqID, under distinct 2', async () => {
    const result = await admin.searchSingleIndex<Furniture>({
      indexName,
      searchParams: { filters: 'family:halo', distinct: 2, hitsPerPage: 10 },
    });
    expect(ids(result.hits)).toEqual(byPopularity((item) => item.family === 'halo').slice(0, 2));
    for (const hit of result.hits)
      expect(typeof (hit as { _distinctSeqID?: number })._distinctSeqID).toBe('number');
  });
});
