import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

type Executor = Database['orm'];

/** The tables a page reads by product id: their statistics decide between an index and a whole-table scan. */
const catalogueTables = [
  'products',
  'product_texts',
  'product_categories',
  'variants',
  'product_images',
  'product_reviews',
  'product_links',
] as const;

/**
 * Refreshes the planner's statistics of the catalogue tables when a write changed them by more than
 * PostgreSQL's autovacuum would let pass (50 rows plus 10% of the table), or when they were never gathered.
 * PGlite runs no autovacuum: a store filled by `npm run import` kept no statistics at all, and the planner,
 * guessing thousands of rows for a page's 250 ids, read `product_links` whole for every product page and
 * every page of the index sync (20,000 products: 155,000 rows, 60–80 ms, per read). Runs inside the write's
 * transaction, whose own rows `ANALYZE` counts; it samples at most 30,000 rows a table, a second or two.
 * @param written - products the write inserted or replaced (0: only check that statistics exist).
 */
export async function refreshStatisticsAfterWrite(tx: Executor, written: number): Promise<void> {
  const result = (await tx.execute(sql`
    SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass`)) as {
    rows: { reltuples: number }[];
  };
  const known = Number(result.rows[0]?.reltuples ?? -1);
  if (known >= 0 && written <= 50 + 0.1 * known) return;
  await tx.execute(sql.raw(`ANALYZE ${catalogueTables.join(', ')}`));
}
