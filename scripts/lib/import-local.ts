import type { CatalogueProduct } from '@vitrine/catalogue';
import { openCommerceStore } from '../../apps/storefront/src/server/store/commerce-store.ts';
import type { StackConfig } from './config.ts';

/**
 * Imports into the storefront's store when no storefront is running: opens the store (taking the PGlite
 * folder lock, so a running owner makes this fail with a clear error instead of corrupting the folder) and
 * upserts every product in one transaction. The storefront pushes the new catalogue to the search index on
 * its next start, because the catalogue version it compares has changed.
 */
export async function importIntoLocalStore(
  products: readonly CatalogueProduct[],
  config: StackConfig,
): Promise<number> {
  const store = await openCommerceStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  try {
    await store.upsertProducts(products);
    return products.length;
  } finally {
    await store.close();
  }
}
