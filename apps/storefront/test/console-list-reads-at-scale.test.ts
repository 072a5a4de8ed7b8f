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

/** How many products a filtered view matches in all, counted by plain SQL (not by the list). */
async function matchesOf(address: string): Promise<number> {
  const given = new URLSearchParams(address);
  const q = given.get('q');
  const category = given.get('category');
  const stock = given.get('stock');
  const part = `%${q}%`;
  const [row] = await database.rows<{ matches: number }>(
    q !== null
      ? sql`SELECT count(*)::int AS matches FROM (SELECT id FROM products WHERE id ILIKE ${part}
          OR name ILIKE ${part} UNION SELECT product_id FROM product_texts WHERE name ILIKE ${part}
          UNION SELECT product_id FROM variants WHERE sku ILIKE ${part}) AS matching`
      : category !== null
        ? sql`SELECT count(DISTINCT product_id)::int AS matches FROM product_categories
            WHERE array_to_string(path, ' > ') LIKE ${`${category}%`}`
        : sql`SELECT count(*)::int AS matches FROM products p WHERE ${stock === 'in' ? sql`` : sql`NOT`}
            EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0)`,
  );
  return row?.matches ?? 0;
}

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

/**
 * The filtered views (issue #29): an inner part of one product's SKU and of a name, a common word, a
 * category and its start, each stock state, and a filtered next page. Each copy of a product keeps its
 * sample's name, categories and stock, so a filter matching 1 % of the products matches about 10 of them
 * at 1,000 and 200 at 20,000.
 */
const filteredViews: Record<string, string> = {
  'inner part of a SKU': 'q=H01-XS-Black-K0',
  'inner part of a name': 'q=uno+Jack',
  'common word': 'q=jacket',
  category: 'category=Women+>+Tops+>+Jackets',
  'category start': 'category=Men',
  'in stock': 'stock=in',
  'out of stock': 'stock=out',
  'common word, next page': 'q=jacket&page=2&after=MJ04-K0',
};

/** The list's views: first page, the next one and back, deep in the list, by state, and filtered. */
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
    ...filteredViews,
  };
  const reads: Record<string, number> = {};
  for (const [name, address] of Object.entries(views)) {
    reads[name] = await rowsReadBy(database, () => list(address));
  }
  return { reads, first };
}

describe('the rows a view of the console catalogue reads', () => {
  it('stay about the same at 1,000 and at 20,000 products, far below the catalogue; filtered, about its matches', async () => {
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
      expect(rows, view).toBeGreaterThan(0);
      expect(rows, view).toBeLessThan(catalogue / 7);
      if (view in filteredViews) continue;
      expect(rows, view).toBeLessThan((small.reads[view] ?? 0) * 2);
      expect(rows, view).toBeLessThan(catalogue / 50);
    }
    // A filtered view reads its matches through an index, not the catalogue: a few rows per match, and a
    // page's worth; a view matching a handful of products reads as much at 20,000 as at 1,000.
    for (const [view, address] of Object.entries(filteredViews)) {
      const rows = large.reads[view] ?? 0;
      expect(rows, view).toBeLessThan(5 * (await matchesOf(address)) + 3_000);
    }
    const unique = 'inner part of a SKU';
    expect(large.reads[unique], unique).toBeLessThan((small.reads[unique] ?? 0) * 2);
    // Past 1,000 matches the count stops: "1,000+ products".
    expect(await list(filteredViews['category start'] ?? '')).toMatchObject({
      total: 1_000,
      totalIsAtLeast: true,
    });
  }, 300_000);
});
