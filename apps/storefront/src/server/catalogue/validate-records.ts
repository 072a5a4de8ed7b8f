import {
  type CatalogueProduct,
  type CatalogueRecordError,
  catalogueProductSchema,
  duplicateFinder,
  invalidCatalogueMessage,
  maxListedErrors,
} from '@vitrine/catalogue';
import type { SourceRecord } from './catalogue-records.ts';

/** A problem in one record: its 0-based position, the line it starts on, the field and why. */
export interface ImportRecordError extends CatalogueRecordError {
  readonly line: number;
}

/** The file holds at least one bad record: nothing of it may be applied. */
export class CatalogueRefusedError extends Error {
  override readonly name = 'CatalogueRefusedError';
  readonly errors: readonly ImportRecordError[];
  constructor(message: string, errors: readonly ImportRecordError[]) {
    super(message);
    this.errors = errors;
  }
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
): AsyncGenerator<CatalogueProduct[]> {
  const repeatsOf = duplicateFinder();
  const errors: ImportRecordError[] = [];
  let problemCount = 0;
  let invalidRecords = 0;
  let total = 0;
  let batch: CatalogueProduct[] = [];
  for await (const { value, position, line } of records) {
    total += 1;
    const problems: ImportRecordError[] = [];
    const result = catalogueProductSchema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({
          position,
          line,
          path: issue.path.map(String).join('.'),
          reason: issue.message,
        });
      }
    } else {
      const product = result.data;
      for (const repeat of repeatsOf(product, position)) problems.push({ ...repeat, line });
      if (problems.length === 0 && errors.length === 0) {
        batch.push(product);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (problems.length > 0) {
      invalidRecords += 1;
      problemCount += problems.length;
      errors.push(...problems.slice(0, maxListedErrors - errors.length));
      batch = [];
    }
  }
  if (total === 0) throw new CatalogueRefusedError('The catalogue holds no products.', []);
  if (invalidRecords > 0) {
    throw new CatalogueRefusedError(
      invalidCatalogueMessage(invalidRecords, total, problemCount),
      errors,
    );
  }
  if (batch.length > 0) yield batch;
}
