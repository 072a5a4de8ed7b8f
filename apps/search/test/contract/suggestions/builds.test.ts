/**
 * What a Query Suggestions build puts in its index (issue #27): scripted searches sent through the official
 * search client with their page's `analyticsTags`, then the configurations built and read back through the
 * official clients. The most searched query comes first; the autocomplete panel's own searches are not counted;
 * queries below `minHits`, with an excluded word or in the other language are left out; singular and plural
 * forms are one suggestion; catalogue seeds (an `external` index) add to the searches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { type Clients, clientsFor, seedProducts, waitForBuild } from './suggestions-clients.ts';

let server: TestServer;
let clients: Clients;

const source = (tag: string) => ({
  indexName: 'products',
  analyticsTags: [tag],
  facets: [{ attribute: 'categories.lvl0', amount: 1 }],
  minHits: 3,
  minLetters: 3,
});

/** Sends `query` `times` times, as a search page (or the autocomplete panel) does. */
async function searchTimes(query: string, times: number, analyticsTags: string[]): Promise<void> {
  for (let sent = 0; sent < times; sent += 1)
    await clients.search.searchSingleIndex({
      indexName: 'products',
      searchParams: { query, analyticsTags },
    });
}

async function suggestionsOf(indexName: string) {
  const { hits } = await clients.search.searchSingleIndex<Record<string, unknown>>({
    indexName,
    searchParams: { query: '', hitsPerPage: 100 },
  });
  return hits;
}

beforeAll(async () => {
  server = await startTestServer();
  clients = clientsFor(server);
  await seedProducts(clients);
  await searchTimes('jackets', 3, ['lang:en']);
  await searchTimes('Jacket', 2, ['lang:en']);
  await searchTimes('hoodie', 1, ['lang:en']);
  await searchTimes('hoodie', 10, ['lang:en', 'autocomplete']);
  await searchTimes('hood', 10, ['lang:en', 'autocomplete']);
  await searchTimes('belt', 4, ['lang:en']);
  await searchTimes('leather', 5, ['lang:en']);
  await searchTimes('vestes', 2, ['lang:fr']);
  await searchTimes('veste', 1, ['lang:fr']);
  await searchTimes('sweat', 1, ['lang:fr']);
  await searchTimes('hoodies', 30, []);
  const since = new Date();
  await clients.suggestions.createConfig({
    indexName: 'products_query_suggestions_en',
    sourceIndices: [source('lang:en')],
    languages: ['en'],
    exclude: ['belt'],
  });
  await clients.suggestions.createConfig({
    indexName: 'products_query_suggestions_fr',
    sourceIndices: [source('lang:fr')],
    languages: ['fr'],
  });
  await waitForBuild(clients, 'products_query_suggestions_en', since);
  await waitForBuild(clients, 'products_query_suggestions_fr', since);
});
afterAll(async () => server.close());

describe('a Query Suggestions build', () => {
  it("writes Algolia's record shape, the most popular query first, plural forms merged", async () => {
    const hits = await suggestionsOf('products_query_suggestions_en');
    expect(hits[0]).toMatchObject({
      objectID: 'jackets',
      query: 'jackets',
      popularity: 5,
      nb_words: 1,
      products: {
        exact_nb_hits: 4,
        facets: {
          exact_matches: { 'categories.lvl0': [{ value: 'Jackets', count: 4 }] },
          analytics: {},
        },
      },
    });
    expect(hits.map((hit) => hit['query'])).toEqual(['jackets', 'hoodie']);
  });

  it("does not count the autocomplete panel's own searches", async () => {
    const hits = await suggestionsOf('products_query_suggestions_en');
    expect(hits.find((hit) => hit['query'] === 'hoodie')?.['popularity']).toBe(1);
    expect(hits.map((hit) => hit['query'])).not.toContain('hood');
  });

  it('leaves out a query below minHits and one with an excluded word, and says why in its logs', async () => {
    const queries = (await suggestionsOf('products_query_suggestions_en')).map(
      (hit) => hit['query'],
    );
    expect(queries).not.toContain('leather');
    expect(queries).not.toContain('belt');
    const logs = (await clients.suggestions.getLogFile({
      indexName: 'products_query_suggestions_en',
    })) as unknown as { level: string; message: string }[];
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'SKIP',
        message: '"leather": 1 hits, fewer than minHits (3)',
      }),
    );
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'SKIP', message: '"belt": excluded' }),
    );
  });

  it('keeps French and English apart', async () => {
    const french = await suggestionsOf('products_query_suggestions_fr');
    expect(french.map((hit) => [hit['query'], hit['popularity']])).toEqual([
      ['vestes', 3],
      ['sweat', 1],
    ]);
  });

  it('adds the seeds of an external index to the searches, and rebuilds on update', async () => {
    const seeds = await clients.search.saveObjects({
      indexName: 'products_query_seeds_en',
      objects: [
        { objectID: 'belts', query: 'belts', count: 2 },
        { objectID: 'hoodies', query: 'hoodies', count: 7 },
        { objectID: 'scarf', query: 'scarf', count: 9 },
      ],
    });
    for (const { taskID } of seeds)
      await clients.search.waitForTask({ indexName: 'products_query_seeds_en', taskID });
    const since = new Date();
    await clients.suggestions.updateConfig({
      indexName: 'products_query_suggestions_en',
      configuration: {
        sourceIndices: [{ ...source('lang:en'), external: ['products_query_seeds_en'] }],
        languages: ['en'],
        exclude: [],
      },
    });
    await waitForBuild(clients, 'products_query_suggestions_en', since);
    const hits = await suggestionsOf('products_query_suggestions_en');
    expect(hits.map((hit) => [hit['query'], hit['popularity']])).toEqual([
      ['hoodies', 8],
      ['belt', 6],
      ['jackets', 5],
    ]);
  });

  it('segments the Analytics top searches by tags, without the autocomplete keystrokes', async () => {
    const analytics = clients.search.initAnalytics({
      region: 'us',
      options: { hosts: clients.hosts },
    });
    const top = await analytics.getTopSearches({ index: 'products', tags: 'lang:en' });
    expect(top.searches.map((entry) => [entry.search, entry.count])).toEqual([
      ['leather', 5],
      ['belt', 4],
      ['jackets', 3],
      ['jacket', 2],
      ['hoodie', 1],
    ]);
    const keystrokes = await analytics.getTopSearches({ index: 'products', tags: 'autocomplete' });
    expect(keystrokes.searches.map((entry) => entry.count)).toEqual([10, 10]);
  });
});
