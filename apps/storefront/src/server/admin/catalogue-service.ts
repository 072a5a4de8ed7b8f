import type { CatalogueProduct } from '@vitrine/catalogue';
import { applyProductEdit, type ProductEdit } from '../../lib/admin/product-edit.ts';
import type { ImportOutcome } from '../catalogue/import-catalogue.ts';
import type { StorefrontRuntime } from '../runtime.ts';
import { ConsoleInputError } from './console-http.ts';

/**
 * Saves a product edit through the catalogue import (validation, one transaction, the incremental index
 * sync), exactly as a one-product catalogue file would, and records it in the audit log.
 * @returns when the search index holds the change (the import waits for its sync).
 */
export async function saveProductEdit(
  runtime: Pick<StorefrontRuntime, 'store' | 'importCatalogue'>,
  edit: ProductEdit,
  actor: string,
): Promise<{ product: CatalogueProduct; outcome: ImportOutcome }> {
  const [before] = await runtime.store.getProductsByIds([edit.id]);
  if (!before) throw new ConsoleInputError(`No product ${edit.id}`, 404);
  let after: CatalogueProduct;
  try {
    after = applyProductEdit(before, edit);
  } catch (error) {
    throw new ConsoleInputError((error as Error).message);
  }
  const outcome = await runtime.importCatalogue(
    { chunks: oneChunk(JSON.stringify([after])), format: 'json' },
    { replace: false },
  );
  if (outcome.status === 'invalid') {
    const details = outcome.errors.map((error) => `${error.path}: ${error.reason}`).join('; ');
    throw new ConsoleInputError(details || outcome.message);
  }
  if (outcome.status === 'conflict') throw new ConsoleInputError(outcome.message, 409);
  await runtime.store.recordChanges([
    { actor, subject: 'product', subjectId: edit.id, action: 'update', before, after },
  ]);
  return { product: after, outcome };
}

async function* oneChunk(text: string): AsyncIterable<string> {
  yield text;
}
