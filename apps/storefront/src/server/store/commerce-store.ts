import type { CatalogueProduct, ProductLanguage } from '@vitrine/catalogue';
import { type Database, openDatabase } from '@vitrine/database';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CategorySummary } from '../../lib/catalogue/category-tree.ts';
import { type AuditLogStore, createAuditLogStore } from './audit-log-store.ts';
import { type CartOrderStore, createCartOrderStore } from './cart-order-store.ts';
import { createCategoryReader, refreshCategorySummaries } from './category-summaries.ts';
import { type ImportBatch, prepareImportBatch } from './import-batch.ts';
import {
  type ImportedCount,
  type ImportProductsOptions,
  importBatches,
} from './import-products.ts';
import { storefrontMigrations } from './migrations.ts';
import { nextTurn } from './next-turn.ts';
import { refreshStatisticsAfterWrite } from './planner-statistics.ts';
import { createProductListStore, type ProductListStore } from './product-list.ts';
import {
  createProductNamesReader,
  type ProductNames,
  type ProductNamesRequest,
} from './product-names.ts';
import { fromRows, type StoredRows } from './product-rows.ts';
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
import { mergePendingTrigrams } from './trigram-pending-lists.ts';
import { CatalogueConflictError, movesFromOthers, writeProducts } from './write-products.ts';

export type { ImportedCount, ImportProductsOptions } from './import-products.ts';
export { CatalogueConflictError, type SkuMove, SkuTakenError } from './write-products.ts';

/**
 * The storefront's commerce truth: products with their variants, stock, photos, reviews and links
 * (and, from the commerce issue on, carts and orders). One implementation over Drizzle serves both
 * engines: embedded PGlite by default, a PostgreSQL server when `DATABASE_URL` is set.
 */
export interface CommerceStore
  extends CartOrderStore,
    SearchIndexStore,
    AuditLogStore,
    ProductListStore {
  readonly kind: Database['kind'];
  /** Every product, in id order, read from one consistent snapshot. */
  loadProducts(): Promise<CatalogueProduct[]>;
  /** The product whose slug in `language` is `slug` (English by default). */
  getProductBySlug(slug: string, language?: ProductLanguage): Promise<CatalogueProduct | undefined>;
  /** The products of these ids, in id order (unknown ids are left out), read by key. */
  getProductsByIds(ids: readonly string[]): Promise<CatalogueProduct[]>;
  countProducts(): Promise<number>;
  /**
   * Inserts or replaces products (and all their rows) in ONE transaction: a failure leaves the store as
   * it was. Products absent from the list are kept. Throws `CatalogueConflictError` when a slug or SKU is
   * already taken by another product.
   */
  upsertProducts(catalogue: readonly CatalogueProduct[]): Promise<void>;
  /**
   * Writes a catalogue as it streams in, batch by batch, in ONE transaction: when `batches` throws (a bad
   * record further on) or a write fails, nothing is applied. With `replace`, products absent from the
   * batches are removed (and their records noted for removal from the search index). A SKU may pass from
   * one product to another only when the file holds both (or `replace` removes the first): else
   * `SkuTakenError`, with the taking records. Slugs: same conflicts as `upsertProducts`.
   */
  importProducts(
    batches: AsyncIterable<ImportBatch | readonly CatalogueProduct[]>,
    options: ImportProductsOptions,
  ): Promise<ImportedCount>;
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
  /** A page of products' brands and names (no other table), in id order: what Query Suggestions seeds count. */
  readProductNames(request: ProductNamesRequest): Promise<ProductNames[]>;
  /**
   * Fingerprint of the stored catalogue: each product's id and content hash (its revision once an order
   * changed its stock), in id order, hashed by the database. Equal catalogues give equal versions whatever
   * order they were imported in; computing it reads one column of the products, never the catalogue.
   */
  catalogueVersion(): Promise<string>;
  close(): Promise<void>;
}

export interface OpenCommerceStoreOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** PGlite: this process imports in bulk with the store to itself (`OpenDatabaseOptions.pgliteBulkWrite`). */
  readonly bulkWrite?: boolean | undefined;
}

/** Opens (and migrates) the store in `<dataDir>/storefront`, or on PostgreSQL when `databaseUrl` is set. */
export async function openCommerceStore(options: OpenCommerceStoreOptions): Promise<CommerceStore> {
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    name: 'storefront',
    migrations: storefrontMigrations,
    pgliteBulkWrite: options.bulkWrite,
  });
  // A store imported before the statistics were kept up to date gets them once.
  await refreshStatisticsAfterWrite(database.orm, 0);
  // What an import left in the trigram indexes' pending lists (up to 4 MB each) is merged now, before the
  // store serves, rather than by the first write of the index sync in one turn of the event loop.
  await mergePendingTrigrams(database.orm);
  return createCommerceStore(database);
}

type Executor = Database['orm'];

/** Serializes catalogue writes across instances sharing one PostgreSQL server. */
const catalogueWriteLock = sql`SELECT pg_advisory_xact_lock(7306101)`;

/** Builds the store over an opened, migrated database (tests share one database and empty it between tests). */
export function createCommerceStore(database: Database): CommerceStore {
  const { orm } = database;
  const trustedChildren = database.kind === 'pglite';
  const readProducts = (where?: SQL) =>
    orm.transaction(async (tx) => fromRows(await readRows(tx, where)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  return {
    ...createCartOrderStore(orm),
    ...createAuditLogStore(database),
    ...createSearchIndexStore(orm, async (tx, ids) =>
      fromRows(await readRows(tx, productIdIn(ids), nextTurn)),
    ),
    ...createProductListStore(orm, async (tx, ids) =>
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
    getProductsByIds: (ids) =>
      ids.length === 0 ? Promise.resolve([]) : readProducts(productIdIn(ids)),
    upsertProducts: async (catalogue) => {
      await orm.transaction(async (tx) => {
        await tx.execute(catalogueWriteLock);
        const moves = await writeProducts(tx, prepareImportBatch(catalogue), {
          trustedChildren,
          allNew: false,
        });
        const [taken] = movesFromOthers(
          moves,
          catalogue.map((product) => product.id),
        );
        if (taken) throw new CatalogueConflictError(`Key (sku)=(${taken.sku}) already exists.`);
        await refreshCategorySummaries(tx);
      });
    },
    importProducts: (batches, options) =>
      orm.transaction(async (tx) => {
        await tx.execute(catalogueWriteLock);
        return importBatches(tx, batches, options, database.kind);
      }),
    seedProducts: (catalogue) =>
      orm.transaction(async (tx) => {
        await tx.execute(catalogueWriteLock);
        const [row] = await tx.select({ total: count() }).from(products);
        if ((row?.total ?? 0) > 0) return false;
        await writeProducts(tx, prepareImportBatch(catalogue), { trustedChildren, allNew: true });
        await refreshCategorySummaries(tx);
        await refreshStatisticsAfterWrite(tx, catalogue.length);
        return true;
      }),
    listCategories: createCategoryReader(orm),
    readProductNames: createProductNamesReader(orm),
    catalogueVersion: async () => {
      const [row] = await database.rows<{ version: string }>(sql`
        SELECT encode(sha256(convert_to(coalesce(string_agg(
          id || ':' || coalesce(content_hash, 'revision ' || revision), ',' ORDER BY id), ''), 'UTF8')), 'hex') AS version
        FROM products`);
      return row?.version ?? '';
    },
    close: () => database.close(),
  };
}

/**
 * Reads products (all, or those matching `where`) and their child rows, each ordered by product then
 * position. `between` runs after each of its seven queries: the index sync passes `nextTurn`, so that
 * requests are served between the queries of a page rather than after all of them (PGlite answers on
 * this thread, and a chain of awaited queries never gives the event loop a turn by itself).
 */
async function readRows(
  tx: Executor,
  where: SQL | undefined,
  between: () => Promise<void> = async () => {},
): Promise<StoredRows> {
  const productRows = await tx.select().from(products).where(where).orderBy(asc(products.id));
  await between();
  const ids = productRows.map((row) => row.id);
  // By key, through each table's (product_id, …) primary key; a set-returning function here made the
  // planner guess 100 ids and scan the whole child tables instead.
  const ofProducts = (productId: AnyPgColumn) =>
    where ? (ids.length > 0 ? inArray(productId, ids) : sql`false`) : undefined;
  const read = async <TRow>(query: Promise<TRow[]>): Promise<TRow[]> => {
    const rows = await query;
    await between();
    return rows;
  };
  return {
    products: productRows,
    texts: await read(
      tx
        .select()
        .from(productTexts)
        .where(ofProducts(productTexts.productId))
        .orderBy(asc(productTexts.productId), asc(productTexts.language)),
    ),
    categories: await read(
      tx
        .select()
        .from(productCategories)
        .where(ofProducts(productCategories.productId))
        .orderBy(asc(productCategories.productId), asc(productCategories.position)),
    ),
    variants: await read(
      tx
        .select()
        .from(variants)
        .where(ofProducts(variants.productId))
        .orderBy(asc(variants.productId), asc(variants.position)),
    ),
    images: await read(
      tx
        .select()
        .from(productImages)
        .where(ofProducts(productImages.productId))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ),
    reviews: await read(
      tx
        .select()
        .from(productReviews)
        .where(ofProducts(productReviews.productId))
        .orderBy(asc(productReviews.productId), asc(productReviews.position)),
    ),
    links: await read(
      tx
        .select()
        .from(productLinks)
        .where(ofProducts(productLinks.productId))
        .orderBy(asc(productLinks.productId), asc(productLinks.kind), asc(productLinks.position)),
    ),
  };
}
