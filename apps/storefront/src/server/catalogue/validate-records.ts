import {
  type CatalogueProduct,
  type CatalogueReason,
  type CatalogueRecordError,
  duplicateFinder,
  invalidCatalogueParams,
  maxListedErrors,
  reasonText,
  schemaErrors,
} from '@vitrine/catalogue';
import type { RecordPlace } from '../store/import-batch.ts';
import type { SourceRecord } from './catalogue-records.ts';

/** A problem in one record: its 0-based position, the line it starts on, the field and why. */
export interface ImportRecordError extends CatalogueRecordError {
  readonly line: number;
}

/** The file holds at least one bad record: nothing of it may be applied. */
export class CatalogueRefusedError extends Error {
  override readonly name = 'CatalogueRefusedError';
  readonly errors: readonly ImportRecordError[];
  /** The message's code and parameters. */
  readonly problem: CatalogueReason;
  constructor(problem: CatalogueReason, errors: readonly ImportRecordError[]) {
    super(reasonText(problem));
    this.problem = problem;
    this.errors = errors;
  }
}

/** Valid products, and where each is in the file. */
export interface ValidatedBatch {
  readonly products: CatalogueProduct[];
  readonly places: RecordPlace[];
}

/**
 * Validates records as they stream in (each against `catalogueProductSchema`, and ids, slugs and SKUs for
 * duplicates across the file) and yields the valid products in batches. At the first bad record it stops
 * yielding but reads on to the end to report every problem, then throws `CatalogueRefusedError`: the
 * caller writes the batches in one transaction, which the throw rolls back.
 */
export async function* validatedBatches(
  records: AsyncIterable<SourceRecord>,
  batchSize: number,
): AsyncGenerator<ValidatedBatch> {
  const repeatsOf = duplicateFinder();
  const errors: ImportRecordError[] = [];
  let problemCount = 0;
  let invalidRecords = 0;
  let total = 0;
  let batch: ValidatedBatch = { products: [], places: [] };
  for await (const { value, position, line } of records) {
    total += 1;
    const problems: ImportRecordError[] = [];
    const checked = schemaErrors(value, position);
    if ('errors' in checked) {
      for (const error of checked.errors) problems.push({ ...error, line });
    } else {
      const product = checked.product;
      for (const repeat of repeatsOf(product, position)) problems.push({ ...repeat, line });
      if (problems.length === 0 && errors.length === 0) {
        batch.products.push(product);
        batch.places.push({ position, line });
        if (batch.products.length >= batchSize) {
          yield batch;
          batch = { products: [], places: [] };
        }
      }
    }
    if (problems.length > 0) {
      invalidRecords += 1;
      problemCount += problems.length;
      errors.push(...problems.slice(0, maxListedErrors - errors.length));
      batch = { products: [], places: [] };
    }
  }
  if (total === 0) throw new CatalogueRefusedError({ code: 'catalogue.empty', params: {} }, []);
  if (invalidRecords > 0) {
    throw new CatalogueRefusedError(
      {
        code: 'catalogue.invalidRecords',
        params: invalidCatalogueParams(invalidRecords, total, problemCount),
      },
      errors,
    );
  }
  if (batch.products.length > 0) yield batch;
}
