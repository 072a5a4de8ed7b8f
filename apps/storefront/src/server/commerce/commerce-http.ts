import type { IncomingHttpHeaders } from 'node:http';
import type { Locale } from '../../i18n/locale.ts';
import { type Messages, messagesFor } from '../../i18n/messages.ts';
import { pathFor } from '../../i18n/routes.ts';
import type { CommerceErrorBody } from '../../lib/commerce/cart-view.ts';
import { checkoutFieldErrors } from '../../lib/commerce/checkout-form.ts';
import type { JsonReply } from '../http/admin-import.ts';
import type { CartOrderStore } from '../store/cart-order-store.ts';
import { cartCookie, cartIdFromHeaders, isSecureRequest, newCartId } from './cart-cookie.ts';
import { addToCart, changeQuantity, removeFromCart, viewCart } from './cart-service.ts';
import { checkout } from './checkout-service.ts';
import { CommerceError } from './commerce-error.ts';
import { isCrossOrigin } from './same-origin.ts';

export interface CommerceRequest {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body (Next's body parser). */
  readonly body: unknown;
  readonly locale: Locale;
}

export interface CommerceDependencies {
  readonly store: CartOrderStore;
  readonly publicOrigin: string | undefined;
}

const noStore = { 'cache-control': 'no-store' };

/**
 * `/api/cart/items`: `GET` the cart; `POST {sku, quantity}` adds, `PUT {sku, quantity}` sets a quantity,
 * `DELETE {sku}` removes a line. Every change answers the whole cart, priced by the server. The first change
 * issues the cart cookie.
 */
export async function handleCartRequest(
  request: CommerceRequest,
  dependencies: CommerceDependencies,
): Promise<JsonReply> {
  const { store } = dependencies;
  const existingId = cartIdFromHeaders(request.headers);
  if (request.method === 'GET') {
    return {
      status: 200,
      headers: noStore,
      body: { cart: await viewCart(store, existingId, request.locale) },
    };
  }
  const change = { POST: addToCart, PUT: changeQuantity, DELETE: removeFromCart }[
    request.method ?? ''
  ];
  if (!change) {
    return {
      status: 405,
      headers: { allow: 'GET, POST, PUT, DELETE' },
      body: { code: 'method', message: 'Use GET, POST, PUT or DELETE' },
    };
  }
  return respond(request, async () => {
    if (isCrossOrigin(request.headers)) throw new CommerceError('cross-origin');
    const cartId = existingId ?? newCartId();
    const cart = await change(store, cartId, request.body, request.locale);
    const secure = isSecureRequest(request.headers, dependencies.publicOrigin);
    const headers = existingId ? noStore : { ...noStore, 'set-cookie': cartCookie(cartId, secure) };
    return { status: 200, headers, body: { cart } };
  });
}

/**
 * `POST /api/checkout` with an `Idempotency-Key` header and `{details, paymentMethod}`: 201 with the new
 * order's id and confirmation path, 200 with the same for a replay.
 */
export async function handleCheckoutRequest(
  request: CommerceRequest,
  dependencies: CommerceDependencies,
): Promise<JsonReply> {
  if (request.method !== 'POST') {
    return {
      status: 405,
      headers: { allow: 'POST' },
      body: { code: 'method', message: 'Use POST' },
    };
  }
  return respond(request, async () => {
    if (isCrossOrigin(request.headers)) throw new CommerceError('cross-origin');
    const keyHeader = request.headers['idempotency-key'];
    const { order, created } = await checkout(dependencies.store, {
      cartId: cartIdFromHeaders(request.headers),
      idempotencyKey: Array.isArray(keyHeader) ? keyHeader[0] : keyHeader,
      body: request.body,
      locale: request.locale,
    });
    return {
      status: created ? 201 : 200,
      headers: noStore,
      body: {
        orderId: order.id,
        totalCents: order.totalCents,
        path: pathFor({ name: 'order', id: order.id }, request.locale),
      },
    };
  });
}

async function respond(request: CommerceRequest, run: () => Promise<JsonReply>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    return {
      status: error.status,
      headers: noStore,
      body: errorBody(error, messagesFor(request.locale)),
    };
  }
}

/** The localized answer to a refused request. */
export function errorBody(error: CommerceError, messages: Messages): CommerceErrorBody {
  switch (error.code) {
    case 'not-enough-stock':
      return {
        code: error.code,
        message: messages.cart.errors[error.code](error.detail.stock ?? 0),
      };
    case 'out-of-stock':
    case 'unavailable':
      return {
        code: error.code,
        message: messages.checkout.errors[error.code](error.detail.name ?? ''),
      };
    case 'invalid-details':
      return {
        code: error.code,
        message: messages.checkout.errors[error.code],
        fieldErrors: checkoutFieldErrors(error.detail.fields, messages),
      };
    case 'empty-cart':
    case 'key-reused':
    case 'missing-key':
    case 'unknown-payment':
      return { code: error.code, message: messages.checkout.errors[error.code] };
    default:
      return { code: error.code, message: messages.cart.errors[error.code] };
  }
}
