import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderStore, openFolderStore } from '../../../test/support/folder-store.ts';
import { refreshCategorySummaries } from './category-summaries.ts';

/*
 * The navigation's summaries are rebuilt after each catalogue write. One statement over the whole catalogue
 * held the storefront's thread ~500 ms at 100,000 products (PGlite): it now goes slice by slice, and the
 * slices must add up to what the one statement gave.
 */
const catalogue = [...scaledCatalogue(loadLumaSample(), 400)].map((product, index) =>
  index % 7 === 0 ? { ...product, published: false } : product,
);
let opened: FolderStore;
let database: Database;

beforeAll(async () => {
  opened = await openFolderStore('summaries');
  ({ database } = opened);
  await opened.store.upsertProducts(catalogue);
});

afterAll(async () => {
  await opened?.remove();
});

interface SummaryRow {
  path: string[];
  product_count: number;
  image_url: string | null;
}

/** What the single statement over the whole catalogue gives (the summaries' definition). */
function wholeCatalogueSummaries(): Promise<SummaryRow[]> {
  return database.rows<SummaryRow>(sql`
    SELECT c.path[1:depth] AS path, count(DISTINCT c.product_id)::int AS product_count,
           (array_agg(lead.url ORDER BY p.popularity DESC, c.product_id)
             FILTER (WHERE lead.url IS NOT NULL))[1] AS image_url
    FROM product_categories c
    JOIN products p ON p.id = c.product_id AND p.published
    LEFT JOIN (
      SELECT DISTINCT ON (product_id) product_id, url FROM product_images ORDER BY product_id, position
    ) lead ON lead.product_id = c.product_id
    CROSS JOIN LATERAL generate_series(1, cardinality(c.path)) AS depth
    GROUP BY 1 ORDER BY 1`);
}

describe('the category summaries of a catalogue write', () => {
  it('add up, slice by slice with a turn of the event loop between, to the whole catalogue', async () => {
    const expected = await wholeCatalogueSummaries();
    let turns = 0;
    await database.orm.transaction(async (tx) => {
      await refreshCategorySummaries(
        tx,
        async () => {
          turns += 1;
        },
        25,
      );
    });
    const stored = await database.rows<SummaryRow>(
      sql`SELECT path, product_count, image_url FROM category_summaries ORDER BY path`,
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(stored).toEqual(expected);
    expect(turns).toBeGreaterThanOrEqual(Math.floor((catalogue.length * 6) / 7 / 25));
  });
});
