import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * looking-similar through the official lite client, on a listening server that loads the committed image
 * vectors (`apps/search/data/image-vectors/luma.json`) by itself: records indexed the way the storefront
 * indexes Luma products (`image` = the photo's site URL) get neighbours with no other wiring.
 */
let server: TestServer;
let lite: ReturnType<typeof liteClient>;
const indexName = 'looking_similar_contract';

const records = [
  {
    objectID: 'MH01-Black',
    name: 'Chaz Kangeroo Hoodie',
    image: '/images/luma/m/h/mh01-black_main.jpg',
  },
  {
    objectID: 'MH02-Black',
    name: 'Teton Pullover Hoodie',
    image: '/images/luma/m/h/mh02-black_main.jpg',
  },
  {
    objectID: 'MP01-Black',
    name: 'Caesar Warm-Up Pant',
    image: '/images/luma/m/p/mp01-black_main.jpg',
  },
  {
    objectID: 'WB01-Black',
    name: 'Push It Messenger Bag',
    image: '/images/luma/w/b/wb01-black_main.jpg',
  },
  { objectID: 'new-product', name: 'Not photographed yet', image: '/images/new.jpg' },
];

beforeAll(async () => {
  server = await startTestServer();
  const hosts = hostsOf(server);
  const admin = algoliasearch(appId, adminKey, { hosts });
  await admin.saveObjects({ indexName, objects: records, waitForTasks: true });
  lite = liteClient(appId, searchKey, { hosts });
});
afterAll(async () => server.close());

const lookingSimilar = async (objectID: string) => {
  const { results } = await lite.getRecommendations({
    requests: [{ indexName, model: 'looking-similar', objectID, threshold: 0 }],
  });
  return (results[0]?.hits ?? []) as readonly Record<string, unknown>[];
};

describe('looking-similar through the official client', () => {
  it('answers with the other photographed products, scored by image similarity', async () => {
    const hits = await lookingSimilar('MH01-Black');
    expect(hits.map((hit) => String(hit['objectID'])).sort()).toEqual([
      'MH02-Black',
      'MP01-Black',
      'WB01-Black',
    ]);
    const scores = hits.map((hit) => Number(hit['_score']));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score) => score > 0 && score <= 100)).toBe(true);
    expect(hits[0]?.['name']).toBeDefined();
  });

  it('answers nothing for a product whose photo has no vector yet', async () => {
    expect(await lookingSimilar('new-product')).toEqual([]);
  });
});
