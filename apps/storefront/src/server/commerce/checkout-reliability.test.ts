import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import {
  body,
  checkoutBody,
  commerceClient,
  details,
} from '../../../test/support/commerce-client.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { newCartId } from './cart-cookie.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_checkout_load');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)('checkout under concurrency on $engine', (testStore) => {
  const { store, reset } = testStore;
  const { cart, placeOrder, stockOf, orderCount } = commerceClient(testStore);

  beforeEach(async () => {
    await reset();
    await store.upsertProducts([makeProduct('MJ01')]);
  });

  it('replays an idempotency key 100 times into one order, and refuses it for another body', async () => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 2 });
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => placeOrder(id, 'key-replayed-1')),
    );
    const ids = new Set(replies.map((reply) => body(reply)['orderId']));
    expect(ids.size).toBe(1);
    expect(replies.every((reply) => reply.status === 200 || reply.status === 201)).toBe(true);
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(await orderCount()).toBe(1);
    expect(await stockOf('MJ01-M-Black')).toBe(10);
    const other = await placeOrder(id, 'key-replayed-1', {
      ...checkoutBody,
      details: { ...details, city: 'Lyon' },
    });
    expect(other.status).toBe(422);
  });

  it('sells exactly the stock to 200 concurrent checkouts', async () => {
    await store.upsertProducts([
      makeProduct('MJ03', {
        variants: [{ sku: 'MJ03-M-Blue', color: 'Blue', size: 'M', priceCents: 5000, stock: 10 }],
      }),
    ]);
    const carts = Array.from({ length: 200 }, () => newCartId());
    for (const id of carts) await cart('POST', id, { sku: 'MJ03-M-Blue', quantity: 1 });
    const replies = await Promise.all(carts.map((id, i) => placeOrder(id, `key-rush-${i}-000`)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(10);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(190);
    expect(await stockOf('MJ03-M-Blue')).toBe(0);
    expect(await orderCount()).toBe(10);
  });
});
