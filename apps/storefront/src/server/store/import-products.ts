import type { CatalogueProduct } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { refreshCategorySummaries } from './category-summaries.ts';
import { filterIndexesSetAside } from './filter-indexes.ts';
import { type ImportBatch, prepareImportBatch } from './import-batch.ts';
import { nextTurn } from './next-turn.ts';
import { refreshStatisticsAfterWrite } from './planner-statistics.ts';
import { removeProductsNotIn } from './remove-products.ts';
import {
  holdsNoProducts,
  movesFromOthers,
  type SkuMove,
  SkuTakenError,
  writeProducts,
} from './write-products.ts';

type Executor = Database['orm'];

export interface ImportProductsOptions {
  readonly replace: boolean;
  /**
   * The caller has the store to itself (`npm run import` with the storefront stopped: it holds the PGlite
   * folder's lock): a large import sets the console's filter indexes aside and builds them once before it
   * commits, in statements of seconds that no request waits behind (`filterIndexesSetAside`). Ignored on
   * PostgreSQL, where other instances read the tables meanwhile and a dropped index would lock them out.
   */
  readonly storeToItself?: boolean;
}

export interface ImportedCount {
  readonly written: number;
  /** Products removed because the import replaced the catalogue and did not hold them. */
  readonly removed: number;
}

/**
 * `CommerceStore.importProducts` inside its transaction (the catalogue write lock taken): writes the batches
 * as they come, refuses SKUs taken from stored products the file does not hold, removes the products the file
 * lacks (`replace`), then rebuilds what depends on the whole catalogue (filter indexes set aside, category
 * summaries, planner statistics).
 */
export async function importBatches(
  tx: Executor,
  batches: AsyncIterable<ImportBatch | readonly CatalogueProduct[]>,
  { replace, storeToItself = false }: ImportProductsOptions,
  kind: Database['kind'],
): Promise<ImportedCount> {
  // Into an empty store every row is new: plain inserts, no look-up of stored products or SKUs.
  const allNew = await holdsNoProducts(tx);
  const indexes =
    storeToItself && kind === 'pglite' ? await filterIndexesSetAside(tx, allNew) : undefined;
  const trustedChildren = kind === 'pglite';
  const ids: string[] = [];
  const moves: SkuMove[] = [];
  for await (const input of batches) {
    const batch = 'ids' in input ? input : prepareImportBatch(input);
    await indexes?.setAsideIfLarge(ids.length + batch.ids.length);
    const moved = await writeProducts(tx, batch, { trustedChildren, allNew, between: nextTurn });
    for (const move of moved) moves.push(move);
    for (const id of batch.ids) ids.push(id);
    // Pages and API calls run between two batches (and between two statements of one).
    await nextTurn();
  }
  if (!replace) {
    const taken = movesFromOthers(moves, ids);
    if (taken.length > 0) throw new SkuTakenError(taken);
  }
  const removed = replace ? await removeProductsNotIn(tx, ids) : 0;
  await indexes?.rebuild();
  await refreshCategorySummaries(tx);
  // Through the running storefront on PGlite: table by table from a smaller sample, pages served between.
  const sampled = kind === 'pglite' && !storeToItself;
  await refreshStatisticsAfterWrite(tx, ids.length, sampled ? { between: nextTurn } : {});
  return { written: ids.length, removed };
}
