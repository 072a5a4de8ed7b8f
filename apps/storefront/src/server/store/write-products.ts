import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import type { ImportBatch, RecordPlace } from './import-batch.ts';
import { insertJsonRows } from './json-insert.ts';
import {
  productCategories,
  productImages,
  productLinks,
  productReviews,
  products,
  productTexts,
  variants,
} from './schema.ts';

type Executor = Database['orm'];

/** Variants of the file that would take a SKU from a stored product the file does not hold; nothing was written. */
export class SkuTakenError extends Error {
  override readonly name = 'SkuTakenError';
  readonly taken: readonly SkuMove[];
  constructor(taken: readonly SkuMove[]) {
    super(
      `The catalogue gives SKUs of stored products it does not hold to other products: ${taken
        .map((move) => `${move.sku} (${move.owner})`)
        .join(', ')}`,
    );
    this.taken = taken;
  }
}

/** A SKU that a write gives to `taker` (its variant at `variantPosition`) while `owner` holds it. */
export interface SkuMove {
  readonly sku: string;
  readonly owner: string;
  readonly taker: string;
  readonly variantPosition: number;
  /** Where the taking product is in the file, when the write came from one. */
  readonly place?: RecordPlace | undefined;
}

/** A write that would give a slug or SKU to two products; nothing was written. */
export class CatalogueConflictError extends Error {
  override readonly name = 'CatalogueConflictError';
  /** What the database says of the conflict (`Key (slug)=(juno-jacket) already exists.`). */
  readonly detail: string;
  constructor(detail: string, options?: ErrorOptions) {
    super(`The catalogue gives a slug or SKU that another product already has: ${detail}`, options);
    this.detail = detail;
  }
}

export interface WriteOptions {
  /** PGlite: the child rows skip their per-row foreign-key checks (see `withoutRowChecks`). */
  readonly trustedChildren: boolean;
  /** The store held no product when the write began: every row is inserted, nothing looked up. */
  readonly allNew: boolean;
  /** Runs between the statements (an import passes `nextTurn`). */
  readonly between?: () => Promise<void>;
}

/**
 * Writes products and replaces their child rows, and returns the SKUs it took from other products. Variants
 * are upserted by SKU rather than deleted and re-inserted, so cart lines that point at a SKU survive a
 * re-import of its product. Only the products the store held already have child rows to delete: a first
 * import runs no delete and no upsert at all (`allNew`). Whether a SKU taken from another product is allowed
 * depends on the whole write (that product may come later in the file): the caller decides.
 */
export async function writeProducts(
  tx: Executor,
  batch: ImportBatch,
  { trustedChildren, allNew, between = async () => {} }: WriteOptions,
): Promise<SkuMove[]> {
  const { rows } = batch;
  try {
    let moves: SkuMove[] = [];
    if (allNew) {
      await insertJsonRows(tx, products, rows.products);
    } else {
      const stored = await withoutBitmapScans(tx, () =>
        storedIdsAmong(tx, JSON.stringify(batch.ids)),
      );
      await insertJsonRows(tx, products, rows.products, {
        target: 'id',
        // A new revision only when the content changed: the search sync pushes that product again.
        also: sql`updated_at = now(),
        revision = CASE WHEN products.content_hash IS DISTINCT FROM excluded.content_hash
          THEN nextval('product_revisions') ELSE products.revision END`,
      });
      await between();
      if (stored !== '[]') await deleteChildRows(tx, stored, rows.variants?.json ?? '[]');
      moves = await withoutBitmapScans(tx, () => skusTakenFromOthers(tx, batch));
    }
    const insertChildren = async () => {
      await insertJsonRows(tx, variants, rows.variants, allNew ? undefined : { target: 'sku' });
      await between();
      await insertJsonRows(tx, productTexts, rows.texts);
      await insertJsonRows(tx, productCategories, rows.categories);
      await between();
      await insertJsonRows(tx, productImages, rows.images);
      await insertJsonRows(tx, productReviews, rows.reviews);
      await between();
      await insertJsonRows(tx, productLinks, rows.links);
    };
    if (trustedChildren) await withoutRowChecks(tx, insertChildren);
    else await insertChildren();
    return moves;
  } catch (error) {
    const code = databaseErrorCode(error);
    if (code === '23505') {
      throw new CatalogueConflictError(databaseErrorDetail(error), { cause: error });
    }
    throw error;
  }
}

export async function holdsNoProducts(tx: Executor): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM products) AS empty`)) as {
    rows: { empty: boolean }[];
  };
  return result.rows[0]?.empty === true;
}

/** The batch's variants whose SKU another product holds (read before the batch's upsert moves them). */
async function skusTakenFromOthers(tx: Executor, batch: ImportBatch): Promise<SkuMove[]> {
  const json = batch.rows.variants?.json;
  if (json === undefined) return [];
  const result = (await tx.execute(sql`
    SELECT v.sku, v.product_id AS owner, r.product_id AS taker, r.position
    FROM jsonb_to_recordset(${json}::jsonb) AS r(sku text, product_id text, position integer)
    JOIN variants v ON v.sku = r.sku
    WHERE v.product_id <> r.product_id`)) as {
    rows: { sku: string; owner: string; taker: string; position: number }[];
  };
  return result.rows.map((row) => ({
    sku: row.sku,
    owner: row.owner,
    taker: row.taker,
    variantPosition: row.position,
    place: batch.places[batch.ids.indexOf(row.taker)],
  }));
}

/** The moves that took a SKU from a product the write does not hold (`ids`): that product would lose it. */
export function movesFromOthers(moves: readonly SkuMove[], ids: readonly string[]): SkuMove[] {
  if (moves.length === 0) return [];
  const held = new Set(ids);
  return moves.filter((move) => !held.has(move.owner));
}

/**
 * Runs look-ups by key with bitmap scans off, so that they go through the primary keys: PostgreSQL's planner
 * takes the console's trigram GIN indexes (`products_id_trgm_idx`, which serve `=` too) for `id = …` with
 * its default estimate of 100 ids, and each id then costs a few milliseconds (500 ids: 1.6 s against 2 ms
 * at 5,000 products, growing with the catalogue): a 20,000-product import took 5 minutes on PostgreSQL.
 * GIN is only ever read through bitmap scans.
 */
async function withoutBitmapScans<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
  const result = await work();
  await tx.execute(sql`RESET enable_bitmapscan`);
  return result;
}

/** The ids (a JSON array) among `ids` (a JSON array) that the store holds, read by key. */
async function storedIdsAmong(tx: Executor, ids: string): Promise<string> {
  const result = (await tx.execute(sql`
    SELECT coalesce(jsonb_agg(id), '[]'::jsonb)::text AS ids FROM products
    WHERE id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))`)) as {
    rows: { ids: string }[];
  };
  return result.rows[0]?.ids ?? '[]';
}

/**
 * Deletes the child rows of the stored products `ids` (a JSON array), and their variants the batch drops
 * (`variantRows`: the batch's variants as a JSON array of rows).
 */
async function deleteChildRows(tx: Executor, ids: string, variantRows: string): Promise<void> {
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
        AND sku NOT IN (SELECT sku FROM jsonb_to_recordset(${variantRows}::jsonb) AS r(sku text))`,
  );
}

/**
 * Runs `work` with the foreign-key triggers off (`session_replication_role = replica`, for this transaction
 * only), then turns them back on. For child rows built by `toRows` from the products written just before
 * in the same transaction: their `product_id` exists by construction, and checking it row by row was half
 * of a large import's time on PGlite (200,000 variants of 20,000 products: 2.8 s instead of 6.3 s).
 * PGlite's only user is a superuser, who may set it; a PostgreSQL server's role may not, so it keeps the
 * checks. Cascading deletes are triggers too: none may run inside `work`.
 */
async function withoutRowChecks(tx: Executor, work: () => Promise<void>): Promise<void> {
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  await work();
  await tx.execute(sql`SET LOCAL session_replication_role = origin`);
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
