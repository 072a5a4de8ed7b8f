import type { Database } from '@vitrine/database';
import { asc, sql } from 'drizzle-orm';
import type { CategorySummary } from '../../lib/catalogue/category-tree.ts';
import { nextTurn } from './next-turn.ts';
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

/** Products (in id order) whose category rows one statement of `refreshCategorySummaries` aggregates. */
const summarySliceSize = 1000;

interface SliceSummary {
  readonly path: string[];
  readonly products: number;
  readonly lead_url: string | null;
  readonly lead_popularity: number | null;
}

/**
 * Rebuilds the summaries of the published products inside the caller's transaction, as `summariesSql` does,
 * but slice by slice of 1,000 products in id order (~20 ms of CPU each at 20,000 products, read by key),
 * with `between` (a turn of the event loop) after each: the one statement over the whole catalogue took
 * ~100 ms at 20,000 products and ~500 ms at 100,000 on the storefront's thread with PGlite (in all, the
 * slices take about four times its CPU: 2 s at 100,000, against minutes for the import around them).
 * Slices hold distinct products, so their counts add up; a path's photo is its most popular product's,
 * the earliest in id order among equals (an earlier slice wins a tie).
 */
export async function refreshCategorySummaries(
  tx: Executor,
  between: () => Promise<void> = nextTurn,
  sliceSize: number = summarySliceSize,
): Promise<void> {
  const summaries = new Map<
    string,
    { path: string[]; products: number; url: string | null; popularity: number }
  >();
  let after: string | undefined;
  for (;;) {
    // The slice's bounds are known when its statement is planned: its rows are read by key, not whole tables.
    const upper = await sliceEnd(tx, after, sliceSize);
    if (upper === null) break;
    const lower =
      after === undefined ? sql`true` : sql`c.product_id > ${after} AND p.id > ${after}`;
    const { rows } = (await tx.execute(sql`
      SELECT c.path[1:depth] AS path, count(DISTINCT c.product_id)::int AS products,
             (array_agg(lead.url ORDER BY p.popularity DESC, c.product_id)
               FILTER (WHERE lead.url IS NOT NULL))[1] AS lead_url,
             (array_agg(p.popularity ORDER BY p.popularity DESC, c.product_id)
               FILTER (WHERE lead.url IS NOT NULL))[1]::float8 AS lead_popularity
      FROM product_categories c
      JOIN products p ON p.id = c.product_id AND p.published
      LEFT JOIN LATERAL (
        SELECT i.url FROM product_images i WHERE i.product_id = c.product_id ORDER BY i.position LIMIT 1
      ) lead ON true
      CROSS JOIN LATERAL generate_series(1, cardinality(c.path)) AS depth
      WHERE ${lower} AND c.product_id <= ${upper} AND p.id <= ${upper}
      GROUP BY 1`)) as { rows: SliceSummary[] };
    for (const row of rows) {
      const key = JSON.stringify(row.path);
      const known = summaries.get(key);
      const popularity = row.lead_popularity ?? Number.NEGATIVE_INFINITY;
      if (!known) {
        summaries.set(key, {
          path: row.path,
          products: row.products,
          url: row.lead_url,
          popularity,
        });
        continue;
      }
      known.products += row.products;
      if (row.lead_url !== null && popularity > known.popularity) {
        known.url = row.lead_url;
        known.popularity = popularity;
      }
    }
    await between();
    after = upper;
  }
  await tx.execute(sql`DELETE FROM category_summaries`);
  await tx.execute(sql`
    INSERT INTO category_summaries (path, product_count, image_url)
    SELECT s.path, s.products, s.url
    FROM jsonb_to_recordset(${JSON.stringify([...summaries.values()])}::jsonb)
      AS s(path text[], products int, url text)`);
  await tx.execute(sql`UPDATE catalogue_state SET generation = generation + 1`);
  await tx.execute(sql`
    UPDATE catalogue_state SET product_count = (SELECT count(*) FROM products),
      published_count = (SELECT count(*) FROM products WHERE published)`);
}

/** The last id of the next slice of products after `after` (null when there is none). */
async function sliceEnd(
  tx: Executor,
  after: string | undefined,
  sliceSize: number,
): Promise<string | null> {
  const afterCursor = after === undefined ? sql`true` : sql`id > ${after}`;
  const { rows } = (await tx.execute(sql`
    SELECT max(id) AS upper FROM (SELECT id FROM products WHERE ${afterCursor}
      ORDER BY id LIMIT ${sliceSize}) slice`)) as { rows: { upper: string | null }[] };
  return rows[0]?.upper ?? null;
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
