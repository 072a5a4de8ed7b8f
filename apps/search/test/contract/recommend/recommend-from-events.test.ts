import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, appId, searchKey } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * Recommend through the official lite client, fed by Insights events sent the way search-insights sends them
 * (credentials in the query string with its mixed-case names, JSON body). search-insights itself is a
 * storefront dependency, so plain `fetch` stands in for it here.
 */
let server: TestServer;
let lite: ReturnType<typeof liteClient>;
const indexName = 'reco_contract';

const records = [
  { objectID: 'tv-1', name: 'LG tv', category: 'TV', popularity: 90 },
  { objectID: 'tv-2', name: 'Sony tv', category: 'TV', popularity: 80 },
  { objectID: 'sb-1', name: 'LG soundbar', category: 'Audio', popularity: 60 },
  { objectID: 'hd-1', name: 'HDMI cable', category: 'Cables', popularity: 40 },
  { objectID: 'wm-1', name: 'Wall mount', category: 'Mounts', popularity: 30 },
];

beforeAll(async () => {
  server = await startTestServer();
  const hosts = hostsOf(server);
  const admin = algoliasearch(appId, adminKey, { hosts });
  await admin.setSettings({
    indexName,
    indexSettings: { attributesForFaceting: ['category'], searchableAttributes: ['name'] },
  });
  await admin.saveObjects({ indexName, objects: records, waitForTasks: true });
  lite = liteClient(appId, searchKey, { hosts });
});
afterAll(async () => server.close());

async function sendEvents(events: Record<string, unknown>[]): Promise<Response> {
  const query = new URLSearchParams({
    'X-Algolia-Application-Id': appId,
    'X-Algolia-API-Key': searchKey,
    'X-Algolia-Agent': 'insights-js (2.17.3); insights-js-node-fetch (2.17.3)',
  });
  return fetch(`http://${server.host}:${server.port}/1/events?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
}

const ids = (hits: readonly Record<string, unknown>[] | undefined) =>
  hits?.map((hit) => hit['objectID']);

describe('Recommend and Insights through the official clients', () => {
  it('falls back to popularity for trending-items with no events', async () => {
    const { results } = await lite.getRecommendations({
      requests: [{ indexName, model: 'trending-items', threshold: 0, maxRecommendations: 3 }],
    });
    expect(ids(results[0]?.hits)).toEqual(['tv-1', 'tv-2', 'sb-1']);
    expect(results[0]?.hits[0]?._score).toBe(100);
  });

  it('changes bought-together once purchase events are posted', async () => {
    const request = {
      indexName,
      model: 'bought-together' as const,
      objectID: 'tv-1',
      threshold: 0,
      maxRecommendations: 2,
    };
    const before = await lite.getRecommendations({ requests: [request] });
    expect(before.results[0]?.hits).toEqual([]);
    const purchases = [
      ...Array.from({ length: 20 }, () => ['tv-1', 'wm-1']),
      ...Array.from({ length: 20 }, () => ['hd-1']),
    ].map((objectIDs, position) => ({
      eventType: 'conversion',
      eventSubtype: 'purchase',
      eventName: 'Order placed',
      index: indexName,
      userToken: `buyer-${position}`,
      objectIDs,
      objectData: objectIDs.map(() => ({ price: 10, quantity: 1 })),
      value: 10 * objectIDs.length,
      currency: 'EUR',
    }));
    const response = await sendEvents(purchases);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, message: 'OK' });
    const after = await lite.getRecommendations({ requests: [request] });
    expect(ids(after.results[0]?.hits)).toEqual(['wm-1']);
  });

  it('respects threshold and maxRecommendations, and tops up with fallbackParameters', async () => {
    const { results } = await lite.getRecommendations({
      requests: [
        { indexName, model: 'trending-items', threshold: 0, maxRecommendations: 1 },
        { indexName, model: 'bought-together', objectID: 'tv-1', threshold: 100 },
        {
          indexName,
          model: 'bought-together',
          objectID: 'tv-1',
          threshold: 0,
          maxRecommendations: 3,
          fallbackParameters: { facetFilters: ['category:TV'] },
        },
      ],
    });
    expect(results[0]?.hits).toHaveLength(1);
    expect(results[1]?.hits).toEqual([]);
    expect(ids(results[2]?.hits)).toEqual(['wm-1', 'tv-2']);
  });

  it('rejects an invalid request with the client ApiError (400)', async () => {
    await expect(
      lite.getRecommendations({
        requests: [{ indexName, model: 'trending-items', threshold: 0, maxRecommendations: 31 }],
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
