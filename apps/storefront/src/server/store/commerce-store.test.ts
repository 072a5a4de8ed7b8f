import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { byId, makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { CatalogueConflictError, createCommerceStore } from './commerce-store.ts';
import { storefrontMigrations } from './migrations.ts';
import { cartItems, carts, orderItems, orders, variants } from './schema.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_store');
const luma = loadLumaSample();
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)(
  'the commerce store on $engine: products',
  ({ engine, store, database, reset }) => {
    beforeEach(reset);

    it('stores the Luma sample and reads every product back unchanged', async () => {
      await store.upsertProducts(luma);
      expect(store.kind).toBe(engine);
      expect(await store.countProducts()).toBe(191);
      expect(await store.loadProducts()).toEqual(byId(luma));
    });

    it('finds a product by slug, with its variants, photos, reviews and links', async () => {
      const product = makeProduct('MJ01', {
        related: ['MJ02', 'MJ03'],
        upsell: ['MJ09'],
        crossSell: ['UG01'],
      });
      await store.upsertProducts([product, makeProduct('MJ02')]);
      expect(await store.getProductBySlug('mj01-trail-jacket')).toEqual(product);
      expect(await store.getProductBySlug('no-such-product')).toBeUndefined();
    });

    it('replaces a product on upsert and keeps the products the batch does not name', async () => {
      await store.upsertProducts([makeProduct('MJ01'), makeProduct('MJ02')]);
      const changed = makeProduct('MJ01', {
        name: 'Renamed Jacket',
        variants: [{ sku: 'MJ01-XL-Red', color: 'Red', size: 'XL', priceCents: 9900, stock: 3 }],
        images: [],
        reviews: [],
      });
      await store.upsertProducts([changed]);
      expect(await store.loadProducts()).toEqual([changed, makeProduct('MJ02')]);
      const skus = await database.orm.select({ sku: variants.sku }).from(variants);
      expect(skus.map(({ sku }) => sku).sort()).toEqual([
        'MJ01-XL-Red',
        'MJ02-L-Black',
        'MJ02-M-Black',
      ]);
    });

    it('writes a batch in one transaction: one bad row leaves the store as it was', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      const before = await store.loadProducts();
      const negativeStock = makeProduct('MJ03', {
        variants: [{ sku: 'MJ03-M-Black', color: 'Black', size: 'M', priceCents: 100, stock: -1 }],
      });
      await expect(
        store.upsertProducts([
          makeProduct('MJ01', { name: 'Changed' }),
          makeProduct('MJ02'),
          negativeStock,
        ]),
      ).rejects.toThrow();
      expect(await store.loadProducts()).toEqual(before);
    });

    it('refuses a slug that another product holds, writing nothing', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      const thief = makeProduct('MJ02', { slug: 'mj01-trail-jacket' });
      await expect(store.upsertProducts([makeProduct('MJ03'), thief])).rejects.toBeInstanceOf(
        CatalogueConflictError,
      );
      expect((await store.loadProducts()).map((product) => product.id)).toEqual(['MJ01']);
    });

    it('empties the carts of the products a replacing import removes, in the same transaction', async () => {
      await store.upsertProducts([makeProduct('MJ01'), makeProduct('MJ02')]);
      await store.setCartQuantity('cart-of-mj02', 'MJ02-M-Black', 1);
      async function* batches() {
        yield [makeProduct('MJ01', { name: 'Renamed Jacket' }), makeProduct('MJ03')];
      }
      expect(await store.importProducts(batches(), { replace: true })).toEqual({
        written: 2,
        removed: 1,
      });
      expect(await store.readCart('cart-of-mj02')).toEqual([]);
      const skus = await database.orm.select({ sku: variants.sku }).from(variants);
      expect(skus.map(({ sku }) => sku).sort()).toEqual([
        'MJ01-L-Black',
        'MJ01-M-Black',
        'MJ03-L-Black',
        'MJ03-M-Black',
      ]);
    });

    it('seeds only an empty store', async () => {
      expect(await store.seedProducts([makeProduct('MJ01')])).toBe(true);
      expect(await store.seedProducts([makeProduct('MJ02')])).toBe(false);
      expect((await store.loadProducts()).map((product) => product.id)).toEqual(['MJ01']);
    });
  },
);

describe.each(stores)(
  'the commerce store on $engine: versions, categories, constraints',
  ({ store, database, reset }) => {
    beforeEach(reset);

    it('versions the catalogue by content, not by import order', async () => {
      await store.upsertProducts([makeProduct('MJ02'), makeProduct('MJ01')]);
      const version = await store.catalogueVersion();
      await reset();
      await store.upsertProducts([makeProduct('MJ01')]);
      expect(await store.catalogueVersion()).not.toBe(version);
      await store.upsertProducts([makeProduct('MJ02')]);
      expect(await store.catalogueVersion()).toBe(version);
      await store.upsertProducts([makeProduct('MJ01', { popularity: 51 })]);
      expect(await store.catalogueVersion()).not.toBe(version);
    });

    it('summarizes every category path and prefix with its product count and lead photo', async () => {
      await store.upsertProducts([
        makeProduct('MJ01', { popularity: 10 }),
        makeProduct('MJ02', { popularity: 90 }),
        makeProduct('MP01', {
          categories: [
            ['Men', 'Bottoms', 'Pants'],
            ['Promotions', 'Pants'],
          ],
          images: [],
        }),
      ]);
      expect(await store.listCategories()).toEqual([
        { path: ['Men'], productCount: 3, imageUrl: '/images/luma/m/j/mj02-black_main.jpg' },
        { path: ['Men', 'Bottoms'], productCount: 1, imageUrl: null },
        { path: ['Men', 'Bottoms', 'Pants'], productCount: 1, imageUrl: null },
        {
          path: ['Men', 'Tops'],
          productCount: 2,
          imageUrl: '/images/luma/m/j/mj02-black_main.jpg',
        },
        {
          path: ['Men', 'Tops', 'Jackets'],
          productCount: 2,
          imageUrl: '/images/luma/m/j/mj02-black_main.jpg',
        },
        { path: ['Promotions'], productCount: 1, imageUrl: null },
        { path: ['Promotions', 'Pants'], productCount: 1, imageUrl: null },
      ]);
    });

    it('shows in the navigation the categories an import brings, in every process sharing the store', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      const otherProcess = createCommerceStore(database);
      expect(
        (await otherProcess.listCategories()).map((summary) => summary.path),
      ).not.toContainEqual(['Gear', 'Bags']);
      await store.upsertProducts([makeProduct('GB01', { categories: [['Gear', 'Bags']] })]);
      expect(await otherProcess.listCategories()).toContainEqual({
        path: ['Gear', 'Bags'],
        productCount: 1,
        imageUrl: '/images/luma/m/j/gb01-black_main.jpg',
      });
    });

    it('leaves unpublished products out of the navigation counts, and keeps them in the store', async () => {
      await store.upsertProducts([
        makeProduct('MJ01', { popularity: 10 }),
        makeProduct('MJ02', { popularity: 90, published: false }),
        makeProduct('GB01', { categories: [['Gear', 'Bags']], published: false }),
      ]);
      const counts = (await store.listCategories()).map((summary) => [
        summary.path.join(' > '),
        summary.productCount,
        summary.imageUrl,
      ]);
      const lead = '/images/luma/m/j/mj01-black_main.jpg';
      expect(counts).toEqual([
        ['Men', 1, lead],
        ['Men > Tops', 1, lead],
        ['Men > Tops > Jackets', 1, lead],
      ]);
      expect(await store.getProductsByIds(['MJ01', 'MJ02'])).toEqual([
        makeProduct('MJ01', { popularity: 10 }),
        makeProduct('MJ02', { popularity: 90, published: false }),
      ]);
    });

    it('keeps the content version of a product whose file spells out published: true', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      const version = await store.catalogueVersion();
      await store.upsertProducts([makeProduct('MJ01', { published: true })]);
      expect(await store.catalogueVersion()).toBe(version);
      await store.upsertProducts([makeProduct('MJ01', { published: false })]);
      expect(await store.catalogueVersion()).not.toBe(version);
    });

    it('never lets stock go below zero', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      await expect(
        database.orm.execute(
          sql`UPDATE variants SET stock = stock - 13 WHERE sku = 'MJ01-M-Black'`,
        ),
      ).rejects.toThrow();
      const [variant] = await database.orm
        .select({ stock: variants.stock })
        .from(variants)
        .where(sql`sku = 'MJ01-M-Black'`);
      expect(variant?.stock).toBe(12);
    });

    it('holds carts and orders through the Drizzle definitions', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      await database.orm.insert(carts).values({ id: 'cart-1' });
      await database.orm
        .insert(cartItems)
        .values({ cartId: 'cart-1', sku: 'MJ01-M-Black', quantity: 2 });
      await database.orm.insert(orders).values({
        id: 'order-1',
        idempotencyKey: 'k-1',
        cartId: 'cart-1',
        email: 'a@b.c',
        totalCents: 15_800,
      });
      await database.orm.insert(orderItems).values({
        orderId: 'order-1',
        position: 0,
        sku: 'MJ01-M-Black',
        productId: 'MJ01',
        name: 'MJ01 Trail Jacket',
        color: 'Black',
        size: 'M',
        unitPriceCents: 7900,
        quantity: 2,
      });
      await expect(
        database.orm
          .insert(cartItems)
          .values({ cartId: 'cart-1', sku: 'MJ01-L-Black', quantity: 0 }),
      ).rejects.toThrow();
      const [order] = await database.orm.select().from(orders);
      expect(order).toMatchObject({ status: 'placed', currency: 'EUR', totalCents: 15_800 });
    });

    it('counts orders placed before purchase_event_at existed as sent, and only those', async () => {
      await database.execute('ALTER TABLE orders DROP COLUMN purchase_event_at');
      await database.orm.execute(
        sql`INSERT INTO orders (id, idempotency_key, email, total_cents) VALUES ('before', 'k-before', 'a@b.c', 100)`,
      );
      for (const migration of storefrontMigrations) await database.execute(migration);
      expect(await store.claimPurchaseEvent('before')).toBe(false);

      await database.orm.insert(orders).values({
        id: 'after',
        idempotencyKey: 'k-after',
        email: 'a@b.c',
        totalCents: 100,
      });
      // The migrations run at every open: running them again leaves a new order's event unsent.
      for (const migration of storefrontMigrations) await database.execute(migration);
      expect(await store.claimPurchaseEvent('after')).toBe(true);
      expect(await store.claimPurchaseEvent('after')).toBe(false);
    });

    it('reads the products of a store from before the published column as published', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      await database.execute('ALTER TABLE products DROP COLUMN published');
      for (const migration of storefrontMigrations) await database.execute(migration);
      expect(await store.getProductsByIds(['MJ01'])).toEqual([makeProduct('MJ01')]);
      expect(await store.listCategories()).toContainEqual(
        expect.objectContaining({ path: ['Men'], productCount: 1 }),
      );
    });

    it('runs its migrations again without harm', async () => {
      await store.upsertProducts([makeProduct('MJ01')]);
      for (const migration of storefrontMigrations) await database.execute(migration);
      expect(await store.countProducts()).toBe(1);
    });
  },
);
