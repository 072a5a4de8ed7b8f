/**
 * Recommend under a key that restricts its searches with filters (issue #24, finding 3): every model answers only
 * what the key's searches could return, as searches and getObjects do: a secured key's `filters` and a key's
 * `queryParameters` filters. Before, trending-facets counted every record (a men-only brand came back to a key
 * limited to `gender:Women`).
 */
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import {
  createKey,
  hostsOf,
  postRaw,
  seedIndex,
  type TestServer,
} from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'reco_keys';
const women = ['w-1', 'w-2', 'w-3'];
const records = [
  { objectID: 'm-1', name: 'Ironside boots', brand: 'Ironside', gender: 'Men', popularity: 99 },
  { objectID: 'm-2', name: 'Ironside jacket', brand: 'Ironside', gender: 'Men', popularity: 95 },
  { objectID: 'w-1', name: 'Lumen jacket', brand: 'Lumen', gender: 'Women', popularity: 50 },
  { objectID: 'w-2', name: 'Petal boots', brand: 'Petal', gender: 'Women', popularity: 40 },
  { objectID: 'w-3', name: 'Lumen boots', brand: 'Lumen', gender: 'Women', popularity: 30 },
];
const purchase = (objectIDs: string[]) => ({
  eventType: 'conversion',
  eventSubtype: 'purchase',
  eventName: 'Purchased',
  index: indexName,
  userToken: `buyer-${objectIDs.join('-')}`,
  objectIDs,
});

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  await seedIndex(
    admin,
    indexName,
    { attributesForFaceting: ['brand', 'gender'], customRanking: ['desc(popularity)'] },
    records,
  );
  // The men's boots trend, and are bought with a women's jacket.
  const events = Array.from({ length: 10 }, () => purchase(['m-1', 'w-1']));
  expect((await postRaw(server, '/1/events', { events })).status).toBe(200);
  // The models see records 1 s after the last write: wait until trending-facets knows the brands.
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await trendingBrands(liteFor(adminKey))).includes('Ironside')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => server.close());

type Lite = ReturnType<typeof liteClient>;
/** The lite client the storefront's recommendation widgets use, with `apiKey`. */
const liteFor = (apiKey: string): Lite => liteClient(appId, apiKey, { hosts: hostsOf(server) });

async function trendingBrands(client: Lite): Promise<string[]> {
  const { results } = await client.getRecommendations({
    requests: [{ indexName, model: 'trending-facets', facetName: 'brand', threshold: 0 }],
  });
  return (results[0]?.hits ?? []).map((hit) => String((hit as { facetValue: string }).facetValue));
}

/** The objectIDs each item model recommends to `client` for the women's jacket (or overall). */
async function recommendedItems(client: Lite): Promise<string[]> {
  const base = { indexName, threshold: 0, maxRecommendations: 10 };
  const { results } = await client.getRecommendations({
    requests: [
      { ...base, model: 'trending-items' },
      { ...base, model: 'trending-items', facetName: 'brand', facetValue: 'Ironside' },
      { ...base, model: 'related-products', objectID: 'w-1' },
      { ...base, model: 'bought-together', objectID: 'w-1' },
      { ...base, model: 'looking-similar', objectID: 'w-1' },
    ],
  });
  return results.flatMap((result) =>
    result.hits.map((hit) => String((hit as { objectID: string }).objectID)),
  );
}

describe('Recommend under a key restricted to gender:Women', () => {
  const restrictedKeys = async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'gender:Women' },
    });
    const withParameters = await createKey(admin, {
      acl: ['search'],
      queryParameters: 'filters=gender%3AWomen',
    });
    return { secured, withParameters };
  };

  it('leaves brands the key cannot see out of trending-facets', async () => {
    expect(await trendingBrands(liteFor(adminKey))).toEqual(
      expect.arrayContaining(['Ironside', 'Lumen']),
    );
    for (const key of Object.values(await restrictedKeys())) {
      const brands = await trendingBrands(liteFor(key));
      expect(brands).not.toContain('Ironside');
      expect(brands).toEqual(expect.arrayContaining(['Lumen', 'Petal']));
    }
  });

  it('recommends only records the key can see, from every item model', async () => {
    expect(await recommendedItems(liteFor(adminKey))).toContain('m-1');
    for (const key of Object.values(await restrictedKeys())) {
      const items = await recommendedItems(liteFor(key));
      expect(items.length).toBeGreaterThan(0);
      expect(items.filter((objectID) => !women.includes(objectID))).toEqual([]);
    }
  });
});
