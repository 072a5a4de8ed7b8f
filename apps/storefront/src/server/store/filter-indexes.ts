import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

type Executor = Database['orm'];

/**
 * The console list's filter indexes (decision 0027): trigrams of ids, names and SKUs, and category paths.
 * Kept up to date row by row they were a quarter of a 100,000-product import's time on PGlite (102 s
 * against 76 s before them); built once from the written rows they cost about 10 s of CPU (decision 0030).
 */
const filterIndexNames = [
  'products_id_trgm_idx',
  'products_name_trgm_idx',
  'product_texts_name_trgm_idx',
  'variants_sku_trgm_idx',
  'product_categories_path_text_idx',
] as const;

/**
 * B-tree indexes that only reads of stored rows use (the sync's unindexed products, the console's "starts
 * with", a product's variants): an import into an empty store reads none of them, and building each once
 * from sorted rows costs less than 1,000,000 insertions in random order at 100,000 products.
 */
const lookupIndexNames = [
  'products_unindexed_idx',
  'products_id_start_idx',
  'variants_product_id_idx',
  'variants_sku_start_idx',
] as const;

/** An import writes this many products at least before it sets the filter indexes aside. */
export const bulkImportProducts = 1_000;

/**
 * Sets the filter indexes aside for the rest of a large import, inside its transaction, and builds them
 * again before it commits. `setAsideIfLarge` is called before each batch: once the import's products reach
 * `bulkImportProducts` and half of what the store held before it (building an index reads the whole table,
 * keeping it reads only the written rows), the indexes are dropped; `rebuild` creates them from the
 * definitions they had (so an index the migration could not create, without pg_trgm, stays absent). A
 * failure before the commit rolls the drop back with the rest: the indexes are never missing outside the
 * import's transaction. Into a store that held no product (`storeWasEmpty`: the import looks nothing up),
 * the look-up indexes (`lookupIndexNames`) are set aside too. Each `CREATE INDEX` is one long statement (about 6 s of CPU for the SKUs of
 * 100,000 products): only for a caller that has the store to itself.
 */
export async function filterIndexesSetAside(
  tx: Executor,
  storeWasEmpty: boolean,
): Promise<{
  setAsideIfLarge(written: number): Promise<void>;
  rebuild(): Promise<void>;
}> {
  const [state] = await rowsOf<{ products: number }>(
    tx,
    sql`SELECT product_count AS products FROM catalogue_state`,
  );
  const threshold = Math.max(bulkImportProducts, (state?.products ?? 0) / 2);
  const names: readonly string[] = storeWasEmpty
    ? [...filterIndexNames, ...lookupIndexNames]
    : filterIndexNames;
  let definitions: string[] | undefined;
  return {
    async setAsideIfLarge(written) {
      if (definitions !== undefined || written < threshold) return;
      const indexes = await rowsOf<{ name: string; definition: string }>(
        tx,
        sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND indexname IN (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )}) ORDER BY indexname`,
      );
      for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
      definitions = indexes.map((index) => index.definition);
    },
    async rebuild() {
      for (const definition of definitions ?? []) await tx.execute(sql.raw(definition));
      definitions = undefined;
    },
  };
}

async function rowsOf<TRow>(tx: Executor, query: ReturnType<typeof sql>): Promise<TRow[]> {
  return ((await tx.execute(query)) as unknown as { rows: TRow[] }).rows;
}
