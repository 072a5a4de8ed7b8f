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

export interface StatisticsRefreshOptions {
  /**
   * Pages are being served meanwhile (an import through the running storefront): each table is analysed in
   * its own statement from a sample of 3,000 rows (statistics target 10), with `between` run after each,
   * instead of one `ANALYZE` of every table from 30,000 rows. PGlite runs each statement on the
   * storefront's thread: the single statement took 1.2 s of CPU at 20,000 products and 2.5 s at 100,000,
   * a table now at most ~50 ms at 20,000. The planner's use of them (row counts, distinct product ids: by
   * key or whole table) needs no more; the full sample comes back with the next import while the store is
   * not running.
   */
  readonly between?: () => Promise<void>;
}

/**
 * Refreshes the planner's statistics of the catalogue tables when a write changed them by more than
 * PostgreSQL's autovacuum would let pass (50 rows plus 10% of the table), or when they were never gathered.
 * PGlite runs no autovacuum: a store filled by `npm run import` kept no statistics at all, and the planner,
 * guessing thousands of rows for a page's 250 ids, read `product_links` whole for every product page and
 * every page of the index sync (20,000 products: 155,000 rows, 60–80 ms, per read). Runs inside the write's
 * transaction, whose own rows `ANALYZE` counts; it samples at most 30,000 rows a table, a second or two.
 * @param written - products the write inserted or replaced (0: only check that statistics exist).
 */
export async function refreshStatisticsAfterWrite(
  tx: Executor,
  written: number,
  options: StatisticsRefreshOptions = {},
): Promise<void> {
  const result = (await tx.execute(sql`
    SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass`)) as {
    rows: { reltuples: number }[];
  };
  const known = Number(result.rows[0]?.reltuples ?? -1);
  if (known >= 0 && written <= 50 + 0.1 * known) return;
  const { between } = options;
  if (!between) {
    await tx.execute(sql.raw(`ANALYZE ${catalogueTables.join(', ')}`));
    return;
  }
  // For the rest of the write's transaction (it ends with this refresh).
  await tx.execute(sql`SET LOCAL default_statistics_target = 10`);
  for (const table of catalogueTables) {
    await between();
    await tx.execute(sql.raw(`ANALYZE ${table}`));
  }
}
