import {
  type CatalogueReason,
  invalidCatalogueParams,
  maxListedErrors,
  reasoned,
  reasonText,
} from '@vitrine/catalogue';
import type { SearchSync, SearchSyncOutcome } from '../search/search-sync.ts';
import type { IndexSyncProgress } from '../search/sync-search-index.ts';
import type { CommerceStore, ImportedCount, SkuMove } from '../store/commerce-store.ts';
import type { ImportBatch } from '../store/import-batch.ts';
import { CatalogueFileError } from './catalogue-records.ts';
import { preparedBatches } from './prepared-batches.ts';
import { CatalogueRefusedError, type ImportRecordError } from './validate-records.ts';

/**
 * What an import did. A plain union rather than thrown errors: the admin route runs in Next's bundle while
 * the store lives in server.ts's module graph, and `instanceof` does not hold across the two.
 */
export type ImportOutcome =
  | {
      readonly status: 'invalid';
      readonly message: string;
      /** The message's code and parameters (a `file.*` code: the file itself cannot be read). */
      readonly problem: CatalogueReason;
      readonly errors: ImportRecordError[];
    }
  | { readonly status: 'conflict'; readonly message: string; readonly problem: CatalogueReason }
  | {
      readonly status: 'imported';
      readonly products: number;
      /** Products removed because the import replaced the catalogue (`replace`) and did not hold them. */
      readonly removed: number;
      readonly catalogueVersion: string;
      readonly search: SearchSyncOutcome;
    };

export type { CatalogueSource } from './prepared-batches.ts';

import type { CatalogueSource } from './prepared-batches.ts';

export interface ImportOptions {
  /** Remove the stored products the file does not hold (default: keep them). */
  readonly replace?: boolean;
  /**
   * The store is this process's alone (the CLI import with the storefront stopped): a large import may
   * run long statements (`ImportProductsOptions.storeToItself`). Never set by the running storefront.
   */
  readonly storeToItself?: boolean;
  /**
   * Reads, validates and prepares the file's batches (default: `preparedBatches`, on this thread). The CLI
   * import passes one that does it in a worker thread (`scripts/lib/prepare-in-worker.ts`).
   */
  readonly prepare?: (source: CatalogueSource) => AsyncIterable<ImportBatch>;
  /** Called after each batch written, with the count of products written so far. */
  readonly onProgress?: (products: number) => void;
  /**
   * Called once the products are committed to the store, before the search index is brought up to date
   * (from then on the import can no longer be cancelled: it is applied).
   */
  readonly onWritten?: (products: number) => void;
  /** Called as the search index update that follows goes, after each page of products it sent. */
  readonly onIndexProgress?: (progress: IndexSyncProgress) => void;
}

export interface ImportDependencies {
  readonly store: CommerceStore;
  readonly searchSync: Pick<SearchSync, 'requestSync'>;
}

/**
 * Imports a catalogue into the store as it streams in: validates every record (a bad one anywhere means
 * nothing is written, see `writeCatalogue`), upserts the products, and then brings the search index up
 * to date. Products missing from the file are kept, or removed with `replace`.
 * @throws only on unexpected failures (the database is down): refusals are outcomes.
 */
export async function importCatalogue(
  source: CatalogueSource,
  options: ImportOptions,
  dependencies: ImportDependencies,
): Promise<ImportOutcome> {
  const written = await writeCatalogue(source, options, dependencies.store);
  if ('status' in written) return written;
  options.onWritten?.(written.written);
  const search = await dependencies.searchSync.requestSync(
    options.onIndexProgress ? { onProgress: options.onIndexProgress } : {},
  );
  return {
    status: 'imported',
    products: written.written,
    removed: written.removed,
    catalogueVersion: await dependencies.store.catalogueVersion(),
    search,
  };
}

/**
 * Streams, validates and writes a catalogue in one transaction of the store, batch by batch (memory holds
 * one batch, plus the ids, slugs and SKUs seen, to refuse duplicates): a bad record at any position rolls
 * the whole import back, and the refusal names every bad record's position, line, field and reason.
 */
export async function writeCatalogue(
  source: CatalogueSource,
  options: ImportOptions,
  store: CommerceStore,
): Promise<ImportedCount | Exclude<ImportOutcome, { status: 'imported' }>> {
  let products = 0;
  const prepare = options.prepare ?? preparedBatches;
  async function* reported() {
    for await (const batch of prepare(source)) {
      yield batch;
      products += batch.ids.length;
      options.onProgress?.(products);
    }
  }
  try {
    return await store.importProducts(reported(), {
      replace: options.replace ?? false,
      storeToItself: options.storeToItself ?? false,
    });
  } catch (error) {
    if (error instanceof CatalogueRefusedError) {
      return {
        status: 'invalid',
        message: error.message,
        problem: error.problem,
        errors: [...error.errors],
      };
    }
    if (error instanceof CatalogueFileError) {
      return {
        status: 'invalid',
        message: `The file cannot be read: ${error.message}; nothing was imported.`,
        problem: error.problem,
        errors: [],
      };
    }
    if (error instanceof Error && error.name === 'SkuTakenError' && 'taken' in error) {
      return skusTaken(error.taken as readonly SkuMove[], products);
    }
    if (error instanceof Error && error.name === 'CatalogueConflictError') {
      const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : '';
      const problem = { code: 'catalogue.conflict', params: { detail } } as const;
      return { status: 'conflict', message: reasonText(problem), problem };
    }
    throw error;
  }
}

/** The refusal of a file whose products take SKUs of stored products it does not hold, record by record. */
function skusTaken(
  taken: readonly SkuMove[],
  total: number,
): Extract<ImportOutcome, { status: 'invalid' }> {
  const errors = taken.slice(0, maxListedErrors).map((move) => ({
    position: move.place?.position ?? 0,
    line: move.place?.line ?? 0,
    path: `variants.${move.variantPosition}.sku`,
    ...reasoned({ code: 'stored.skuTaken', params: { value: move.sku, productId: move.owner } }),
  }));
  const invalid = new Set(taken.map((move) => move.taker)).size;
  const problem = {
    code: 'catalogue.invalidRecords',
    params: invalidCatalogueParams(invalid, total, taken.length),
  } as const;
  return { status: 'invalid', message: reasonText(problem), problem, errors };
}
