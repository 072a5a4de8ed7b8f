import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { body, commerceClient } from '../../../test/support/commerce-client.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { newCartId } from './cart-cookie.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_cart_query_id');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

const searchA = '0123456789abcdef0123456789abcdef';
const searchB = 'fedcba9876543210fedcba9876543210';

describe.each(stores)(
  'search attribution (queryID) of cart and order lines on $engine',
  (testStore) => {
    const { store, reset } = testStore;
    const { cart, placeOrder } = commerceClient(testStore);
    const queryIds = async (cartId: string) =>
      Object.fromEntries((await store.readCart(cartId)).map((line) => [line.sku, line.queryId]));

    beforeEach(async () => {
      await reset();
      await store.upsertProducts([makeProduct('MJ01'), makeProduct('MJ02')]);
    });

    it('keeps the queryID of an addition on its line; a quantity change keeps it, a later search replaces it', async () => {
      const id = newCartId();
      await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1, queryID: searchA });
      await cart('POST', id, { sku: 'MJ02-M-Black', quantity: 1 });
      expect(await queryIds(id)).toEqual({ 'MJ01-M-Black': searchA, 'MJ02-M-Black': null });
      await cart('PUT', id, { sku: 'MJ01-M-Black', quantity: 3 });
      await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1 });
      expect(await queryIds(id)).toEqual({ 'MJ01-M-Black': searchA, 'MJ02-M-Black': null });
      await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1, queryID: searchB });
      expect(await queryIds(id)).toEqual({ 'MJ01-M-Black': searchB, 'MJ02-M-Black': null });
      // The browser's view of the cart is unchanged: the queryID stays on the server.
      expect(body(await cart('GET', id))['cart']).toMatchObject({ itemCount: 6 });
    });

    it.each([
      ['not hexadecimal', 'not-a-query-id'],
      ['upper case', searchA.toUpperCase()],
      ['too short', searchA.slice(1)],
      ['not a string', 42],
    ])(
      'refuses a queryID that is %s with 400 invalid-query-id and adds nothing',
      async (_case, queryID) => {
        const id = newCartId();
        const reply = await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1, queryID });
        expect(reply.status).toBe(400);
        expect(body(reply)).toEqual({
          code: 'invalid-query-id',
          message:
            'This search reference (queryID) is not valid: it must be 32 lowercase hexadecimal characters.',
        });
        expect(await store.readCart(id)).toEqual([]);
      },
    );

    it('explains a malformed queryID in French too, and keeps invalid-request for a malformed body', async () => {
      const id = newCartId();
      const french = await cart(
        'POST',
        id,
        { sku: 'MJ01-M-Black', quantity: 1, queryID: 'nope' },
        'fr',
      );
      expect(body(french)).toEqual({
        code: 'invalid-query-id',
        message:
          'Cette référence de recherche (queryID) n’est pas valide : elle doit compter 32 caractères hexadécimaux en minuscules.',
      });
      expect(body(await cart('POST', id, { quantity: 1, queryID: searchA }))).toMatchObject({
        code: 'invalid-request',
      });
    });

    it('copies each line’s queryID to its order line', async () => {
      const id = newCartId();
      await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 2, queryID: searchA });
      await cart('POST', id, { sku: 'MJ02-M-Black', quantity: 1 });
      const reply = await placeOrder(id, 'query-id-order-1');
      expect(reply.status).toBe(201);
      const order = await store.findOrder(String(body(reply)['orderId']));
      expect(
        order?.lines.map(({ sku, quantity, queryId }) => ({ sku, quantity, queryId })),
      ).toEqual([
        { sku: 'MJ01-M-Black', quantity: 2, queryId: searchA },
        { sku: 'MJ02-M-Black', quantity: 1, queryId: null },
      ]);
    });

    it('lets exactly one caller claim an order’s purchase event, even when two race', async () => {
      const id = newCartId();
      await cart('POST', id, { sku: 'MJ01-M-Black', quantity: 1, queryID: searchA });
      const orderId = String(body(await placeOrder(id, 'query-id-order-2'))['orderId']);
      const claims = await Promise.all([
        store.claimPurchaseEvent(orderId),
        store.claimPurchaseEvent(orderId),
      ]);
      expect(claims.sort()).toEqual([false, true]);
      expect(await store.claimPurchaseEvent(orderId)).toBe(false);
      expect(await store.claimPurchaseEvent('0'.repeat(32))).toBe(false);
    });
  },
);
