import type { CatalogueProduct, ProductLanguage } from '@vitrine/catalogue';
import { type Database, openDatabase } from '@vitrine/database';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CategorySummary } from '../../lib/catalogue/category-tree.ts';
import { type CartOrderStore, createCartOrderStore } from './cart-order-store.ts';
import { catalogueVersionOf } from './catalogue-version.ts';
import { createCategoryReader, refreshCategorySummaries } from './category-summaries.ts';
import { storefrontMigrations } from './migrations.ts';
import { fromRows, type ProductRows, type StoredRows, toRows } from './product-rows.ts';
import {
  productCategories,
  productImages,
  productLinks,
  productReviews,
  products,
  productTexts,
  variants,
} from './schema.ts';
import {
  createSearchIndexStore,
  productIdIn,
  type SearchIndexStore,
} from './search-index-state.ts';

/**
 * The storefront's commerce truth: products with their variants, stock, photos, reviews and links
 * (and, from the commerce issue on, carts and orders). One implementation over Drizzle serves both
 * engines: embedded PGlite by default, a PostgreSQL server when `DATABASE_URL` is set.
 */
export interface CommerceStore extends CartOrderStore, SearchIndexStore {
  readonly kind: Database['kind'];
  /** Every product, in id order, read from one consistent snapshot. */
  loadProducts(): Promise<CatalogueProduct[]>;
  /** The product whose slug in `language` is `slug` (English by default). */
  getProductBySlug(slug: string, language?: ProductLanguage): Promise<CatalogueProduct | undefined>;
  countProducts(): Promise<number>;
  /**
   * Inserts or replaces products (and all their rows) in ONE transaction: a failure leaves the store as
   * it was. Products absent from the list are kept. Throws `CatalogueConflictError` when a slug or SKU is
   * already taken by another product.
   */
  upsertProducts(catalogue: readonly CatalogueProduct[]): Promise<void>;
  /**
   * Writes the products in one transaction only if the store holds none, and says whether it did.
   * Instances starting together on one PostgreSQL server seed once: the check and the write run under a lock.
   */
  seedProducts(catalogue: readonly CatalogueProduct[]): Promise<boolean>;
  /**
   * Product count and lead photo of every category path and each of its prefixes: summaries kept by
   * every catalogue write, read again only after one (a page reads one row, whatever the catalogue's size).
   */
  listCategories(): Promise<CategorySummary[]>;
  /** Fingerprint of the stored catalogue (see `catalogueVersionOf`). */
  catalogueVersion(): Promise<string>;
  close(): Promise<void>;
}

/** A write that would give a slug or SKU to two products; nothing was written. */
export class CatalogueConflictError extends Error {
  override readonly name = 'CatalogueConflictError';
}

export interface OpenCommerceStoreOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
}

/** Opens (and migrates) the store in `<dataDir>/storefront`, or on PostgreSQL when `databaseUrl` is set. */
export async function openCommerceStore(options: OpenCommerceStoreOptions): Promise<CommerceStore> {
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    name: 'storefront',
    migrations: storefrontMigrations,
  });
  return createCommerceStore(database);
}

type Executor = Database['orm'];

/** Serializes catalogue writes across instances sharing one PostgreSQL server. */
const catalogueWriteLock = sql`SELECT pg_advisory_xact_lock(7306101)`;

/** Builds the store over an opened, migrated database (tests share one database and empty it between tests). */
export function createCommerceStore(database: Database): CommerceStore {
  const { orm } = database;
  const readProducts = (where?: SQL) =>
    orm.transaction(async (tx) => fromRows(await readRows(tx, where)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  return {
    ...createCartOrderStore(orm),
    ...createSearchIndexStore(orm, async (tx, ids) =>
      fromRows(await readRows(tx, productIdIn(ids))),
    ),
    kind: database.kind,
    loadProducts: () => readProducts(),
    getProductBySlug: async (slug, language = 'en') => {
      const [product] = await readProducts(
        language === 'en'
          ? eq(products.slug, slug)
          : inArray(
              products.id,
              orm
                .select({ id: productTexts.productId })
                .from(productTexts)
                .where(and(eq(productTexts.language, language), eq(productTexts.slug, slug))),
            ),
      );
      return product;
    },
    countProducts: async () => {
      const [row] = await orm.select({ total: count() }).from(products);
      return row?.total ?? 0;
    },
    upsertProducts: async (catalogue) => {
      await orm.transaction(async (tx) => {
        await tx.execute(catalogueWriteLock);
        await writeProducts(tx, toRows(catalogue));
        await refreshCategorySummaries(tx);
      });
    },
    seedProducts: (catalogue) =>
      orm.transaction(async (tx) => {
        await tx.execute(catalogueWriteLock);
        const [row] = await tx.select({ total: count() }).from(products);
        if ((row?.total ?? 0) > 0) return false;
        await writeProducts(tx, toRows(catalogue));
        await refreshCategorySummaries(tx);
        return true;
      }),
    listCategories: createCategoryReader(orm),
    catalogueVersion: async () => catalogueVersionOf(await readProducts()),
    close: () => database.close(),
  };
}

/** Reads products (all, or those matching `where`) and their child rows, each ordered by product then position. */
async function readRows(tx: Executor, where: SQL | undefined): Promise<StoredRows> {
  const productRows = await tx.select().from(products).where(where).orderBy(asc(products.id));
  const ids = productRows.map((row) => row.id);
  // By key, through each table's (product_id, …) primary key; a set-returning function here made the
  // planner guess 100 ids and scan the whole child tables instead.
  const ofProducts = (productId: AnyPgColumn) =>
    where ? (ids.length > 0 ? inArray(productId, ids) : sql`false`) : undefined;
  return {
    products: productRows,
    texts: await tx
      .select()
      .from(productTexts)
      .where(ofProducts(productTexts.productId))
      .orderBy(asc(productTexts.productId), asc(productTexts.language)),
    categories: await tx
      .select()
      .from(productCategories)
      .where(ofProducts(productCategories.productId))
      .orderBy(asc(productCategories.productId), asc(productCategories.position)),
    variants: await tx
      .select()
      .from(variants)
      .where(ofProducts(variants.productId))
      .orderBy(asc(variants.productId), asc(variants.position)),
    images: await tx
      .select()
      .from(productImages)
      .where(ofProducts(productImages.productId))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
    reviews: await tx
      .select()
      .from(productReviews)
      .where(ofProducts(productReviews.productId))
      .orderBy(asc(productReviews.productId), asc(productReviews.position)),
    links: await tx
      .select()
      .from(productLinks)
      .where(ofProducts(productLinks.productId))
      .orderBy(asc(productLinks.productId), asc(productLinks.kind), asc(productLinks.position)),
  };
}

/**
 * Writes products and replaces their child rows. Variants are upserted by SKU rather than deleted and
 * re-inserted, so cart lines that point at a SKU survive a re-import of its product.
 */
async function writeProducts(tx: Executor, rows: ProductRows): Promise<void> {
  try {
    for (const chunk of chunks(rows.products, 9)) {
      await tx
        .insert(products)
        .values(chunk)
        .onConflictDoUpdate({
          target: products.id,
          set: {
            ...excluded([
              'slug',
              'name',
              'description',
              'brand',
              'attributes',
              'popularity',
              'created_at',
            ]),
            updatedAt: sql`now()`,
            // A new revision only when the content changed: the search sync pushes that product again.
            revision: sql`CASE WHEN products.content_hash IS DISTINCT FROM excluded.content_hash
              THEN nextval('product_revisions') ELSE products.revision END`,
            contentHash: sql.raw('excluded.content_hash'),
          },
        });
    }
    const ids = JSON.stringify(rows.products.map((row) => row.id));
    const skus = JSON.stringify(rows.variants.map((row) => row.sku));
    for (const table of [
      'product_texts',
      'product_categories',
      'product_images',
      'product_reviews',
      'product_links',
    ]) {
      await tx.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE product_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))`,
      );
    }
    await tx.execute(
      sql`DELETE FROM variants WHERE product_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))
          AND sku NOT IN (SELECT jsonb_array_elements_text(${skus}::jsonb))`,
    );
    for (const chunk of chunks(rows.variants, 7)) {
      await tx
        .insert(variants)
        .values(chunk)
        .onConflictDoUpdate({
          target: variants.sku,
          set: excluded(['product_id', 'position', 'color', 'size', 'price_cents', 'stock']),
        });
    }
    await insertAll(tx, productTexts, rows.texts, 5);
    await insertAll(tx, productCategories, rows.categories, 3);
    await insertAll(tx, productImages, rows.images, 4);
    await insertAll(tx, productReviews, rows.reviews, 6);
    await insertAll(tx, productLinks, rows.links, 4);
  } catch (error) {
    const code = databaseErrorCode(error);
    if (code === '23505') {
      throw new CatalogueConflictError(
        `The catalogue gives a slug or SKU that another product already has: ${databaseErrorDetail(error)}`,
        { cause: error },
      );
    }
    throw error;
  }
}

async function insertAll<TTable extends PgTable>(
  tx: Executor,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
  columnCount: number,
): Promise<void> {
  for (const chunk of chunks(rows, columnCount)) await tx.insert(table).values(chunk);
}

/** `SET column = excluded.column` for an upsert. */
function excluded(columns: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(
    columns.map((column) => [snakeToCamel(column), sql.raw(`excluded.${column}`)]),
  );
}

function snakeToCamel(column: string): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Splits rows so that one statement stays well under PostgreSQL's 65,535 bind parameters. */
function* chunks<TRow>(rows: readonly TRow[], columnCount: number): Generator<TRow[]> {
  const size = Math.max(1, Math.floor(30_000 / columnCount));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The SQLSTATE of a database error, looked up through Drizzle's wrapping (`cause`). */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return undefined;
}

function databaseErrorDetail(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('detail' in current && typeof current.detail === 'string') return current.detail;
  }
  return error instanceof Error ? error.message : String(error);
}
