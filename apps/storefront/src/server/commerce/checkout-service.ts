import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Locale } from '../../i18n/locale.ts';
import { checkoutDetailsSchema } from '../../lib/commerce/checkout-form.ts';
import type { CartOrderStore, StoredOrder } from '../store/cart-order-store.ts';
import { CommerceError } from './commerce-error.ts';
import { findPaymentMethod } from './payment-method.ts';

export interface CheckoutRequest {
  readonly cartId: string | undefined;
  readonly idempotencyKey: string | undefined;
  readonly body: unknown;
  /** The language of the checkout page: the order lines keep the names the shopper saw. */
  readonly locale?: Locale;
}

export interface CheckoutOutcome {
  readonly order: StoredOrder;
  /** False when the idempotency key had already placed this order. */
  readonly created: boolean;
}

const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);
const checkoutBodySchema = z.object({ details: z.unknown(), paymentMethod: z.unknown() });

/** 128 random bits, hex: the order's id is also the secret that opens its confirmation page. */
export function newOrderId(): string {
  return randomBytes(16).toString('hex');
}

export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
}

/**
 * Places the cart's order: validates the details, prices every line from the catalogue and takes the
 * stock in one transaction. Replaying an idempotency key returns its order; reusing it for another
 * request (other details or another cart) is a 422.
 */
export async function checkout(
  store: CartOrderStore,
  request: CheckoutRequest,
): Promise<CheckoutOutcome> {
  const key = idempotencyKeySchema.safeParse(request.idempotencyKey);
  if (!key.success) throw new CommerceError('missing-key');
  const body = checkoutBodySchema.safeParse(request.body);
  if (!body.success) throw new CommerceError('invalid-request');
  const details = checkoutDetailsSchema.safeParse(body.data.details);
  if (!details.success) throw new CommerceError('invalid-details', { fields: body.data.details });
  const payment = findPaymentMethod(body.data.paymentMethod);
  if (!payment) throw new CommerceError('unknown-payment');
  if (!request.cartId) throw new CommerceError('empty-cart');
  const { email, ...delivery } = details.data;
  const outcome = await store.placeOrder({
    id: newOrderId(),
    idempotencyKey: key.data,
    requestHash: requestHash(request.cartId, details.data, payment.id),
    cartId: request.cartId,
    email,
    details: delivery,
    paymentMethod: payment.id,
    language: request.locale ?? 'en',
  });
  switch (outcome.status) {
    case 'placed':
      // Offline methods only record the order; an online one would need a pending state and a refund path.
      await payment.authorize(outcome.order);
      return { order: outcome.order, created: true };
    case 'replayed':
      return { order: outcome.order, created: false };
    case 'out-of-stock':
    case 'unavailable':
      throw new CommerceError(outcome.status, { name: outcome.name });
    case 'empty-cart':
    case 'key-reused':
      throw new CommerceError(outcome.status);
  }
}

/** What makes two submissions "the same request": the cart, the details and the payment method. */
function requestHash(cartId: string, details: object, paymentMethod: string): string {
  return createHash('sha256')
    .update(JSON.stringify([cartId, details, paymentMethod]))
    .digest('hex');
}
