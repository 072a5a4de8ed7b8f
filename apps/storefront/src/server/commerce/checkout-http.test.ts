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

const stores = await openTestStores(inject('postgresUrl'), 'storefront_checkout_api');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)('the checkout API on $engine', (testStore) => {
  const { store, reset } = testStore;
  const { cart, placeOrder, stockOf, orderCount } = commerceClient(testStore);

  beforeEach(async () => {
    await reset();
    await store.upsertProducts([makeProduct('MJ01')]);
  });

  it('places an order from the server’s prices, takes the stock and empties the cart', async () => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 3 });
    const reply = await placeOrder(id, 'key-first-0001', { ...checkoutBody, totalCents: 1 });
    expect(reply.status).toBe(201);
    const { orderId, path, totalCents } = body(reply);
    expect(orderId).toMatch(/^[0-9a-f]{32}$/);
    expect(path).toBe(`/order/${orderId}`);
    expect(totalCents).toBe(23_700);
    expect(await stockOf('MJ01-M-Black')).toBe(9);
    expect(body(await cart('GET', id))['cart']).toMatchObject({ itemCount: 0 });
    const order = await store.findOrder(String(orderId));
    expect(order).toMatchObject({
      email: 'ana@example.com',
      totalCents: 23_700,
      paymentMethod: 'pay_on_delivery',
    });
    expect(order?.lines).toEqual([
      expect.objectContaining({ sku: 'MJ01-M-Black', quantity: 3, unitPriceCents: 7900 }),
    ]);
  });

  it('validates the details field by field and refuses without a key or a cart', async () => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
    const invalid = await placeOrder(id, 'key-invalid-01', {
      ...checkoutBody,
      details: { ...details, email: 'x' },
    });
    expect(invalid.status).toBe(400);
    expect(body(invalid)['fieldErrors']).toEqual({ email: expect.stringContaining('valid email') });
    expect((await placeOrder(id, '', checkoutBody)).status).toBe(400);
    expect((await placeOrder(newCartId(), 'key-empty-0001')).status).toBe(409);
    expect(
      (await placeOrder(id, 'key-payment-01', { ...checkoutBody, paymentMethod: 'free' })).status,
    ).toBe(400);
    expect(await orderCount()).toBe(0);
  });

  it('fails the whole order when one line lacks stock, and leaves every stock as it was', async () => {
    await store.upsertProducts([
      makeProduct('MJ02', {
        variants: [{ sku: 'MJ02-S-Red', color: 'Red', size: 'S', priceCents: 1000, stock: 2 }],
      }),
    ]);
    const first = newCartId();
    const second = newCartId();
    await cart('POST', first, { sku: 'MJ01-M-Black', quantity: 4 });
    await cart('POST', first, { sku: 'MJ02-S-Red', quantity: 2 });
    await cart('POST', second, { sku: 'MJ02-S-Red', quantity: 1 });
    expect((await placeOrder(second, 'key-second-01')).status).toBe(201);
    const refused = await placeOrder(first, 'key-first-002');
    expect(refused.status).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'out-of-stock' });
    expect(await stockOf('MJ01-M-Black')).toBe(12);
    expect(await stockOf('MJ02-S-Red')).toBe(1);
  });

  it('shows a line of an unpublished product as no longer available, and refuses it at checkout in both languages', async () => {
    await store.upsertProducts([makeProduct('MJ02')]);
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
    await cart('POST', id, { sku: 'MJ02-M-Black', quantity: 2 });
    await store.upsertProducts([makeProduct('MJ02', { published: false })]);

    const shown = body(await cart('GET', id))['cart'];
    expect(shown).toMatchObject({
      itemCount: 1,
      subtotalCents: 7900,
      lines: [
        { sku: 'MJ01-M-Black', available: true },
        { sku: 'MJ02-M-Black', available: false, maxQuantity: 0 },
      ],
    });
    const english = await placeOrder(id, 'key-unpub-en01');
    expect(english.status).toBe(409);
    expect(body(english)).toEqual({
      code: 'unavailable',
      message: expect.stringContaining('MJ02 Trail Jacket is no longer available'),
    });
    const french = await placeOrder(id, 'key-unpub-fr01', checkoutBody, 'fr');
    expect(french.status).toBe(409);
    expect(body(french)['message']).toContain('n’est plus disponible');
    expect(await stockOf('MJ01-M-Black')).toBe(12);
    expect(await orderCount()).toBe(0);
    const added = await cart('POST', id, { sku: 'MJ02-M-Black', quantity: 1 });
    expect(added.status).toBe(404);

    await cart('DELETE', id, { sku: 'MJ02-M-Black' });
    expect((await placeOrder(id, 'key-unpub-ok01')).status).toBe(201);
  });

  it('answers a later replay with the same order, and a second key on the emptied cart with 409', async () => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
    const [first, second] = await Promise.all([
      placeOrder(id, 'key-double-001'),
      placeOrder(id, 'key-double-002'),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([201, 409]);
    const placed = first?.status === 201 ? first : second;
    const replay = await placeOrder(
      id,
      first?.status === 201 ? 'key-double-001' : 'key-double-002',
    );
    expect(replay.status).toBe(200);
    expect(body(replay)['orderId']).toBe(placed && body(placed)['orderId']);
    expect(await stockOf('MJ01-M-Black')).toBe(11);
    expect(await orderCount()).toBe(1);
  });
});
