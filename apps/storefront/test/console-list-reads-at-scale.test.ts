import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ProductListAnswer,
  productSearchOf,
  searchProducts,
} from '../src/server/admin/catalogue-http.ts';
import { uninstallRuntime } from '../src/server/runtime.ts';
import type { CommerceStore } from '../src/server/store/commerce-store.ts';
import { type FolderStore, openFolderStore } from './support/folder-store.ts';
import { growCatalogue } from './support/grow-catalogue.ts';
import { rowsReadBy } from './support/rows-read.ts';
import { installStoreRuntime } from './support/store-runtime.ts';

/*
 * Issue #29: the console's catalogue list pages through the store instead of loading the catalogue. Each view
 * of the list (as `/admin/catalogue?…` asks for it) runs against one PGlite store at about 1,000 and then
 * about 20,000 products, and PostgreSQL's statistics count the rows its queries read. Row counts, not times.
 * The pages hold different products at each size (ids sort the copies differently), so their child rows
 * differ a little: each view must read about as much at 20,000 products as at 1,000, and far less than the
 * catalogue. Before the store query, each view read every row of the seven catalogue tables.
 */

const sample = loadLumaSample();
let opened: FolderStore;
let database: Database;
let store: CommerceStore;
/** A product in the middle of the list (id order): the page after it is deep in the list at both sizes. */
let middleId: string;

beforeAll(async () => {
  opened = await openFolderStore('console-list-reads');
  ({ database, store } = opened);
  const firstCopy = [...scaledCatalogue(sample, sample.length)];
  middleId = firstCopy.map((product) => product.id).sort()[Math.floor(firstCopy.length / 2)] ?? '';
  // Three unpublished products, at both sizes (the copies made with SQL are published).
  await store.upsertProducts(
    firstCopy.map((product, index) =>
      index % 60 === 7 ? { ...product, published: false } : product,
    ),
  );
  installStoreRuntime(store, () => ({}) as never);
});

afterAll(async () => {
  uninstallRuntime();
  await opened?.remove();
});

/** Every row of the catalogue's tables: what a view that loads the whole catalogue reads. */
async function catalogueRows(): Promise<number> {
  const [row] = await database.rows<{ total: number }>(sql`
    SELECT ((SELECT count(*) FROM products) + (SELECT count(*) FROM variants)
      + (SELECT count(*) FROM product_categories) + (SELECT count(*) FROM product_images)
      + (SELECT count(*) FROM product_reviews) + (SELECT count(*) FROM product_links))::int AS total`);
  return row?.total ?? 0;
}

const list = (address: string) =>
  searchProducts(productSearchOf((name) => new URLSearchParams(address).get(name) ?? undefined));

/** The list's views: first page, the next one and back, deep in the list, and by state. */
async function measureViews(): Promise<{
  reads: Record<string, number>;
  first: ProductListAnswer;
}> {
  const first = await list('');
  const second = await list(`page=2&after=${first.next}`);
  const views: Record<string, string> = {
    first: '',
    next: `page=2&after=${first.next}`,
    previous: `page=2&before=${second.next}`,
    deep: `page=9&after=${encodeURIComponent(middleId)}`,
    published: 'published=published',
    unpublished: 'published=unpublished',
    'published, next page': `published=published&page=2&after=${first.next}`,
  };
  const reads: Record<string, number> = {};
  for (const [name, address] of Object.entries(views)) {
    reads[name] = await rowsReadBy(database, () => list(address));
  }
  return { reads, first };
}

describe('the rows a view of the console catalogue reads', () => {
  it('stay about the same at 1,000 and at 20,000 products, far below the catalogue', async () => {
    expect(await growCatalogue({ database, store, sample }, 1, 6)).toBeGreaterThanOrEqual(1_000);
    const small = await measureViews();
    expect(await growCatalogue({ database, store, sample }, 7, 106)).toBeGreaterThanOrEqual(20_000);
    const large = await measureViews();
    const catalogue = await catalogueRows();
    expect(catalogue).toBeGreaterThan(200_000);

    expect(large.first).toMatchObject({ page: 1, previous: null });
    expect(large.first.total).toBeGreaterThanOrEqual(20_000);
    expect(large.first.pages).toBe(Math.ceil(large.first.total / 60));
    expect(large.first.products).toHaveLength(60);
    for (const [view, rows] of Object.entries(large.reads)) {
      const atSmall = small.reads[view] ?? 0;
      expect(rows, view).toBeGreaterThan(0);
      expect(rows, view).toBeLessThan(atSmall * 2);
      expect(rows, view).toBeLessThan(catalogue / 50);
    }
  });
});
