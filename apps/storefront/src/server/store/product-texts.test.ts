import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogueProduct } from '@vitrine/catalogue';
import { openDatabase } from '@vitrine/database';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { CatalogueConflictError, openCommerceStore } from './commerce-store.ts';
import { storefrontMigrations } from './migrations.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_texts');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

function bilingual(id: string, frenchSlug: string): CatalogueProduct {
  const product = makeProduct(id);
  return {
    ...product,
    texts: {
      ...product.texts,
      fr: { name: `Veste ${id}`, slug: frenchSlug, description: 'Une veste légère.' },
    },
  };
}

describe.each(stores)('product texts per language on $engine', ({ store, reset }) => {
  beforeEach(reset);

  it('keeps each language’s name, slug and description and finds a product by its French slug', async () => {
    const jacket = bilingual('MJ01', 'veste-mj01');
    await store.upsertProducts([jacket, makeProduct('MJ02')]);
    expect(await store.loadProducts()).toEqual([jacket, makeProduct('MJ02')]);
    expect(await store.getProductBySlug('veste-mj01', 'fr')).toEqual(jacket);
    expect(await store.getProductBySlug('mj01-trail-jacket', 'en')).toEqual(jacket);
    // Slugs are looked up in their own language only.
    expect(await store.getProductBySlug('veste-mj01', 'en')).toBeUndefined();
    expect(await store.getProductBySlug('mj01-trail-jacket', 'fr')).toBeUndefined();
  });

  it('drops the French texts an import no longer gives', async () => {
    await store.upsertProducts([bilingual('MJ01', 'veste-mj01')]);
    await store.upsertProducts([makeProduct('MJ01')]);
    expect(await store.loadProducts()).toEqual([makeProduct('MJ01')]);
    expect(await store.getProductBySlug('veste-mj01', 'fr')).toBeUndefined();
  });

  it('refuses a French slug another product holds, writing nothing', async () => {
    await store.upsertProducts([bilingual('MJ01', 'veste-legere')]);
    await expect(
      store.upsertProducts([makeProduct('MJ03'), bilingual('MJ02', 'veste-legere')]),
    ).rejects.toBeInstanceOf(CatalogueConflictError);
    expect((await store.loadProducts()).map((product) => product.id)).toEqual(['MJ01']);
  });
});

describe('a store created before product texts had languages', () => {
  const folders: string[] = [];
  afterAll(() =>
    Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))),
  );

  it('opens with its products read as English, and takes French texts on the next import', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-texts-'));
    folders.push(dataDir);
    // The schema as it was before the per-language migration, with one product written by the code of then.
    const before = storefrontMigrations.slice(0, 5);
    const old = await openDatabase({ dataDir, name: 'storefront', migrations: before });
    await old.execute(`
      INSERT INTO products (id, slug, name, description, brand, attributes, popularity, created_at)
      VALUES ('MJ01', 'mj01-trail-jacket', 'MJ01 Trail Jacket', 'A light jacket for windy ridges.', 'Luma',
        '${JSON.stringify(makeProduct('MJ01').attributes)}', 50, '2024-03-01T10:00:00Z');
      INSERT INTO variants (sku, product_id, position, color, size, price_cents, stock)
      VALUES ('MJ01-M-Black', 'MJ01', 0, 'Black', 'M', 7900, 12);
    `);
    await old.close();

    const store = await openCommerceStore({ dataDir });
    try {
      const [product] = await store.loadProducts();
      expect(product?.texts).toEqual({
        en: {
          name: 'MJ01 Trail Jacket',
          slug: 'mj01-trail-jacket',
          description: 'A light jacket for windy ridges.',
        },
      });
      await store.upsertProducts([bilingual('MJ01', 'veste-mj01')]);
      expect((await store.getProductBySlug('veste-mj01', 'fr'))?.texts.fr?.name).toBe('Veste MJ01');
    } finally {
      await store.close();
    }
  });
});
