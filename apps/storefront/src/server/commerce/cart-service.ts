import { z } from 'zod';
import type { Locale } from '../../i18n/locale.ts';
import { type CartView, maxLineQuantity } from '../../lib/commerce/cart-view.ts';
import type { CartOrderStore, StoredCartLine } from '../store/cart-order-store.ts';
import { CommerceError } from './commerce-error.ts';

const skuSchema = z.string().min(1).max(64);

/**
 * An optional Insights `queryID` (32 lowercase hex characters, as search responses give it): the search that
 * led to the addition, kept on the cart line so that the order can attribute the purchase to it.
 */
const queryIDSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .nullish()
  .transform((value) => value ?? undefined);
/** `{ sku, quantity, queryID? }`: quantity is a whole number from 1 to 99 (the stock is checked separately). */
const cartChangeSchema = z.object({
  sku: skuSchema,
  quantity: z.unknown(),
  queryID: z.unknown().optional(),
});
const quantitySchema = z.number().int().min(1).max(maxLineQuantity);

export interface CartChange {
  readonly sku: string;
  readonly quantity: number;
  readonly queryID: string | undefined;
}

/** Parses a cart change; a malformed body, a wrong quantity and a malformed queryID get different codes. */
export function parseCartChange(body: unknown): CartChange {
  const change = cartChangeSchema.safeParse(body);
  if (!change.success) throw new CommerceError('invalid-request');
  const quantity = quantitySchema.safeParse(change.data.quantity);
  if (!quantity.success) throw new CommerceError('invalid-quantity');
  const queryID = queryIDSchema.safeParse(change.data.queryID);
  if (!queryID.success) throw new CommerceError('invalid-query-id');
  return { sku: change.data.sku, quantity: quantity.data, queryID: queryID.data };
}

export function parseCartRemoval(body: unknown): { sku: string } {
  const removal = z.object({ sku: skuSchema }).safeParse(body);
  if (!removal.success) throw new CommerceError('invalid-request');
  return removal.data;
}

/** The cart with prices and totals from the store. */
/** The cart with its products' names and addresses in the shopper's language (`locale`). */
export async function viewCart(
  store: CartOrderStore,
  cartId: string | undefined,
  locale: Locale = 'en',
): Promise<CartView> {
  return toCartView(cartId ? await store.readCart(cartId, locale) : []);
}

export function toCartView(lines: readonly StoredCartLine[]): CartView {
  const views = lines.map((line) => ({
    available: line.published,
    sku: line.sku,
    slug: line.slug,
    name: line.name,
    color: line.color,
    size: line.size,
    imageUrl: line.imageUrl,
    unitPriceCents: line.priceCents,
    quantity: line.quantity,
    lineTotalCents: line.priceCents * line.quantity,
    maxQuantity: line.published ? Math.min(line.stock, maxLineQuantity) : 0,
  }));
  // A line of an unpublished product is shown (to be removed) but neither counted nor priced.
  const buyable = views.filter((line) => line.available);
  return {
    lines: views,
    itemCount: buyable.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: buyable.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}

/**
 * Adds `quantity` to the line of `sku` (the new total must stay within 99 and the stock). A `queryID` becomes
 * the line's (the latest search wins); without one the line keeps the one it had.
 */
export async function addToCart(
  store: CartOrderStore,
  cartId: string,
  body: unknown,
  locale: Locale = 'en',
): Promise<CartView> {
  const { sku, quantity, queryID } = parseCartChange(body);
  const current = (await store.readCart(cartId)).find((line) => line.sku === sku)?.quantity ?? 0;
  await setLine(store, cartId, sku, current + quantity, queryID);
  return viewCart(store, cartId, locale);
}

/** Replaces the quantity of the line of `sku`; the line keeps its search (`queryID`). */
export async function changeQuantity(
  store: CartOrderStore,
  cartId: string,
  body: unknown,
  locale: Locale = 'en',
): Promise<CartView> {
  const { sku, quantity } = parseCartChange(body);
  await setLine(store, cartId, sku, quantity);
  return viewCart(store, cartId, locale);
}

export async function removeFromCart(
  store: CartOrderStore,
  cartId: string,
  body: unknown,
  locale: Locale = 'en',
): Promise<CartView> {
  const { sku } = parseCartRemoval(body);
  await store.removeCartLine(cartId, sku);
  return viewCart(store, cartId, locale);
}

async function setLine(
  store: CartOrderStore,
  cartId: string,
  sku: string,
  quantity: number,
  queryID?: string,
) {
  const variant = await store.findVariant(sku);
  // An unpublished product's variant answers as an unknown one: "This product is no longer available."
  if (!variant?.published) throw new CommerceError('unknown-variant');
  if (quantity > maxLineQuantity) throw new CommerceError('invalid-quantity');
  if (quantity > variant.stock)
    throw new CommerceError('not-enough-stock', { stock: variant.stock });
  await store.setCartQuantity(cartId, sku, quantity, queryID);
}
