/**
 * API keys, on a wine cellar shaped unlike our catalogue (nested region, accented values),
 * through the official v5 client only. Expectations come from docs/api.md §7 and Algolia's docs ("API keys":
 * `indexes` patterns, replicas must be listed or matched, referers with leading/trailing `*`; secured keys:
 * `filters` ANDed with the request's). Who a rate limit counts: rate-limit-identity.test.ts.
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, v4ClientFor } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import {
  createKey as createKeyWith,
  hostsOf,
  seedIndex,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';
import { type Wine, wineSettings, wines } from '../../support/wine-cellar.ts';

let server: TestServer;
let admin: SearchClient;
const clientFor = (apiKey: string) => algoliasearch(appId, apiKey, { hosts: hostsOf(server) });

const settings = {
  searchableAttributes: [...wineSettings.searchableAttributes],
  attributesForFaceting: [...wineSettings.attributesForFaceting],
  customRanking: [...wineSettings.customRanking],
  typoTolerance: false,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(adminKey);
  await seedIndex(
    admin,
    'cellar_keys',
    { ...settings, replicas: ['cellar_keys_price_desc'] },
    wines,
  );
  await seedIndex(admin, 'cave_fr', settings, wines);
  await seedIndex(admin, 'cave_es', settings, wines);
});
afterAll(async () => server.close());

const createKey = (apiKey: Parameters<typeof admin.addApiKey>[0]) => createKeyWith(admin, apiKey);

async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { status?: number } | undefined;
  return error?.status;
}

/** Facet counts over the records that pass `keep`, the way a correct engine counts them. */
function countBy(records: readonly Wine[], facet: (wine: Wine) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) counts[facet(record)] = (counts[facet(record)] ?? 0) + 1;
  return counts;
}

describe('index patterns of regular and secured keys', () => {
  it('does not open a replica to a key listing only its primary by exact name', async () => {
    const exact = clientFor(await createKey({ acl: ['search'], indexes: ['cellar_keys'] }));
    expect((await exact.searchSingleIndex({ indexName: 'cellar_keys' })).nbHits).toBe(wines.length);
    expect(await statusOf(exact.searchSingleIndex({ indexName: 'cellar_keys_price_desc' }))).toBe(
      403,
    );
    const prefixed = clientFor(await createKey({ acl: ['search'], indexes: ['cellar_keys*'] }));
    const sorted = await prefixed.searchSingleIndex({ indexName: 'cellar_keys_price_desc' });
    expect(sorted.nbHits).toBe(wines.length);
  });

  it('restricts a secured key to leading-* and trailing-* index patterns within the parent', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['cave_*', 'cellar_*'] });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { restrictIndices: ['*_fr', 'cellar_keys*'] },
      }),
    );
    expect((await secured.searchSingleIndex({ indexName: 'cave_fr' })).nbHits).toBe(wines.length);
    expect((await secured.searchSingleIndex({ indexName: 'cellar_keys_price_desc' })).nbHits).toBe(
      wines.length,
    );
    expect(await statusOf(secured.searchSingleIndex({ indexName: 'cave_es' }))).toBe(403);
  });
});

describe('secured key filters with the request own filters', () => {
  it('ANDs the secured filters with an OR group, in every query of a multi-search, facet counts included', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['cellar_keys'] });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { filters: '"estate.region.country":France' },
      }),
    );
    const { results } = await secured.search<Wine>({
      requests: [
        {
          indexName: 'cellar_keys',
          filters: 'colour:rouge OR colour:blanc',
          facets: ['colour', 'estate.region.area'],
          hitsPerPage: 100,
        },
        {
          indexName: 'cellar_keys',
          facetFilters: [['colour:rosé', 'colour:rouge']],
          numericFilters: ['pricing.bottle < 30'],
          facets: ['colour'],
          hitsPerPage: 100,
        },
        { indexName: 'cellar_keys', query: 'rioja', hitsPerPage: 100 },
      ],
    });
    const french = wines.filter((wine) => wine.estate.region.country === 'France');
    const redOrWhite = french.filter((wine) => wine.colour === 'rouge' || wine.colour === 'blanc');
    const [first, second, third] = results as {
      nbHits: number;
      hits: Wine[];
      facets?: Record<string, Record<string, number>>;
    }[];
    expect(first?.nbHits).toBe(redOrWhite.length);
    expect(new Set(ids(first?.hits ?? []))).toEqual(
      new Set(redOrWhite.map((wine) => wine.objectID)),
    );
    expect(first?.facets?.['colour']).toEqual(countBy(redOrWhite, (wine) => wine.colour));
    expect(first?.facets?.['estate.region.area']).toEqual(
      countBy(redOrWhite, (wine) => wine.estate.region.area),
    );
    const cheapRoseOrRed = french.filter(
      (wine) => (wine.colour === 'rosé' || wine.colour === 'rouge') && wine.pricing.bottle < 30,
    );
    expect(new Set(ids(second?.hits ?? []))).toEqual(
      new Set(cheapRoseOrRed.map((wine) => wine.objectID)),
    );
    expect(second?.facets?.['colour']).toEqual(countBy(cheapRoseOrRed, (wine) => wine.colour));
    // The Spanish Rioja is outside the secured filters whatever the query.
    expect(third?.nbHits).toBe(0);
  });

  it('keeps an OR in the secured filters and an OR in the request apart, with facet counts', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['cellar_keys'] });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { filters: 'colour:rosé OR colour:blanc' },
      }),
    );
    const result = await secured.searchSingleIndex<Wine>({
      indexName: 'cellar_keys',
      searchParams: {
        filters: '"estate.region.country":Spain OR "estate.region.country":Italy',
        facets: ['colour', 'estate.region.country'],
        hitsPerPage: 100,
      },
    });
    const expected = wines.filter(
      (wine) =>
        (wine.colour === 'rosé' || wine.colour === 'blanc') &&
        (wine.estate.region.country === 'Spain' || wine.estate.region.country === 'Italy'),
    );
    expect(new Set(ids(result.hits))).toEqual(new Set(expected.map((wine) => wine.objectID)));
    expect(result.facets?.['colour']).toEqual(countBy(expected, (wine) => wine.colour));
    expect(result.facets?.['estate.region.country']).toEqual(
      countBy(expected, (wine) => wine.estate.region.country),
    );
  });

  it('clamps a hitsPerPage forced by the secured key to the parent maxHitsPerQuery', async () => {
    const parent = await createKey({
      acl: ['search'],
      indexes: ['cellar_keys'],
      maxHitsPerQuery: 3,
    });
    const secured = clientFor(
      admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { searchParams: { hitsPerPage: 10 } },
      }),
    );
    const result = await secured.searchSingleIndex({
      indexName: 'cellar_keys',
      searchParams: { hitsPerPage: 50 },
    });
    expect(result.hits).toHaveLength(3);
  });
});

describe('secured keys from the v4 client', () => {
  it('honours restrictIndices, filters, a forced hitsPerPage and validUntil serialised the v4 way', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['cave_*'] });
    const v4 = (apiKey: string) => v4ClientFor(server, apiKey);
    const validUntil = Math.floor(Date.now() / 1000) + 600;
    const secured = v4(adminKey).generateSecuredApiKey(parent, {
      restrictIndices: ['cave_fr'],
      filters: 'colour:rosé',
      hitsPerPage: 2,
      validUntil,
    });
    const remaining = v4(adminKey).getSecuredApiKeyRemainingValidity(secured);
    expect(remaining).toBeGreaterThan(590);
    expect(remaining).toBeLessThanOrEqual(600);
    const client = v4(secured);
    const result = await client.initIndex('cave_fr').search<Wine>('', { hitsPerPage: 50 });
    const roses = wines.filter((wine) => wine.colour === 'rosé');
    expect(result.nbHits).toBe(roses.length);
    expect(result.hits).toHaveLength(2);
    expect(result.hits.every((hit) => hit.colour === 'rosé')).toBe(true);
    const refused = await client
      .initIndex('cave_es')
      .search('')
      .then(
        () => undefined,
        (caught: { status?: number }) => caught.status,
      );
    expect(refused).toBe(403);
    // The same key read by a v5 client works the same way.
    const v5 = await clientFor(secured).searchSingleIndex({ indexName: 'cave_fr' });
    expect(v5.nbHits).toBe(roses.length);
  });
});

describe('referers with wildcards on both ends', () => {
  it('accepts a referer matching *domain/* and refuses look-alike hosts', async () => {
    const key = await createKey({ acl: ['search'], referers: ['*cave.example/*'] });
    const from = (referer: string) =>
      clientFor(key).searchSingleIndex(
        { indexName: 'cellar_keys', searchParams: { hitsPerPage: 0 } },
        { headers: { referer } },
      );
    expect((await from('https://www.cave.example/rouges')).nbHits).toBe(wines.length);
    expect((await from('http://cave.example/')).nbHits).toBe(wines.length);
    expect(await statusOf(from('https://cave.example.evil.test/x'))).toBe(403);
    expect((await admin.getApiKey({ key })).referers).toEqual(['*cave.example/*']);
  });
});

describe('keys the protocol does not describe', () => {
  it('answers restoreApiKey with an Algolia error body, not a server error', async () => {
    const key = await createKey({ acl: ['search'], description: 'Cave — clé boutique' });
    expect((await admin.getApiKey({ key })).description).toBe('Cave — clé boutique');
    await admin.deleteApiKey({ key });
    await admin.waitForApiKey({ key, operation: 'delete' });
    const status = await statusOf(admin.restoreApiKey({ key }));
    expect(status).toBe(404);
  });
});
