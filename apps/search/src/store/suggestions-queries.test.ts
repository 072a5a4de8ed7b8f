import { rmSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseTargets } from '../../../../packages/database/src/testing/test-databases.ts';
import type {} from '../../../../packages/database/src/testing/vitest-global-setup.ts';
import { freshDataDir } from '../../test/support/fresh-store.ts';
import { openSearchStore } from './open-search-store.ts';
import type { SearchLogEntry } from './search-store.ts';

/**
 * What the Query Suggestions builder reads and writes in the search store, on PGlite and on PostgreSQL: the
 * logged queries of a source grouped as typed (tags required, the autocomplete's left out, a period, a limit),
 * and the configurations with their builds' state.
 */
const stores = await Promise.all(
  (await testDatabaseTargets(inject('postgresUrl'), 'search_suggestions')).map(async (target) => {
    const dataDir = target.engine === 'pglite' ? await freshDataDir() : target.dataDir;
    return { engine: target.engine, dataDir, store: await openSearchStore({ ...target, dataDir }) };
  }),
);
afterAll(async () => {
  for (const { store, dataDir } of stores) {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const day = (n: number) => new Date(Date.UTC(2026, 11, n, 12));
const logged = (
  query: string,
  analyticsTags: string[] | undefined,
  searchedAt = day(2),
  indexName = 'products',
): SearchLogEntry => ({
  indexName,
  query,
  filters: '',
  hitCount: 3,
  queryID: undefined,
  userToken: undefined,
  searchedAt,
  processingTimeMS: 1,
  ...(analyticsTags === undefined ? {} : { analyticsTags }),
});

describe.each(stores)('query suggestions in the search store on $engine', ({ store }) => {
  const count = (tags: string[], since = day(1), indexNames = ['products'], limit = 100) =>
    store.countLoggedQueries({ indexNames, since, tags, withoutTag: 'autocomplete', limit });

  it('counts the queries of a source as typed, with every tag asked, never the autocomplete ones', async () => {
    await store.appendSearchLog([
      logged('Jackets ', ['lang:en']),
      logged('jackets', ['lang:en', 'mobile']),
      logged('JACKETS', ['lang:en', 'autocomplete']),
      logged('hoodie', ['lang:en']),
      logged('vestes', ['lang:fr']),
      logged('old search', undefined),
      logged('   ', ['lang:en']),
      logged('before the period', ['lang:en'], day(0)),
      logged('on a replica', ['lang:en'], day(2), 'products_price_asc'),
    ]);
    expect(await count(['lang:en'])).toEqual([
      { query: 'jackets', count: 2 },
      { query: 'hoodie', count: 1 },
    ]);
    expect(await count(['lang:en', 'mobile'])).toEqual([{ query: 'jackets', count: 1 }]);
    expect(await count(['lang:fr'])).toEqual([{ query: 'vestes', count: 1 }]);
    expect((await count([])).map((entry) => entry.query)).toEqual([
      'jackets',
      'hoodie',
      'old search',
      'vestes',
    ]);
    expect(await count(['lang:en'], day(1), ['products', 'products_price_asc'], 2)).toEqual([
      { query: 'jackets', count: 2 },
      { query: 'hoodie', count: 1 },
    ]);
    expect(await count(['lang:en'], day(3))).toEqual([]);
  });

  it('keeps a configuration with its state, keeping its creation time on update, until deleted', async () => {
    const config = { sourceIndices: [{ indexName: 'products' }] };
    await store.putSuggestionsConfig({
      indexName: 'qs',
      config,
      state: { logs: [] },
      createdAt: day(1),
      updatedAt: day(1),
    });
    await store.putSuggestionsConfig({
      indexName: 'qs',
      config: { ...config, exclude: ['cheap'] },
      state: { logs: [] },
      createdAt: day(2),
      updatedAt: day(2),
    });
    await store.putSuggestionsState('qs', { lastBuiltAt: '2026-12-02T12:00:00.000Z', logs: [] });
    await store.putSuggestionsState('gone', { logs: [] });
    expect(await store.readSuggestionsConfigs()).toEqual([
      {
        indexName: 'qs',
        config: { ...config, exclude: ['cheap'] },
        state: { lastBuiltAt: '2026-12-02T12:00:00.000Z', logs: [] },
        createdAt: day(1),
        updatedAt: day(2),
      },
    ]);
    await store.deleteSuggestionsConfig('qs');
    expect(await store.readSuggestionsConfigs()).toEqual([]);
  });
});
