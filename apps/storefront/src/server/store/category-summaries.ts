import type { Database } from '@vitrine/database';
import { asc, sql } from 'drizzle-orm';
import type { CategorySummary } from '../../lib/catalogue/category-tree.ts';
import { catalogueState, categorySummaries } from './schema.ts';

type Executor = Database['orm'];

/**
 * Rebuilds `category_summaries` from the catalogue and bumps the catalogue generation: every path and
 * prefix with its distinct product count and the first photo of its most popular product. Reads the
 * whole catalogue once, so it runs with catalogue writes (imports), never on a page. `published` filters
 * the products: the migration that first filled the table ran before the column existed (`true`), every
 * write since counts only the products shoppers see (`p.published`).
 */
function summariesSql(published: 'true' | 'p.published'): string {
  return `
    DELETE FROM category_summaries;
    INSERT INTO category_summaries (path, product_count, image_url)
    SELECT c.path[1:depth],
           count(DISTINCT c.product_id)::int,
           (array_agg(lead.url ORDER BY p.popularity DESC, c.product_id) FILTER (WHERE lead.url IS NOT NULL))[1]
    FROM product_categories c
    JOIN products p ON p.id = c.product_id AND ${published}
    LEFT JOIN (
      SELECT DISTINCT ON (product_id) product_id, url FROM product_images ORDER BY product_id, position
    ) lead ON lead.product_id = c.product_id
    CROSS JOIN LATERAL generate_series(1, cardinality(c.path)) AS depth
    GROUP BY 1;
    UPDATE catalogue_state SET generation = generation + 1;`;
}

/** The summaries' first fill, as migration 4 shipped it (it runs before the `published` column exists). */
export const refreshCategorySummariesSql = summariesSql('true');

/** Every write since also counts the products and the published ones (the console list's totals). */
const refreshPublishedSummariesSql = `${summariesSql('p.published')}
    UPDATE catalogue_state SET product_count = (SELECT count(*) FROM products),
      published_count = (SELECT count(*) FROM products WHERE published);`;

/** Rebuilds the summaries of the published products inside the caller's transaction (statement by statement). */
export async function refreshCategorySummaries(tx: Executor): Promise<void> {
  for (const statement of refreshPublishedSummariesSql.split(';')) {
    if (statement.trim() !== '') await tx.execute(sql.raw(statement));
  }
}

/**
 * `listCategories` for one process: the summaries are read again only when the catalogue generation moved
 * (an import here, or by another instance on the same PostgreSQL server), so a page reads one row.
 */
export function createCategoryReader(orm: Executor): () => Promise<CategorySummary[]> {
  let cached: { generation: number; summaries: CategorySummary[] } | undefined;
  return async () => {
    const [state] = await orm
      .select({ generation: catalogueState.generation })
      .from(catalogueState);
    const generation = state?.generation ?? 0;
    if (cached?.generation === generation) return cached.summaries;
    const rows = await orm.select().from(categorySummaries).orderBy(asc(categorySummaries.path));
    const summaries = rows.map((row) => ({
      path: row.path,
      productCount: row.productCount,
      imageUrl: row.imageUrl,
    }));
    cached = { generation, summaries };
    return summaries;
  };
}
