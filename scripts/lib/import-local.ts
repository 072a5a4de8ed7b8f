import {
  type CatalogueSource,
  type ImportOptions,
  writeCatalogue,
} from '../../apps/storefront/src/server/catalogue/import-catalogue.ts';
import { openCommerceStore } from '../../apps/storefront/src/server/store/commerce-store.ts';
import type { StackConfig } from './config.ts';
import { prepareInWorker } from './prepare-in-worker.ts';

/**
 * Imports into the storefront's store when no storefront is running: opens the store (taking the PGlite
 * folder lock, so a running owner makes this fail with a clear error instead of corrupting the folder) and
 * streams the file into it in one transaction (`writeCatalogue`). The storefront pushes what changed to the
 * search index on its next start (each changed product's revision moved). Parsing, validating and making
 * the rows run in a worker thread beside PGlite's (`prepareInWorker`).
 */
export async function importIntoLocalStore(
  source: CatalogueSource,
  options: ImportOptions,
  config: StackConfig,
): ReturnType<typeof writeCatalogue> {
  const store = await openCommerceStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    bulkWrite: true,
  });
  try {
    // Nothing else reads this store while the import holds its lock: large imports may take the fast path.
    return await writeCatalogue(
      source,
      { ...options, storeToItself: true, prepare: prepareInWorker },
      store,
    );
  } finally {
    await store.close();
  }
}
