import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { newCartId } from '../commerce/cart-cookie.ts';
import { countedMatchesCap, type ProductListRequest } from './product-list.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_product_list');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

const everything: ProductListRequest = {
  q: '',
  category: '',
  stock: 'all',
  published: 'all',
  limit: 2,
};

describe.each(stores)("the console's product list on $engine", ({ store, reset, database }) => {
  beforeEach(async () => {
    await reset();
    const french = makeProduct('WJ06', { name: 'Juno Jacket', categories: [['Women', 'Tops']] });
    await store.upsertProducts([
      makeProduct('MJ01'),
      makeProduct('MJ02', { published: false }),
      makeProduct('MP03', {
        categories: [['Men', 'Bottoms', 'Pants']],
        variants: [{ sku: 'MP03-32-Blue', color: 'Blue', size: '32', priceCents: 100, stock: 0 }],
      }),
      {
        ...french,
        texts: {
          ...french.texts,
          fr: { name: 'Veste Juno', slug: 'veste-juno', description: 'Une veste.' },
        },
      },
      makeProduct('WJ07', { categories: [['Women', 'Tops']], published: false }),
    ]);
  });

  const ids = async (request: Partial<ProductListRequest>) => {
    const page = await store.listProductPage({ ...everything, limit: 10, ...request });
    return { ids: page.products.map((product) => product.id), total: page.total };
  };

  it('pages forwards and backwards through the products in id order, with the total', async () => {
    const first = await store.listProductPage(everything);
    expect(first).toMatchObject({ total: 5, hasPrevious: false, hasNext: true });
    expect(first.products.map((product) => product.id)).toEqual(['MJ01', 'MJ02']);
    const second = await store.listProductPage({ ...everything, after: 'MJ02' });
    expect(second.products.map((product) => product.id)).toEqual(['MP03', 'WJ06']);
    expect(second).toMatchObject({ hasPrevious: true, hasNext: true });
    const last = await store.listProductPage({ ...everything, after: 'WJ06' });
    expect(last.products.map((product) => product.id)).toEqual(['WJ07']);
    expect(last).toMatchObject({ hasPrevious: true, hasNext: false });
    const back = await store.listProductPage({ ...everything, before: 'WJ07' });
    expect(back.products.map((product) => product.id)).toEqual(['MP03', 'WJ06']);
    expect(back).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(await store.listProductPage({ ...everything, before: 'MP03' })).toMatchObject({
      hasPrevious: false,
    });
  });

  it('filters by state, with the counts of published and unpublished products', async () => {
    expect(await ids({ published: 'unpublished' })).toEqual({ ids: ['MJ02', 'WJ07'], total: 2 });
    expect(await ids({ published: 'published' })).toEqual({
      ids: ['MJ01', 'MP03', 'WJ06'],
      total: 3,
    });
    const [unpublished] = await store.getProductsByIds(['MJ02']);
    await store.upsertProducts([{ ...unpublished!, published: true }]);
    expect((await ids({ published: 'published' })).total).toBe(4);
  });

  it('finds a product by any part of its id, a SKU, or its English or French name, whatever the case', async () => {
    expect(await ids({ q: 'juno' })).toEqual({ ids: ['WJ06'], total: 1 });
    expect(await ids({ q: 'VESTE' })).toEqual({ ids: ['WJ06'], total: 1 });
    expect(await ids({ q: 'mp0' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: 'mp03-32' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: '100%' })).toEqual({ ids: [], total: 0 });
  });

  it('finds a product by an inner part of a SKU or a name, as a merchant types it', async () => {
    expect(await ids({ q: '03-32' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: '-32-' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: 'p03' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: 'UNO JAC' })).toEqual({ ids: ['WJ06'], total: 1 });
    expect(await ids({ q: 'ste jun' })).toEqual({ ids: ['WJ06'], total: 1 });
    // Under three characters a part is looked up by its start only (ids and SKUs).
    expect(await ids({ q: 'wj' })).toEqual({ ids: ['WJ06', 'WJ07'], total: 2 });
    expect(await ids({ q: '03' })).toEqual({ ids: [], total: 0 });
  });

  it('lists a product out of stock once an order has taken its last units', async () => {
    const cartId = newCartId();
    await store.setCartQuantity(cartId, 'MJ01-M-Black', 12);
    const placed = await store.placeOrder({
      id: 'b'.repeat(32),
      idempotencyKey: 'last-units',
      requestHash: 'h',
      cartId,
      email: 'ana@example.com',
      details: {},
      paymentMethod: 'pay_on_delivery',
    });
    expect(placed.status).toBe('placed');
    expect(await ids({ stock: 'out' })).toEqual({ ids: ['MJ01', 'MP03'], total: 2 });
  });

  it('has the trigram and category indexes its filters read through', async () => {
    const indexes = await database.rows<{ name: string }>(sql`
      SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname LIKE ANY (ARRAY['%trgm%', '%path_text%'])
      ORDER BY 1`);
    expect(indexes.map((index) => index.name)).toEqual([
      'product_categories_path_text_idx',
      'product_texts_name_trgm_idx',
      'products_id_trgm_idx',
      'products_name_trgm_idx',
      'variants_sku_trgm_idx',
    ]);
  });

  it('counts a filter’s matches up to the cap, then says there are more', async () => {
    const many = Array.from({ length: countedMatchesCap + 5 }, (_, index) =>
      makeProduct(`ZZ${String(index).padStart(4, '0')}`, { categories: [['Gear', 'Bags']] }),
    );
    await store.upsertProducts(many);
    const bags = await store.listProductPage({ ...everything, category: 'Gear > Bags', limit: 3 });
    expect(bags).toMatchObject({ total: countedMatchesCap, totalIsAtLeast: true, hasNext: true });
    expect(bags.products.map((product) => product.id)).toEqual(['ZZ0000', 'ZZ0001', 'ZZ0002']);
    const few = await store.listProductPage({ ...everything, q: 'ZZ000', limit: 3 });
    expect(few).toMatchObject({ total: 10, totalIsAtLeast: false });
    // The whole list's count is kept by the writes: exact, whatever the size.
    expect(await store.listProductPage(everything)).toMatchObject({
      total: countedMatchesCap + 10,
      totalIsAtLeast: false,
    });
  });

  it('filters by the start of a category path and by stock, combined with the other filters', async () => {
    expect(await ids({ category: 'Men > Tops' })).toEqual({ ids: ['MJ01', 'MJ02'], total: 2 });
    expect(await ids({ category: 'Women' })).toEqual({ ids: ['WJ06', 'WJ07'], total: 2 });
    expect(await ids({ stock: 'out' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ category: 'Men > To' })).toEqual({ ids: ['MJ01', 'MJ02'], total: 2 });
    expect(await ids({ stock: 'in', published: 'unpublished', category: 'Women' })).toEqual({
      ids: ['WJ07'],
      total: 1,
    });
  });
});
