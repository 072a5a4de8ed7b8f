import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

type Executor = Database['orm'];

/**
 * Merges the trigram indexes' pending lists (what writes add between merges) into the indexes, as
 * PostgreSQL's autovacuum would: PGlite has none, and a pending list is read whole by every search and makes
 * the planner prefer reading the tables. Nothing to do, it reads one page per index; an index that is absent
 * (no pg_trgm) is skipped.
 */
export async function mergePendingTrigrams(orm: Executor): Promise<void> {
  await orm.execute(sql`
    SELECT gin_clean_pending_list(i.oid) FROM pg_class i
    WHERE i.oid IN (to_regclass('products_id_trgm_idx'), to_regclass('products_name_trgm_idx'),
      to_regclass('product_texts_name_trgm_idx'), to_regclass('variants_sku_trgm_idx'))`);
}

/**
 * For the rest of the transaction, merges a trigram index's pending list once it passes 256 kB instead of
 * PostgreSQL's 4 MB. Each update of a product row adds its trigrams to the list, and the statement that
 * passes the limit merges the whole list in one go, on the storefront's own thread with PGlite: 120–170 ms
 * of CPU every 26 pages of the index sync at 20,000 products, more at 100,000 (the index is larger).
 * At 256 kB: under 70 ms each, about 1.5× the CPU in all. Imports keep the larger list (fewer merges).
 */
export const smallTrigramPendingLists = sql`SET LOCAL gin_pending_list_limit = 256`;
