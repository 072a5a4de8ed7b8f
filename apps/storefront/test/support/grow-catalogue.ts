import type { CatalogueProduct } from '@vitrine/catalogue';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import type { CommerceStore } from '../../src/server/store/commerce-store.ts';

/** A store holding `scaledCatalogue(sample, sample.length)` (the first round, ids ending in `-K0`). */
export interface GrowingStore {
  readonly database: Database;
  readonly store: CommerceStore;
  readonly sample: readonly CatalogueProduct[];
}

/**
 * Copies `from`…`to - 1` of the first round made with SQL (the store's import would take minutes at 20,000
 * products), then the first product of copy `to` written through the store, as an import would: it brings
 * the store's derived data (category summaries, counts) up to date. Returns the store's product count.
 */
export async function growCatalogue(
  { database, store, sample }: GrowingStore,
  written: number,
  rounds: number,
): Promise<number> {
  const roundSize = sample.length;
  const copy = (column: string) => sql.raw(`left(${column}, -3) || '-K' || r`);
  const from = sql.raw(`CROSS JOIN generate_series(${written}, ${rounds - 1}) AS r`);
  const ofFirst = sql`WHERE product_id LIKE '%-K0'`;
  await database.orm.execute(sql`
    INSERT INTO products (id, slug, name, description, brand, attributes, popularity, created_at, in_stock)
    SELECT ${copy('id')}, left(slug, -3) || '-k' || r, name, description, brand, attributes,
           popularity, created_at, in_stock
    FROM products ${from} WHERE id LIKE '%-K0'`);
  await database.orm.execute(sql`
    INSERT INTO variants (sku, product_id, position, color, size, price_cents, stock)
    SELECT ${copy('sku')}, ${copy('product_id')}, position, color, size, price_cents, stock
    FROM variants ${from} ${ofFirst}`);
  await database.orm.execute(sql`
    INSERT INTO product_categories (product_id, position, path)
    SELECT ${copy('product_id')}, position, path FROM product_categories ${from} ${ofFirst}`);
  await database.orm.execute(sql`
    INSERT INTO product_images (product_id, position, url, color)
    SELECT ${copy('product_id')}, position, url, color FROM product_images ${from} ${ofFirst}`);
  await database.orm.execute(sql`
    INSERT INTO product_reviews (product_id, position, author, title, body, rating)
    SELECT ${copy('product_id')}, position, author, title, body, rating
    FROM product_reviews ${from} ${ofFirst}`);
  await database.orm.execute(sql`
    INSERT INTO product_links (product_id, kind, position, linked_product_id)
    SELECT ${copy('product_id')}, kind, position, ${copy('linked_product_id')}
    FROM product_links ${from} ${ofFirst}`);
  const [last] = [...scaledCatalogue(sample, rounds * roundSize + 1)].slice(-1);
  if (last) await store.upsertProducts([last]);
  await database.orm.execute(sql`ANALYZE`);
  return store.countProducts();
}
