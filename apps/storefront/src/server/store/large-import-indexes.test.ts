import type { CatalogueProduct } from '@vitrine/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { bulkImportProducts } from './filter-indexes.ts';
import type { ProductListRequest } from './product-list.ts';

/*
 * `npm run import` with the storefront stopped has the store to itself: a large import sets the console's
 * filter indexes aside and builds them once before it commits (decision 0030). The console must find the
 * same products afterwards, through the same indexes, and a refused import must leave them as they were.
 */
const stores = await openTestStores(inject('postgresUrl'), 'storefront_large_import');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

const size = bulkImportProducts + 500;
const idOf = (index: number) => `ZZ${String(index).padStart(4, '0')}`;
const catalogue: CatalogueProduct[] = Array.from({ length: size }, (_, index) =>
  index === 1234
    ? makeProduct(idOf(index), { name: 'Aurora Windbreaker', categories: [['Gear', 'Bags']] })
    : makeProduct(idOf(index)),
);

async function* batchesOf(
  products: readonly CatalogueProduct[],
  failAfter = Number.POSITIVE_INFINITY,
): AsyncGenerator<readonly CatalogueProduct[]> {
  for (let start = 0; start < products.length; start += 500) {
    if (start >= failAfter) throw new Error('a bad record further on');
    yield products.slice(start, start + 500);
  }
}

const everything: ProductListRequest = {
  q: '',
  category: '',
  stock: 'all',
  published: 'all',
  limit: 10,
};

describe.each(stores)(
  'a large import with the store to itself, on $engine',
  ({ store, reset, database }) => {
    const filterIndexes = async () =>
      (
        await database.rows<{ name: string }>(sql`
        SELECT indexname AS name FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname LIKE ANY (ARRAY['%trgm%', '%path_text%'])
        ORDER BY 1`)
      ).map((index) => index.name);
    const ids = async (request: Partial<ProductListRequest>) =>
      (await store.listProductPage({ ...everything, ...request })).products.map(
        (product) => product.id,
      );

    beforeEach(async () => {
      await reset();
      await store.upsertProducts([makeProduct('MJ01')]);
    });

    it('leaves the console finding inner parts of names, SKUs and category paths, through its indexes', async () => {
      const before = await filterIndexes();
      expect(before).toHaveLength(5);
      expect(
        await store.importProducts(batchesOf(catalogue), { replace: false, storeToItself: true }),
      ).toEqual({ written: size, removed: 0 });
      expect(await filterIndexes()).toEqual(before);
      expect(await ids({ q: 'rora windb' })).toEqual(['ZZ1234']);
      expect(await ids({ q: 'z1234-m-bl' })).toEqual(['ZZ1234']);
      expect(await ids({ q: 'MJ01' })).toEqual(['MJ01']);
      expect(await ids({ category: 'Gear > Ba' })).toEqual(['ZZ1234']);
      expect((await store.listProductPage({ ...everything, q: 'Trail Jack' })).total).toBe(1_000);
    });

    it('into an empty store, gives back every index it set aside, look-ups included', async () => {
      await reset();
      const allIndexes = async () =>
        (
          await database.rows<{ name: string }>(sql`
          SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`)
        ).map((index) => index.name);
      const before = await allIndexes();
      expect(before).toEqual(
        expect.arrayContaining(['variants_product_id_idx', 'products_unindexed_idx']),
      );
      expect(
        await store.importProducts(batchesOf(catalogue), { replace: false, storeToItself: true }),
      ).toEqual({ written: size, removed: 0 });
      expect(await allIndexes()).toEqual(before);
      expect(await ids({ q: 'zz123' })).toHaveLength(10);
      const [product] = await store.getProductsByIds(['ZZ1234']);
      expect(product?.variants.map((variant) => variant.sku)).toEqual([
        'ZZ1234-M-Black',
        'ZZ1234-L-Black',
      ]);
    });

    it('keeps the indexes and the store as they were when the import is refused after setting them aside', async () => {
      const before = await filterIndexes();
      await expect(
        store.importProducts(batchesOf(catalogue, bulkImportProducts), {
          replace: false,
          storeToItself: true,
        }),
      ).rejects.toThrow('a bad record further on');
      expect(await filterIndexes()).toEqual(before);
      expect(await store.countProducts()).toBe(1);
      expect(await ids({ q: 'mj01-m' })).toEqual(['MJ01']);
    });
  },
);
