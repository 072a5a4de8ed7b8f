import type { ProductAttributes } from '@vitrine/catalogue';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/*
 * Drizzle definitions of the storefront store. They mirror `migrations.ts` (the SQL that creates the
 * tables); keep both in step. Only `store/` imports this file (STYLE §3).
 */

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    /** English slug, name and description (the required language); the others are in `product_texts`. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    attributes: jsonb('attributes').$type<ProductAttributes>().notNull(),
    popularity: integer('popularity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** SHA-256 of the product as imported; `null` once an order changed its stock. */
    contentHash: text('content_hash'),
    /** Grows (from the `product_revisions` sequence) whenever the product's content changes. */
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('product_revisions')`),
    /** The revision the search index holds; `null` before the first push. */
    indexedRevision: bigint('indexed_revision', { mode: 'number' }),
    /** Hash of the records pushed, stock left out: equal means a stock change needs only a partial update. */
    indexedRecordsHash: text('indexed_records_hash'),
    /** The records' objectIDs pushed, so that a colour the product lost is deleted from the index. */
    indexedObjectIds: text('indexed_object_ids').array(),
    /** Whether shoppers see the product (the catalogue's `published`, true when absent). */
    published: boolean('published').notNull().default(true),
    /** Whether a variant has stock (kept by imports and orders): the console's "out of stock" filter. */
    inStock: boolean('in_stock').notNull().default(true),
  },
  (table) => [
    index('products_unpublished_idx').on(table.id).where(sql`NOT ${table.published}`),
    index('products_id_start_idx').on(sql`lower(${table.id}) text_pattern_ops`),
    index('products_out_of_stock_idx').on(table.id).where(sql`NOT ${table.inStock}`),
  ],
);

/** A product's name, slug and description in a language other than English (English stays in `products`). */
export const productTexts = pgTable(
  'product_texts',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.language] }),
    unique('product_texts_language_slug_key').on(table.language, table.slug),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    path: text('path').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

export const variants = pgTable(
  'variants',
  {
    sku: text('sku').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    color: text('color'),
    size: text('size'),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
  },
  (table) => [
    check('variants_price_cents_check', sql`${table.priceCents} >= 0`),
    check('variants_stock_check', sql`${table.stock} >= 0`),
    index('variants_product_id_idx').on(table.productId),
    index('variants_sku_start_idx').on(sql`lower(${table.sku}) text_pattern_ops`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    color: text('color'),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    author: text('author').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    rating: smallint('rating').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

export const productLinkKinds = ['related', 'upsell', 'cross_sell'] as const;
export type ProductLinkKind = (typeof productLinkKinds)[number];

export const productLinks = pgTable(
  'product_links',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: productLinkKinds }).notNull(),
    position: integer('position').notNull(),
    /** Not a foreign key: a catalogue may name a product that a later import brings. */
    linkedProductId: text('linked_product_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.kind, table.position] })],
);

/**
 * Product count and lead photo of every category path and each of its prefixes, rebuilt in the transaction
 * of every catalogue write (see `category-summaries.ts`): pages read these few rows, never the products.
 */
export const categorySummaries = pgTable('category_summaries', {
  path: text('path').array().primaryKey(),
  productCount: integer('product_count').notNull(),
  imageUrl: text('image_url'),
});

/** One row: `generation` grows with every catalogue write, so a process knows when its cached summaries are stale. */
export const catalogueState = pgTable('catalogue_state', {
  id: boolean('id').primaryKey().default(true),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  /** All products, and the published ones, as of the last catalogue write (the console list's totals). */
  productCount: integer('product_count').notNull().default(0),
  publishedCount: integer('published_count').notNull().default(0),
});

export const carts = pgTable('carts', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => variants.sku, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The search that led to this line (Insights `queryID`), `null` when it was not added from a search. */
    queryId: text('query_id'),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.sku] }),
    check('cart_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    /** Unguessable: the order page `/order/[id]` is reachable by whoever has the link. */
    id: text('id').primaryKey(),
    /** Makes checkout idempotent: a retried submission finds the order it already created. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    cartId: text('cart_id'),
    email: text('email').notNull(),
    status: text('status').notNull().default('placed'),
    currency: text('currency').notNull().default('EUR'),
    totalCents: integer('total_cents').notNull(),
    /** Fingerprint of the checkout request: the same idempotency key with another body is refused. */
    requestHash: text('request_hash').notNull().default(''),
    /** Contact and delivery details as the shopper entered them (validated by the checkout service). */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    paymentMethod: text('payment_method').notNull().default('pay_on_delivery'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the confirmation page claimed the order's one Insights purchase event; `null` until then. */
    purchaseEventAt: timestamp('purchase_event_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('orders_total_cents_check', sql`${table.totalCents} >= 0`)],
);

/** Order lines copy what was bought (name, price) so later catalogue changes never rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    size: text('size'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The search that led to the line, copied from the cart line. */
    queryId: text('query_id'),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check('order_items_unit_price_cents_check', sql`${table.unitPriceCents} >= 0`),
    check('order_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);
