import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { openDatabase } from '@vitrine/database';
import { afterAll, expect, it } from 'vitest';
import { createCommerceStore } from './commerce-store.ts';
import { storefrontMigrations } from './migrations.ts';
import { mergePendingTrigrams } from './trigram-pending-lists.ts';

/*
 * Each update of a product row adds its trigrams to the GIN indexes' pending lists, and the statement that
 * passes the list's limit merges the whole list in one go: with PGlite, on the storefront's own thread. At
 * PostgreSQL's 4 MB limit that was a 120–170 ms turn every 26 pages of the index sync at 20,000 products
 * (more at 100,000). The sync's writes keep each list under 256 kB, so no single write merges more.
 */
const folder = mkdtempSync(join(tmpdir(), 'vitrine-trigram-pending-'));

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const pendingPagesLimit = 256 / 8;

it('keeps the trigram pending lists under 256 kB while the index sync records its pushes', async () => {
  const database = await openDatabase({
    dataDir: folder,
    name: 'storefront',
    migrations: storefrontMigrations,
  });
  const store = createCommerceStore(database);
  const catalogue = [...scaledCatalogue(loadLumaSample(), 600)];
  await store.upsertProducts(catalogue);
  await mergePendingTrigrams(database.orm);
  // Four syncs of every product, 250 at a time (each gives the products a new revision to record).
  for (let revision = 1; revision <= 4; revision += 1) {
    for (let start = 0; start < catalogue.length; start += 250) {
      await store.markIndexed(
        catalogue.slice(start, start + 250).map((product) => ({
          id: product.id,
          revision,
          recordsHash: `hash-${revision}`,
          objectIds: [`${product.id}-${revision}`],
        })),
      );
    }
  }
  await database.close();

  const inspect = await PGlite.create({
    dataDir: join(folder, 'storefront', 'pgdata'),
    extensions: { pg_trgm, pageinspect },
  });
  try {
    await inspect.exec('CREATE EXTENSION IF NOT EXISTS pageinspect');
    const { rows } = await inspect.query<{ index: string; pages: number }>(`
      SELECT name AS index, (gin_metapage_info(get_raw_page(name, 0))).n_pending_pages::int AS pages
      FROM unnest(ARRAY['products_id_trgm_idx', 'products_name_trgm_idx']) AS name`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row, row.index).toMatchObject({ pages: expect.any(Number) });
    expect(Math.max(...rows.map((row) => row.pages))).toBeLessThanOrEqual(pendingPagesLimit);
  } finally {
    await inspect.close();
  }
}, 120_000);
