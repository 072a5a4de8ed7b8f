import { sql } from 'drizzle-orm';
import type { Locale } from '../../src/i18n/locale.ts';
import {
  handleCartRequest,
  handleCheckoutRequest,
} from '../../src/server/commerce/commerce-http.ts';
import type { JsonReply } from '../../src/server/http/admin-import.ts';
import type { TestStore } from './test-stores.ts';

export const details = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Martin',
  phone: '',
  address: '3 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  country: 'FR',
};
export const checkoutBody = { details, paymentMethod: 'pay_on_delivery' };
export const host = 'shop.test';
const sqlCount = sql`SELECT count(*)::int AS total FROM orders`;

export function headersOf(cartId: string | undefined, extra: Record<string, string> = {}) {
  return { host, ...(cartId ? { cookie: `vitrine_cart=${cartId}` } : {}), ...extra };
}

export function body(reply: JsonReply): Record<string, unknown> {
  return reply.body as Record<string, unknown>;
}

/** Calls the cart and checkout handlers in-process, as the API routes do, against one test store. */
export function commerceClient({ store, database }: TestStore) {
  const dependencies = { store, publicOrigin: undefined };
  return {
    dependencies,
    cart: (method: string, cartId: string | undefined, payload?: unknown, locale: Locale = 'en') =>
      handleCartRequest(
        { method, headers: headersOf(cartId), body: payload, locale },
        dependencies,
      ),
    placeOrder: (
      cartId: string,
      key: string,
      payload: unknown = checkoutBody,
      locale: Locale = 'en',
    ) =>
      handleCheckoutRequest(
        {
          method: 'POST',
          headers: headersOf(cartId, { 'idempotency-key': key }),
          body: payload,
          locale,
        },
        dependencies,
      ),
    stockOf: async (sku: string) => (await store.findVariant(sku))?.stock,
    orderCount: async () => (await database.rows<{ total: number }>(sqlCount))[0]?.total ?? -1,
  };
}
