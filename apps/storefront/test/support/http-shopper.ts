import type { CartView } from '../../src/lib/commerce/cart-view.ts';
import { cartCookieName } from '../../src/server/commerce/cart-cookie.ts';
import { checkoutBody } from './commerce-client.ts';

/**
 * A shopper talking to a running storefront over HTTP, as the browser does: the cart cookie it was issued,
 * `POST /api/cart/items`, then `POST /api/checkout` with an `Idempotency-Key`.
 */
export interface WantedLine {
  readonly sku: string;
  readonly quantity: number;
}

/** A cart ready for checkout: its cookie and the lines and subtotal the server priced. */
export interface FilledCart {
  readonly cartId: string;
  readonly cart: CartView;
}

export type CheckoutResult =
  | { readonly kind: 'answered'; readonly status: number; readonly body: CheckoutReply }
  /** The connection failed: the order may or may not have been committed. */
  | { readonly kind: 'no-answer'; readonly error: unknown };

export interface CheckoutReply {
  readonly orderId?: string;
  readonly totalCents?: number;
  readonly code?: string;
}

/**
 * Adds the lines one by one (a line the stock cannot cover is left out) and returns the cart, or
 * `undefined` when no line could be added. Network errors propagate: the storefront is gone.
 */
export async function fillCart(
  baseUrl: string,
  lines: readonly WantedLine[],
): Promise<FilledCart | undefined> {
  let cartId: string | undefined;
  let cart: CartView | undefined;
  for (const line of lines) {
    const response = await fetch(`${baseUrl}/api/cart/items`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(cartId ? { cookie: `${cartCookieName}=${cartId}` } : {}),
      },
      body: JSON.stringify(line),
    });
    const body = (await response.json()) as { cart?: CartView; code?: string };
    if (response.status === 409) continue; // not enough stock left for this line
    if (response.status !== 200 || !body.cart)
      throw new Error(`Adding ${line.sku} answered ${response.status} ${JSON.stringify(body)}`);
    cartId ??= issuedCartId(response);
    cart = body.cart;
  }
  return cartId && cart ? { cartId, cart } : undefined;
}

function issuedCartId(response: Response): string {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name === cartCookieName && value) return value;
  }
  throw new Error('The first cart change did not issue a cart cookie');
}

/** Places the cart's order; a dropped connection is reported, not thrown. */
export async function placeOrder(
  baseUrl: string,
  cartId: string,
  idempotencyKey: string,
): Promise<CheckoutResult> {
  try {
    const response = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${cartCookieName}=${cartId}`,
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(checkoutBody),
    });
    return {
      kind: 'answered',
      status: response.status,
      body: (await response.json()) as CheckoutReply,
    };
  } catch (error) {
    return { kind: 'no-answer', error };
  }
}

/** The order as its confirmation page (`/order/<id>`) hands it to the browser; `undefined` on a 404. */
export async function orderPageData(
  baseUrl: string,
  orderId: string,
): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${baseUrl}/order/${orderId}`);
  if (response.status === 404) return undefined;
  const html = await response.text();
  if (response.status !== 200) throw new Error(`/order/${orderId} answered ${response.status}`);
  const data = /<script id="__NEXT_DATA__" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(
    html,
  );
  if (!data?.[1]) throw new Error(`/order/${orderId} carries no __NEXT_DATA__`);
  const parsed = JSON.parse(data[1]) as {
    props: { pageProps: { order: Record<string, unknown> } };
  };
  return parsed.props.pageProps.order;
}
