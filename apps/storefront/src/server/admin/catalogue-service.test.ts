import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { type ProductEdit, toProductRow } from '../../lib/admin/product-edit.ts';
import { importCatalogue } from '../catalogue/import-catalogue.ts';
import { saveProductEdit } from './catalogue-service.ts';

const [{ store, reset }] = (
  await openTestStores(inject('postgresUrl'), 'storefront_catalogue_edit')
).filter((candidate) => candidate.engine === 'pglite') as [
  Awaited<ReturnType<typeof openTestStores>>[number],
];
afterAll(() => store.close());

let syncs = 0;
const runtime = {
  store,
  importCatalogue: (
    source: Parameters<typeof importCatalogue>[0],
    options: Parameters<typeof importCatalogue>[1],
  ) =>
    importCatalogue(source, options, {
      store,
      searchSync: {
        requestSync: async () => {
          syncs += 1;
          return { status: 'unchanged', full: false, products: 0, records: 0, removed: 0 } as const;
        },
      },
    }),
};

const edit = (published?: boolean): ProductEdit => ({
  id: 'MJ01',
  texts: { en: { name: 'MJ01 Trail Jacket', description: 'A light jacket for windy ridges.' } },
  variants: [{ sku: 'MJ01-M-Black', priceCents: 7900, stock: 12 }],
  ...(published === undefined ? {} : { published }),
});

describe('a console edit of the published state', () => {
  beforeEach(async () => {
    await reset();
    await store.upsertProducts([makeProduct('MJ01')]);
    syncs = 0;
  });

  it('unpublishes the stored product through the import, syncs the index and audits before and after', async () => {
    const { product } = await saveProductEdit(runtime, edit(false), 'merchant (session a1)');
    expect(toProductRow(product).published).toBe(false);
    expect(syncs).toBe(1);
    expect(await store.getProductsByIds(['MJ01'])).toEqual([
      { ...makeProduct('MJ01'), published: false },
    ]);
    const [entry] = await store.readAuditLog({ limit: 1 });
    expect(entry).toMatchObject({
      actor: 'merchant (session a1)',
      subject: 'product',
      subjectId: 'MJ01',
      before: expect.not.objectContaining({ published: false }),
      after: expect.objectContaining({ published: false }),
    });

    await saveProductEdit(runtime, edit(), 'merchant (session a1)');
    expect((await store.getProductsByIds(['MJ01']))[0]?.published).toBe(false);
    await saveProductEdit(runtime, edit(true), 'merchant (session a1)');
    expect(await store.getProductsByIds(['MJ01'])).toEqual([makeProduct('MJ01')]);
  });
});
