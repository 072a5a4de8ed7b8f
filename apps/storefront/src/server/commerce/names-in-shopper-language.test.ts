import type { CatalogueProduct } from '@vitrine/catalogue';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { productLookup } from '../admin/load-analytics-report.ts';
import { viewCart } from './cart-service.ts';
import { handleProductRequest } from './product-http.ts';

const stores = await openTestStores(inject('postgresUrl'), 'names_in_language');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

const english = makeProduct('WJ06', { name: 'Juno Jacket', slug: 'juno-jacket' });
const juno: CatalogueProduct = {
  ...english,
  texts: { ...english.texts, fr: { name: 'Veste Juno', slug: 'veste-juno', description: '' } },
};
const kit = makeProduct('MJ01', { name: 'Beaumont Summit Kit', slug: 'beaumont-summit-kit' });
const cartId = 'cartnamesinlanguage001';

describe.each(stores)('product names in the shopper’s language on $engine', ({ store, reset }) => {
  beforeEach(async () => {
    await reset();
    await store.upsertProducts([juno, kit]);
    await store.setCartQuantity(cartId, 'WJ06-M-Black', 1);
    await store.setCartQuantity(cartId, 'MJ01-M-Black', 2);
  });

  it('names and links the cart lines in the cart’s language, English where a product has no French', async () => {
    const lines = (cart: Awaited<ReturnType<typeof viewCart>>) =>
      cart.lines.map((line) => [line.name, line.slug]);
    expect(lines(await viewCart(store, cartId, 'fr'))).toEqual([
      ['Veste Juno', 'veste-juno'],
      ['Beaumont Summit Kit', 'beaumont-summit-kit'],
    ]);
    expect(lines(await viewCart(store, cartId, 'en'))).toEqual([
      ['Juno Jacket', 'juno-jacket'],
      ['Beaumont Summit Kit', 'beaumont-summit-kit'],
    ]);
  });

  it('keeps on the order line the name shown when the order was placed, whatever the catalogue becomes', async () => {
    const outcome = await store.placeOrder({
      id: 'order-names-fr-0001',
      idempotencyKey: 'key-names-fr-0001',
      requestHash: 'hash',
      cartId,
      email: 'a@b.c',
      details: {},
      paymentMethod: 'pay_on_delivery',
      language: 'fr',
    });
    expect(outcome.status).toBe('placed');
    await store.upsertProducts([
      { ...juno, texts: { ...juno.texts, fr: { ...juno.texts.fr!, name: 'Veste Juno (2027)' } } },
    ]);
    const order = await store.findOrder('order-names-fr-0001');
    expect(order?.lines.map((line) => line.name)).toEqual(['Veste Juno', 'Beaumont Summit Kit']);
  });

  it('answers the product API for a French slug (the French cart’s links)', async () => {
    const reply = await handleProductRequest(
      { method: 'GET', slug: 'veste-juno', locale: 'fr' },
      store,
    );
    expect(reply).toMatchObject({ status: 200, body: { id: 'WJ06' } });
  });
});

describe('the merchant’s analytics', () => {
  it('names the products in the page’s language', () => {
    const lookup = productLookup([juno, kit], 'fr');
    expect(lookup('WJ06-Black')).toEqual({
      name: 'Veste Juno',
      slug: 'veste-juno',
      color: 'Black',
    });
    expect(lookup('MJ01')).toMatchObject({ name: 'Beaumont Summit Kit' });
    expect(productLookup([juno], 'en')('WJ06')).toMatchObject({ name: 'Juno Jacket' });
  });
});
