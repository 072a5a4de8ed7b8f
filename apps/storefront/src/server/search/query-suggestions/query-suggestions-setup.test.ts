import type { CatalogueProduct } from '@vitrine/catalogue';
import { algoliasearch } from 'algoliasearch';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../../test/support/catalogue-fixtures.ts';
import { recordingLogger } from '../../../../test/support/recording-logger.ts';
import { startSearchService } from '../../../../test/support/search-service.ts';
import { openTestStores } from '../../../../test/support/test-stores.ts';
import type { CommerceStore } from '../../store/commerce-store.ts';
import { createSearchAdminClient, searchHosts } from '../search-admin-client.ts';
import { createSearchSync, type SearchSync } from '../search-sync.ts';
import { querySuggestionsIndices } from './suggestions-configs.ts';
import { withQuerySuggestions } from './with-query-suggestions.ts';

/**
 * The storefront seeds its Query Suggestions from the catalogue (issue #27): after its index sync, the real
 * search service holds one suggestions configuration per language whose first build, with no search traffic
 * at all, already suggests the catalogue's product types, categories and brands in that language. PGlite only:
 * the store's part is a paged read, the same on PostgreSQL. A singular type and its plural category name are
 * one suggestion ("jacket" and "Jackets").
 */
const opened = await openTestStores(inject('postgresUrl'), 'storefront_query_suggestions');
const store = (opened.find((entry) => entry.engine === 'pglite') ?? opened[0])
  ?.store as CommerceStore;
const service = await startSearchService();
const syncs: SearchSync[] = [];
afterAll(async () => {
  await Promise.all(syncs.map((sync) => sync.stop()));
  await Promise.all([...opened.map((entry) => entry.store.close()), service.close()]);
});

const hosts = searchHosts(service.url).map((host) => ({ ...host }));
const search = algoliasearch('vitrine', service.adminKey, { hosts });
const suggestions = search.initQuerySuggestions({ region: 'eu', options: { hosts } });

const bilingual = (id: string, en: string, fr: string, category: string[]): CatalogueProduct => ({
  ...makeProduct(id),
  texts: {
    en: { name: en, slug: `${id.toLowerCase()}-en`, description: en },
    fr: { name: fr, slug: `${id.toLowerCase()}-fr`, description: fr },
  },
  categories: [category],
});
const jackets = ['Juno', 'Nadia', 'Stellar'].map((name, at) =>
  bilingual(`WJ0${at}`, `${name} Jacket`, `Veste ${name}`, ['Women', 'Tops', 'Jackets']),
);
const hoodies = ['Mach', 'Marco', 'Ajax'].map((name, at) =>
  bilingual(`MH0${at}`, `${name} Hoodie`, `Sweat ${name}`, [
    'Men',
    'Tops',
    'Hoodies & Sweatshirts',
  ]),
);

function syncWithSuggestions(logger: ReturnType<typeof recordingLogger>, seedStore = store) {
  const access = {
    url: service.url,
    publicUrl: service.url,
    appId: 'vitrine',
    adminKey: service.adminKey,
    searchKey: service.searchKey,
  };
  const sync = withQuerySuggestions(
    createSearchSync({
      store,
      connect: () => ({ client: createSearchAdminClient(access), description: service.url }),
      logger,
      retryDelaysMs: [60_000],
    }),
    { store: seedStore, readAccess: () => access, logger },
  );
  syncs.push(sync);
  return sync;
}

/** Waits until the configuration has been built after `since`. */
async function builtSince(indexName: string, since: number): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const configs = await suggestions.getAllConfigs();
    if (configs.some((config) => config['indexName'] === indexName)) {
      const status = await suggestions.getConfigStatus({ indexName });
      const built = Date.parse(status.lastSuccessfulBuiltAt ?? '');
      if (!status.isRunning && built >= since) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${indexName} was not built`);
}

async function suggested(indexName: string) {
  const { hits } = await search.searchSingleIndex<Record<string, unknown>>({
    indexName,
    searchParams: { query: '', hitsPerPage: 50 },
  });
  return hits;
}

const setUpLines = (logger: ReturnType<typeof recordingLogger>) =>
  logger.lines.filter((line) => line.message.startsWith('Query suggestions set up'));

describe('query suggestions seeded from the catalogue', () => {
  it('suggest product types, categories and brands in each language before any search', async () => {
    await store.upsertProducts([...jackets, ...hoodies]);
    const logger = recordingLogger();
    const since = Date.now();
    const outcome = await syncWithSuggestions(logger).requestSync();
    expect(outcome.status).toBe('pushed');
    await builtSince(querySuggestionsIndices.en, since);
    await builtSince(querySuggestionsIndices.fr, since);
    const english = await suggested(querySuggestionsIndices.en);
    expect(english.map((hit) => hit['query'])).toEqual(
      expect.arrayContaining(['luma', 'jacket', 'hoodie', 'tops']),
    );
    expect(english.find((hit) => hit['query'] === 'jacket')).toMatchObject({
      products: {
        facets: {
          exact_matches: {
            'hierarchicalCategories.lvl1': [{ value: 'Women > Tops', count: 3 }],
            'hierarchicalCategories.lvl2': [{ value: 'Women > Tops > Jackets', count: 3 }],
          },
        },
      },
    });
    const french = await suggested(querySuggestionsIndices.fr);
    expect(french.map((hit) => hit['query'])).toEqual(
      expect.arrayContaining(['luma', 'veste', 'sweat', 'hauts']),
    );
    expect(french.map((hit) => hit['query'])).not.toContain('jacket');
    expect(setUpLines(logger)).toHaveLength(1);
  });

  it('sets up again after an import changed the catalogue, not on a restart nor a sync that changed nothing', async () => {
    const logger = recordingLogger();
    const restarted = syncWithSuggestions(logger);
    await restarted.requestSync();
    await restarted.requestSync();
    await restarted.stop();
    expect(setUpLines(logger)).toHaveLength(0);
    expect(await suggestions.getAllConfigs()).toHaveLength(2);
    const since = Date.now();
    await store.upsertProducts([
      bilingual('WB01', 'Lumen Belt', 'Ceinture Lumen', ['Gear', 'Accessories', 'Belts']),
    ]);
    const again = syncWithSuggestions(logger);
    await again.requestSync();
    await again.requestSync();
    await again.stop();
    expect(setUpLines(logger)).toHaveLength(1);
    await builtSince(querySuggestionsIndices.en, since);
  });

  it('logs a failure and never fails the sync', async () => {
    const logger = recordingLogger();
    const broken = {
      ...store,
      listCategories: () => Promise.reject(new Error('store away')),
    } as CommerceStore;
    const sync = syncWithSuggestions(logger, broken);
    expect((await sync.requestSync()).status).not.toBe('pending');
    await sync.stop();
    expect(logger.lines).toContainEqual({
      level: 'warn',
      message:
        'Could not set up the query suggestions: store away. Tried again after the next index sync.',
    });
  });
});
