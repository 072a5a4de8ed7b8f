import { type CatalogueRecordError, validateCatalogue } from '@vitrine/catalogue';
import type { SearchSync, SearchSyncOutcome } from '../search/search-sync.ts';
import type { CommerceStore } from '../store/commerce-store.ts';

/**
 * What an import did. A plain union rather than thrown errors: the admin route runs in Next's bundle while
 * the store lives in server.ts's module graph, and `instanceof` does not hold across the two.
 */
export type ImportOutcome =
  | {
      readonly status: 'invalid';
      readonly message: string;
      readonly errors: CatalogueRecordError[];
    }
  | { readonly status: 'conflict'; readonly message: string }
  | {
      readonly status: 'imported';
      readonly products: number;
      readonly catalogueVersion: string;
      readonly search: SearchSyncOutcome;
    };

export interface ImportDependencies {
  readonly store: CommerceStore;
  readonly searchSync: Pick<SearchSync, 'requestSync'>;
}

/**
 * Imports a catalogue: validates every record (nothing is written if one is wrong), upserts all products
 * in one transaction, then brings the search index up to date. Products missing from the file are kept.
 * @param products - the `products` array of an import file, as parsed JSON.
 * @throws only on unexpected failures (the database is down): refusals are outcomes.
 */
export async function importCatalogue(
  products: unknown,
  dependencies: ImportDependencies,
): Promise<ImportOutcome> {
  const validation = validateCatalogue(products);
  if (!validation.ok)
    return { status: 'invalid', message: validation.message, errors: validation.errors };
  try {
    await dependencies.store.upsertProducts(validation.products);
  } catch (error) {
    if (error instanceof Error && error.name === 'CatalogueConflictError') {
      return { status: 'conflict', message: `${error.message}; nothing was imported.` };
    }
    throw error;
  }
  const search = await dependencies.searchSync.requestSync();
  return {
    status: 'imported',
    products: validation.products.length,
    catalogueVersion: await dependencies.store.catalogueVersion(),
    search,
  };
}
