/**
 * A start that rebuilds the indices from the store (no persisted build) reads each index's records a range at a
 * time and indexes each range before reading the next (issue #26): it never asks the store for every record at
 * once, and the primary, its standard replica and its virtual replica answer exactly as before the restart.
 */
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.ts';
import type { SearchStore } from '../../src/store/search-store.ts';
import { freshStore } from '../support/fresh-store.ts';
import { adminKey, appId, searchKey, startTestApp } from '../support/test-app.ts';

const keys = { appId, adminKey, searchKey };
const store = await freshStore();
afterAll(async () => store.close());

const words = ['linen', 'wool', 'cotton', 'denim', 'silk', 'leather', 'canvas', 'tweed'];
// More than one range of the store's (5,000 records).
const records = Array.from({ length: 6_200 }, (_, n) => ({
  objectID: `p-${n}`,
  name: `${words[n % words.length]} jacket ${n % 97}`,
  brand: `Brand ${n % 13}`,
  price: (n * 37) % 500,
  rank: n % 5,
}));

type Inject = Awaited<ReturnType<typeof buildApp>>['inject'];

async function observe(inject: Inject): Promise<unknown> {
  const requests = [
    { indexName: 'items', query: 'wool jacket', facets: ['brand'], hitsPerPage: 30 },
    { indexName: 'items', query: '', filters: 'price < 40', hitsPerPage: 50, page: 1 },
    { indexName: 'items_price_asc', query: 'jacket 5', hitsPerPage: 30 },
    { indexName: 'items_relevant', query: 'tweed', hitsPerPage: 30 },
  ];
  const response = await inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
    payload: { requests },
  });
  const { results } = response.json<{ results: Record<string, unknown>[] }>();
  return results.map(({ hits, nbHits, facets }) => ({ hits, nbHits, facets }));
}

it('rebuilds from the store a range at a time and answers as before the restart', async () => {
  const first = await startTestApp({ store });
  const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
    first.request({ method, url, payload }).then((response) => response.json<{ taskID: number }>());
  await write('PUT', '/1/indexes/items/settings', {
    searchableAttributes: ['name', 'brand'],
    attributesForFaceting: ['brand', 'price'],
    customRanking: ['desc(rank)'],
    replicas: ['items_price_asc', 'virtual(items_relevant)'],
  });
  await write('PUT', '/1/indexes/items_price_asc/settings', {
    ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
  });
  await write('PUT', '/1/indexes/items_relevant/settings', { customRanking: ['asc(price)'] });
  await write('POST', '/1/indexes/items/batch', {
    requests: records.map((body) => ({ action: 'addObject', body })),
  });
  // A rewritten record moves to the end of the write order (ties are ranked in it).
  await write('PUT', '/1/indexes/items/p-3', { ...records[3], name: 'wool jacket 3' });
  await first.app.vitrine.service.drain();
  const before = await observe(first.app.inject.bind(first.app));
  expect((before as { nbHits: number }[]).map((result) => result.nbHits > 0)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  await first.app.close();

  const loads: unknown[] = [];
  const ranges: number[] = [];
  const watched: SearchStore = {
    ...store,
    load: (options) => {
      loads.push(options);
      return store.load(options);
    },
    readRecordRanges: async function* (index, size) {
      for await (const range of store.readRecordRanges?.(index, size) ?? []) {
        ranges.push(range.length);
        yield range;
      }
    },
  };
  const second = await buildApp({ keys, store: watched });
  await second.vitrine.ready;
  try {
    expect(loads).toEqual([{ records: false }]);
    // Stored once, under the primary: read once, in ranges, for the primary and both replicas.
    expect(ranges).toEqual([5_000, 1_200]);
    expect(await observe(second.inject.bind(second))).toEqual(before);
  } finally {
    await second.close();
  }
});
