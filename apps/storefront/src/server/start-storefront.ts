import { type CatalogueProduct, productsIndex } from '@vitrine/catalogue';
import type { PublicConfig } from '../lib/site/public-config.ts';
import { startAdmin } from './admin/start-admin.ts';
import { importCatalogue } from './catalogue/import-catalogue.ts';
import { seedCatalogue } from './catalogue/seed-catalogue.ts';
import type { StorefrontConfig } from './config.ts';
import type { Logger } from './logging/logger.ts';
import { installRuntime, type StorefrontRuntime, uninstallRuntime } from './runtime.ts';
import { withQuerySuggestions } from './search/query-suggestions/with-query-suggestions.ts';
import { createSearchAccessReader, searchServiceFileName } from './search/search-access.ts';
import { createSearchAdminClient } from './search/search-admin-client.ts';
import {
  createSearchSync,
  type SearchSyncOptions,
  type SearchSyncOutcome,
} from './search/search-sync.ts';
import { withSearchUpdates } from './search/with-search-updates.ts';
import { openCommerceStore } from './store/commerce-store.ts';

export interface StartedStorefront {
  readonly runtime: StorefrontRuntime;
  /** Where the merchant's password is: `from MERCHANT_PASSWORD`, or `in <file>` when it was generated. */
  readonly merchantPasswordSource: string;
  /**
   * The first index sync, which runs in the background: pages are served meanwhile, and searches are
   * answered by the index as it was (a full push builds its records aside and swaps them in at the end).
   */
  readonly firstSync: Promise<SearchSyncOutcome>;
  /** Stops the index sync and closes the store (which releases the PGlite folder lock). */
  close(): Promise<void>;
}

export interface StartOptions {
  readonly config: StorefrontConfig;
  readonly logger: Logger;
  /** The catalogue an empty store is seeded with (`loadLumaSample`). */
  readonly loadSample: () => readonly CatalogueProduct[];
  /**
   * The first index sync starts once this settles (server.ts: once it listens), so that loading Next's
   * pages does not run alongside it. Default: at once.
   */
  readonly firstSyncAfter?: Promise<unknown>;
  /** Waits between failed index syncs (tests shorten them). */
  readonly retryDelaysMs?: SearchSyncOptions['retryDelaysMs'];
}

/**
 * Boots everything but the web server: opens the store (this process becomes its one owner), seeds it on
 * first run, starts bringing the search index up to date in the background (`firstSync`; retried while
 * the search service is away), and installs the runtime that pages and API routes use.
 */
export async function startStorefront(options: StartOptions): Promise<StartedStorefront> {
  const { config, logger } = options;
  const store = await openCommerceStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  try {
    const seed = await seedCatalogue(store, options.loadSample);
    logger.info(
      seed.seeded
        ? `Seeded the ${store.kind} store with ${seed.products} sample products.`
        : `The ${store.kind} store holds ${seed.products} products.`,
    );
  } catch (error) {
    await store.close();
    throw new Error('Could not seed the storefront store', { cause: error });
  }

  const readAccess = createSearchAccessReader(config.search, config.dataDir, logger);
  let admin: ReturnType<typeof startAdmin>;
  try {
    admin = startAdmin(config, readAccess);
  } catch (error) {
    await store.close();
    throw new Error('Could not set up the merchant sign-in', { cause: error });
  }
  const indexSync = createSearchSync({
    store,
    connect: () => {
      const access = readAccess();
      const description = access.url ?? 'hosted Algolia';
      if (access.adminKey === undefined) {
        throw new Error(
          `no admin key for ${description}: set VITRINE_ADMIN_KEY, or start the search service, which writes ` +
            `${searchServiceFileName} in ${config.dataDir}`,
        );
      }
      return {
        client: createSearchAdminClient({
          url: access.url,
          appId: access.appId,
          adminKey: access.adminKey,
        }),
        description,
      };
    },
    logger,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  const searchSync = withQuerySuggestions(indexSync, { store, readAccess, logger });
  const firstSync = (options.firstSyncAfter ?? Promise.resolve()).then(() =>
    searchSync.requestSync(),
  );

  const searchConfig = (side: 'public' | 'server'): PublicConfig => {
    const access = readAccess();
    return {
      searchUrl: side === 'public' ? access.publicUrl : access.url,
      appId: access.appId,
      searchKey: access.searchKey ?? null,
      indexName: productsIndex,
    };
  };
  const runtime: StorefrontRuntime = {
    store: withSearchUpdates(store, searchSync),
    publicConfig: () => searchConfig('public'),
    serverSearchConfig: () => searchConfig('server'),
    adminKey: () => readAccess().adminKey,
    publicOrigin: config.publicUrl,
    importCatalogue: (source, importOptions) =>
      importCatalogue(source, importOptions, { store, searchSync }),
    searchStatus: () => searchSync.lastOutcome(),
  };
  installRuntime(runtime);
  return {
    runtime,
    merchantPasswordSource: admin.passwordSource,
    firstSync,
    close: async () => {
      admin.stop();
      uninstallRuntime();
      await searchSync.stop();
      await store.close();
    },
  };
}
