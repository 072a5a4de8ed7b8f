import type { CatalogueProduct } from '@vitrine/catalogue';
import type {
  IndexedMark,
  IndexPageProduct,
  SearchIndexStore,
} from '../../src/server/store/search-index-state.ts';

export interface CatalogueIndexStore extends SearchIndexStore {
  /** Replaces or adds products, each with a new revision (as an import that changes them). */
  write(products: readonly CatalogueProduct[]): void;
}

/**
 * The index-state half of the store over a catalogue held in memory, for tests of the search itself
 * (relevance, sync scheduling) that need no database. The sync's own tests use the real store.
 */
export function catalogueIndexStore(initial: readonly CatalogueProduct[]): CatalogueIndexStore {
  let revision = 0;
  const products = new Map<string, { product: CatalogueProduct; revision: number }>();
  const marks = new Map<string, IndexedMark>();
  const write = (list: readonly CatalogueProduct[]) => {
    for (const product of list) products.set(product.id, { product, revision: ++revision });
  };
  write(initial);
  const isPending = (id: string, current: number) => marks.get(id)?.revision !== current;
  return {
    write,
    readIndexPage: async ({ after, limit, pendingOnly }) => {
      const page: IndexPageProduct[] = [];
      for (const id of [...products.keys()].sort()) {
        const entry = products.get(id);
        if (!entry || (after !== undefined && id <= after)) continue;
        if (pendingOnly && !isPending(id, entry.revision)) continue;
        const mark = marks.get(id);
        page.push({
          product: entry.product,
          indexed: {
            revision: entry.revision,
            indexedRevision: mark?.revision ?? null,
            recordsHash: mark?.recordsHash ?? null,
            objectIds: mark?.objectIds ?? null,
          },
        });
        if (page.length === limit) break;
      }
      return page;
    },
    markIndexed: async (list) => {
      for (const mark of list) marks.set(mark.id, mark);
    },
    // Products are never removed from this store.
    readRemovals: async () => undefined,
    clearRemovals: async () => {},
    countPendingProducts: async () =>
      [...products.entries()].filter(([id, entry]) => isPending(id, entry.revision)).length,
    countProducts: async () => products.size,
  };
}
