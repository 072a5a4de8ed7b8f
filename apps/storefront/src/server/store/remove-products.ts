import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

type Executor = Database['orm'];

/**
 * Removes every product whose id is not in `keptIds` (an import with `--replace`), with its rows (foreign
 * keys cascade: variants, photos, reviews, links, cart lines of its SKUs), and notes the objectIDs the
 * search index holds of each in `search_index_removals`, so that the next sync deletes them. Orders keep
 * their lines (they copy the product's name and price). Returns how many products were removed.
 */
export async function removeProductsNotIn(
  tx: Executor,
  keptIds: readonly string[],
): Promise<number> {
  const result = (await tx.execute(sql`
    WITH kept AS (SELECT jsonb_array_elements_text(${JSON.stringify(keptIds)}::jsonb) AS id),
    removed AS (
      DELETE FROM products WHERE id NOT IN (SELECT id FROM kept)
      RETURNING id, indexed_object_ids
    ),
    noted AS (
      INSERT INTO search_index_removals (product_id, object_ids)
      SELECT id, indexed_object_ids FROM removed WHERE cardinality(indexed_object_ids) > 0
    )
    SELECT count(*)::int AS removed FROM removed`)) as { rows: { removed: number }[] };
  return result.rows[0]?.removed ?? 0;
}
