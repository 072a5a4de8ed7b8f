import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import {
  body,
  checkoutBody,
  commerceClient,
  headersOf,
  host,
} from '../../../test/support/commerce-client.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { newCartId } from './cart-cookie.ts';
import { handleCartRequest, handleCheckoutRequest } from './commerce-http.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_cart_api');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)('the cart API on $engine', (testStore) => {
  const { store, reset } = testStore;
  const { cart } = commerceClient(testStore);

  beforeEach(async () => {
    await reset();
    await store.upsertProducts([makeProduct('MJ01')]);
  });

  it('issues an HttpOnly SameSite=Lax cookie on the first change and prices lines from the store', async () => {
    const reply = await cart('POST', undefined, {
      sku: 'MJ01-M-Black',
      quantity: 2,
      priceCents: 1,
    });
    expect(reply.status).toBe(200);
    const cookie = reply.headers?.['set-cookie'] ?? '';
    expect(cookie).toMatch(
      /^vitrine_cart=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    expect(body(reply)['cart']).toMatchObject({
      itemCount: 2,
      subtotalCents: 15_800,
      lines: [{ sku: 'MJ01-M-Black', quantity: 2, unitPriceCents: 7900, lineTotalCents: 15_800 }],
    });
  });

  it('adds, changes and removes lines, and the cart survives across requests', async () => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 2 });
    expect(body(await cart('GET', id))['cart']).toMatchObject({ itemCount: 3 });
    expect(body(await cart('PUT', id, { sku: 'MJ01-M-Black', quantity: 5 }))['cart']).toMatchObject(
      {
        itemCount: 5,
        subtotalCents: 39_500,
      },
    );
    expect(body(await cart('DELETE', id, { sku: 'MJ01-M-Black' }))['cart']).toMatchObject({
      itemCount: 0,
    });
  });

  it.each([
    [{ sku: 'NOPE', quantity: 1 }, 404, 'unknown-variant'],
    [{ sku: 'MJ01-M-Black', quantity: 0 }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: -3 }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: 1.5 }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: '2' }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: 100 }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: 1e12 }, 400, 'invalid-quantity'],
    [{ sku: 'MJ01-M-Black', quantity: 13 }, 409, 'not-enough-stock'],
    [{ sku: 'MJ01-L-Black', quantity: 1 }, 409, 'not-enough-stock'],
    [{ quantity: 1 }, 400, 'invalid-request'],
    ['garbage', 400, 'invalid-request'],
  ])('refuses %j with %i %s and changes nothing', async (payload, status, code) => {
    const id = newCartId();
    await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
    const reply = await cart('POST', id, payload);
    expect(reply.status).toBe(status);
    expect(body(reply)).toMatchObject({ code, message: expect.any(String) });
    expect(body(await cart('GET', id))['cart']).toMatchObject({ itemCount: 1 });
  });

  it('answers refusals in French', async () => {
    const reply = await cart(
      'POST',
      newCartId(),
      { sku: 'MJ01-M-Black', quantity: 13 },
      'fr' as 'en',
    );
    expect(body(reply)['message']).toBe('Plus que 12 en stock.');
  });
});

describe.each(stores)('the cart API on $engine: isolation and origin checks', (testStore) => {
  const { store, reset } = testStore;
  const { dependencies, cart, placeOrder } = commerceClient(testStore);

  beforeEach(async () => {
    await reset();
    await store.upsertProducts([makeProduct('MJ01')]);
  });

  it('refuses cross-origin changes', async () => {
    for (const extra of [{ origin: 'https://evil.test' }, { 'sec-fetch-site': 'cross-site' }]) {
      const reply = await handleCartRequest(
        {
          method: 'POST',
          headers: { ...headersOf(undefined), ...extra },
          body: { sku: 'MJ01-M-Black', quantity: 1 },
          locale: 'en',
        },
        dependencies,
      );
      expect(reply.status).toBe(403);
    }
    const checkoutReply = await handleCheckoutRequest(
      {
        method: 'POST',
        headers: headersOf(newCartId(), {
          origin: 'http://evil.test',
          'idempotency-key': 'key-12345678',
        }),
        body: checkoutBody,
        locale: 'en',
      },
      dependencies,
    );
    expect(checkoutReply.status).toBe(403);
  });

  it('keeps carts and orders apart: another cart cannot read or reuse them', async () => {
    const mine = newCartId();
    const theirs = newCartId();
    await cart('POST', mine, { sku: 'MJ01-M-Black', quantity: 1 });
    expect(body(await cart('GET', theirs))['cart']).toMatchObject({ itemCount: 0 });
    await cart('DELETE', theirs, { sku: 'MJ01-M-Black' });
    expect(body(await cart('GET', mine))['cart']).toMatchObject({ itemCount: 1 });
    await placeOrder(mine, 'key-mine-00001');
    // Replaying my key from another cart does not reveal my order.
    const replay = await placeOrder(theirs, 'key-mine-00001');
    expect(replay.status).toBe(422);
    expect(body(replay)).not.toHaveProperty('orderId');
    // An unknown cookie value that is not one we issued is ignored (a new cart is issued).
    const forged = await handleCartRequest(
      { method: 'GET', headers: { host, cookie: 'vitrine_cart=1' }, body: undefined, locale: 'en' },
      dependencies,
    );
    expect(body(forged)['cart']).toMatchObject({ itemCount: 0 });
  });
});
