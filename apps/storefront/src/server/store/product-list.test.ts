import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import type { ProductListRequest } from './product-list.ts';

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

describe.each(stores)("the console's product list on $engine", ({ store, reset }) => {
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

  it('finds a product by the start of its id or a SKU, or part of its English or French name, whatever the case', async () => {
    expect(await ids({ q: 'juno' })).toEqual({ ids: ['WJ06'], total: 1 });
    expect(await ids({ q: 'VESTE' })).toEqual({ ids: ['WJ06'], total: 1 });
    expect(await ids({ q: 'mp0' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: 'mp03-32' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ q: '03-32' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ q: '100%' })).toEqual({ ids: [], total: 0 });
  });

  it('filters by the start of a category path and by stock, combined with the other filters', async () => {
    expect(await ids({ category: 'Men > Tops' })).toEqual({ ids: ['MJ01', 'MJ02'], total: 2 });
    expect(await ids({ category: 'Women' })).toEqual({ ids: ['WJ06', 'WJ07'], total: 2 });
    expect(await ids({ stock: 'out' })).toEqual({ ids: ['MP03'], total: 1 });
    expect(await ids({ stock: 'in', published: 'unpublished', category: 'Women' })).toEqual({
      ids: ['WJ07'],
      total: 1,
    });
  });
});
