import { type ImportBatch, prepareImportBatch } from '../store/import-batch.ts';
import { type CatalogueFormat, readCatalogueRecords } from './catalogue-records.ts';
import { validatedBatches } from './validate-records.ts';

/** A catalogue file as it arrives: its bytes (a file or a request body) and its format. */
export interface CatalogueSource {
  readonly chunks: AsyncIterable<Uint8Array | string>;
  readonly format: CatalogueFormat;
}

/** Products validated, written and yielded between at a time. */
export const importBatchSize = 500;

/**
 * The file's products, validated (see `validatedBatches`: a bad record anywhere throws once the file is
 * read) and made into the store's rows, batch by batch: the JavaScript half of an import, run on this
 * thread by the storefront and in a worker thread by the CLI (`scripts/lib/prepare-in-worker.ts`).
 */
export async function* preparedBatches(source: CatalogueSource): AsyncGenerator<ImportBatch> {
  const records = readCatalogueRecords(source.chunks, source.format);
  for await (const batch of validatedBatches(records, importBatchSize)) {
    yield prepareImportBatch(batch.products, batch.places);
  }
}
