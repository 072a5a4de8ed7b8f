import type { ProductLanguage } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cartItems, carts, orderItems, orders, products, variants } from './schema.ts';

/** A variant as the cart and checkout see it: the store's price and stock, never the browser's. */
export interface StoredVariant {
  readonly sku: string;
  readonly productId: string;
  readonly slug: string;
  readonly name: string;
  readonly color: string | null;
  readonly size: string | null;
  readonly priceCents: number;
  readonly stock: number;
  readonly imageUrl: string | null;
  /** False once the product is unpublished: the line stays in the cart but cannot be ordered. */
  readonly published: boolean;
}

export interface StoredCartLine extends StoredVariant {
  readonly quantity: number;
  /** The search that led to the line (Insights `queryID`), `null` when it was not added from a search. */
  readonly queryId: string | null;
}

export interface StoredOrderLine {
  readonly sku: string;
  readonly productId: string;
  readonly name: string;
  readonly color: string | null;
  readonly size: string | null;
  readonly unitPriceCents: number;
  readonly quantity: number;
  /** Copied from the cart line: the search the purchase is attributed to. */
  readonly queryId: string | null;
}

export interface StoredOrder {
  readonly id: string;
  readonly cartId: string | null;
  readonly email: string;
  readonly status: string;
  readonly currency: string;
  readonly totalCents: number;
  readonly requestHash: string;
  readonly details: Readonly<Record<string, string>>;
  readonly paymentMethod: string;
  readonly createdAt: string;
  readonly lines: readonly StoredOrderLine[];
}

export interface NewOrder {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly cartId: string;
  readonly email: string;
  readonly details: Readonly<Record<string, string>>;
  readonly paymentMethod: string;
  /** The language the shopper saw the cart in: each order line keeps the product's name in it. */
  readonly language?: ProductLanguage;
}

/** What `placeOrder` did. */
export type PlaceOrderOutcome =
  | { readonly status: 'placed'; readonly order: StoredOrder }
  | { readonly status: 'replayed'; readonly order: StoredOrder }
  | { readonly status: 'key-reused' }
  | { readonly status: 'empty-cart' }
  | { readonly status: 'out-of-stock'; readonly sku: string; readonly name: string }
  | { readonly status: 'unavailable'; readonly sku: string; readonly name: string };

/** Carts and orders: the half of the commerce store that shoppers write. */
export interface CartOrderStore {
  findVariant(sku: string): Promise<StoredVariant | undefined>;
  /**
   * The cart's lines with current prices and stock, in the order they were added; names and slugs in
   * `language` (English by default, and for a product without texts in it).
   */
  readCart(cartId: string, language?: ProductLanguage): Promise<StoredCartLine[]>;
  /**
   * Sets a line's quantity (creating the cart if needed); the caller has validated the quantity. A `queryId`
   * replaces the line's (the latest search that led to it wins); without one the line keeps its own.
   */
  setCartQuantity(cartId: string, sku: string, quantity: number, queryId?: string): Promise<void>;
  removeCartLine(cartId: string, sku: string): Promise<void>;
  /**
   * In ONE transaction: prices the cart from the catalogue, takes the stock (never below zero), writes the
   * order and empties the cart. A known idempotency key returns its order (same request hash) or
   * `key-reused`; a line without enough stock, or of an unpublished product (`unavailable`), fails the
   * whole order and changes nothing.
   */
  placeOrder(order: NewOrder): Promise<PlaceOrderOutcome>;
  findOrder(id: string): Promise<StoredOrder | undefined>;
  /**
   * Claims the order's one Insights purchase event: true the first time only (atomic, so two confirmation
   * pages loaded at once cannot both send it), false afterwards and for an unknown order.
   */
  claimPurchaseEvent(orderId: string): Promise<boolean>;
}

type Executor = Database['orm'];

/** A product's name or slug in `language` (`product_texts`), else its English one (`products`). */
function inLanguage(language: ProductLanguage, field: 'name' | 'slug', english: AnyPgColumn) {
  if (language === 'en') return sql<string>`${english}`;
  return sql<string>`COALESCE((SELECT t.${sql.raw(field)} FROM product_texts t
    WHERE t.product_id = ${variants.productId} AND t.language = ${language}), ${english})`;
}

class OutOfStock extends Error {
  override readonly name = 'OutOfStock';
  readonly sku: string;
  readonly productName: string;
  constructor(sku: string, productName: string) {
    super(`Not enough stock for ${sku}`);
    this.sku = sku;
    this.productName = productName;
  }
}

export function createCartOrderStore(orm: Executor): CartOrderStore {
  const variantColumns = (language: ProductLanguage = 'en') => ({
    sku: variants.sku,
    productId: variants.productId,
    slug: inLanguage(language, 'slug', products.slug),
    name: inLanguage(language, 'name', products.name),
    color: variants.color,
    size: variants.size,
    priceCents: variants.priceCents,
    stock: variants.stock,
    published: products.published,
    imageUrl: sql<
      string | null
    >`(SELECT i.url FROM product_images i WHERE i.product_id = ${variants.productId}
      AND (i.color IS NULL OR ${variants.color} IS NULL OR i.color = ${variants.color})
      ORDER BY i.position LIMIT 1)`,
  });
  const readCart = (executor: Executor, cartId: string, language?: ProductLanguage) =>
    executor
      .select({
        ...variantColumns(language),
        quantity: cartItems.quantity,
        queryId: cartItems.queryId,
      })
      .from(cartItems)
      .innerJoin(variants, eq(variants.sku, cartItems.sku))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.sku));
  return {
    findVariant: async (sku) => {
      const [row] = await orm
        .select(variantColumns())
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.sku, sku));
      return row;
    },
    readCart: (cartId, language) => readCart(orm, cartId, language),
    setCartQuantity: async (cartId, sku, quantity, queryId) => {
      await orm.transaction(async (tx) => {
        await tx
          .insert(carts)
          .values({ id: cartId })
          .onConflictDoUpdate({ target: carts.id, set: { updatedAt: sql`now()` } });
        await tx
          .insert(cartItems)
          .values({ cartId, sku, quantity, queryId: queryId ?? null })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.sku],
            set: queryId === undefined ? { quantity } : { quantity, queryId },
          });
      });
    },
    removeCartLine: async (cartId, sku) => {
      await orm.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.sku, sku)));
    },
    placeOrder: async (order) => {
      try {
        return await orm.transaction((tx) => placeOrderIn(tx, order, readCart));
      } catch (error) {
        if (error instanceof OutOfStock)
          return { status: 'out-of-stock', sku: error.sku, name: error.productName };
        // Two requests with one key raced: the loser's insert hit the unique key; the winner's order stands.
        if (databaseErrorCode(error) === '23505') return replayOf(orm, order);
        throw error;
      }
    },
    findOrder: (id) => findOrder(orm, id),
    claimPurchaseEvent: async (orderId) => {
      const claimed = await orm
        .update(orders)
        .set({ purchaseEventAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNull(orders.purchaseEventAt)))
        .returning({ id: orders.id });
      return claimed.length === 1;
    },
  };
}

async function placeOrderIn(
  tx: Executor,
  order: NewOrder,
  readCart: (
    executor: Executor,
    cartId: string,
    language?: ProductLanguage,
  ) => Promise<StoredCartLine[]>,
): Promise<PlaceOrderOutcome> {
  // Requests with one key wait for each other (a replay then finds the order), and so do two checkouts
  // of one cart (a double submit with two keys cannot sell the same lines twice).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7306102, hashtext(${order.idempotencyKey}))`);
  await tx.execute(sql`SELECT id FROM carts WHERE id = ${order.cartId} FOR UPDATE`);
  const existing = await replayOf(tx, order);
  if (existing.status !== 'empty-cart') return existing;
  const lines = await readCart(tx, order.cartId, order.language);
  if (lines.length === 0) return { status: 'empty-cart' };
  const unpublished = lines.find((line) => !line.published);
  if (unpublished) return { status: 'unavailable', sku: unpublished.sku, name: unpublished.name };
  // Rows are locked in SKU order so that two orders sharing variants cannot deadlock.
  for (const line of [...lines].sort((a, b) => a.sku.localeCompare(b.sku))) {
    const taken = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${line.quantity}` })
      .where(and(eq(variants.sku, line.sku), sql`${variants.stock} >= ${line.quantity}`))
      .returning({ sku: variants.sku });
    if (taken.length === 0) throw new OutOfStock(line.sku, line.name);
  }
  // The stock is part of the products' content: a new revision sends them to the search index (their
  // records' `inStock`), and a forgotten content hash makes the next import of them count as a change.
  await tx
    .update(products)
    .set({
      revision: sql`nextval('product_revisions')`,
      contentHash: null,
      inStock: sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = ${products.id} AND v.stock > 0)`,
    })
    .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))]));
  const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  await tx.insert(orders).values({
    id: order.id,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    cartId: order.cartId,
    email: order.email,
    details: { ...order.details },
    paymentMethod: order.paymentMethod,
    totalCents,
  });
  await tx.insert(orderItems).values(
    lines.map((line, position) => ({
      orderId: order.id,
      position,
      sku: line.sku,
      productId: line.productId,
      name: line.name,
      color: line.color,
      size: line.size,
      unitPriceCents: line.priceCents,
      quantity: line.quantity,
      queryId: line.queryId,
    })),
  );
  await tx.delete(cartItems).where(eq(cartItems.cartId, order.cartId));
  const placed = await findOrder(tx, order.id);
  if (!placed) throw new Error(`The order ${order.id} vanished inside its own transaction`);
  return { status: 'placed', order: placed };
}

/** The order an idempotency key already made: `replayed`, `key-reused`, or `empty-cart` when none. */
async function replayOf(executor: Executor, order: NewOrder): Promise<PlaceOrderOutcome> {
  const [row] = await executor
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, order.idempotencyKey));
  if (!row) return { status: 'empty-cart' };
  if (row.requestHash !== order.requestHash) return { status: 'key-reused' };
  const stored = await findOrder(executor, row.id);
  return stored ? { status: 'replayed', order: stored } : { status: 'key-reused' };
}

async function findOrder(executor: Executor, id: string): Promise<StoredOrder | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, id));
  if (!row) return undefined;
  const lines = await executor
    .select({
      sku: orderItems.sku,
      productId: orderItems.productId,
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      queryId: orderItems.queryId,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.position));
  return {
    id: row.id,
    cartId: row.cartId,
    email: row.email,
    status: row.status,
    currency: row.currency,
    totalCents: row.totalCents,
    requestHash: row.requestHash,
    details: row.details,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    lines,
  };
}

function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return undefined;
}
