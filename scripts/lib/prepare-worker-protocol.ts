import type { CatalogueReason } from '@vitrine/catalogue';
import type { CatalogueFormat } from '../../apps/storefront/src/server/catalogue/catalogue-records.ts';
import type { ImportRecordError } from '../../apps/storefront/src/server/catalogue/validate-records.ts';
import type { ImportBatch } from '../../apps/storefront/src/server/store/import-batch.ts';

/** What the import's worker starts with. */
export interface PrepareWorkerData {
  readonly format: CatalogueFormat;
}

/** The import's main thread to its worker: the file's next chunk (asked for), its end, or an ack of a batch. */
export type ToWorker =
  | { readonly type: 'chunk'; readonly chunk: Uint8Array | string }
  | { readonly type: 'end' }
  /** The file broke off: the worker's reader turns it into `file.readFailed`. */
  | { readonly type: 'fail'; readonly message: string }
  /** The main thread took a batch: the worker may prepare one more. */
  | { readonly type: 'ack' };

/** The worker to the main thread. */
export type FromWorker =
  | { readonly type: 'more' }
  | { readonly type: 'batch'; readonly batch: ImportBatch }
  | { readonly type: 'done' }
  | {
      readonly type: 'refused';
      readonly problem: CatalogueReason;
      readonly errors: ImportRecordError[];
    }
  | { readonly type: 'unreadable'; readonly problem: CatalogueReason }
  | { readonly type: 'crashed'; readonly message: string };

/** Batches the worker may prepare ahead of the database (bounds the memory they take). */
export const batchesAhead = 2;
