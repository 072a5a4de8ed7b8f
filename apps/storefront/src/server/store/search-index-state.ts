import type { CatalogueProduct } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { and, asc, count, gt, inArray, sql } from 'drizzle-orm';
import { nextTurn } from './next-turn.ts';
import { countPending, findPendingIds, pendingCondition as pending } from './pending-products.ts';
import { products } from './schema.ts';
import { smallTrigramPendingLists } from './trigram-pending-lists.ts';

type Executor = Database['orm'];

/** What the search index holds of a product, as the last push recorded it. */
export interface IndexedCopy {
  /** The product's revision when it was read (what a push of it will record). */
  readonly revision: number;
  readonly indexedRevision: number | null;
  readonly recordsHash: string | null;
  readonly objectIds: readonly string[] | null;
}

export interface IndexPageProduct {
  readonly product: CatalogueProduct;
  readonly indexed: IndexedCopy;
}

/** A record, after a push, of what the index now holds of one product. */
export interface IndexedMark {
  readonly id: string;
  readonly revision: number;
  readonly recordsHash: string;
  readonly objectIds: readonly string[];
}

export interface IndexPageRequest {
  /** Products after this id (id order); from the first when absent. */
  readonly after?: string | undefined;
  readonly limit: number;
  /** Only products whose index copy is behind their revision (all products when false). */
  readonly pendingOnly: boolean;
}

/** The storefront's record of what the search index holds, product by product (issue #25, item 2). */
export interface SearchIndexStore {
  /** A page of products with their index state, read from one snapshot. */
  readIndexPage(request: IndexPageRequest): Promise<IndexPageProduct[]>;
  /**
   * Records one pushed batch, in parts of at most 125 products, each one statement and transaction (a crash
   * keeps or loses each part whole; a part lost is pushed again by the next sync).
   */
  markIndexed(marks: readonly IndexedMark[]): Promise<void>;
  /** Products whose index copy is behind. */
  countPendingProducts(): Promise<number>;
  /** Every product the store holds (what a full push sends). */
  countProducts(): Promise<number>;
  /**
   * The oldest removals of products (an import with `--replace`) not yet applied to the index: the objectIDs
   * to delete, leaving out those of a product imported again since (its new records are pushed as pending).
   */
  readRemovals(limit: number): Promise<IndexRemovals | undefined>;
  /** Forgets the removals up to `lastId` once the index no longer holds their records. */
  clearRemovals(lastId: number): Promise<void>;
}

export interface IndexRemovals {
  readonly lastId: number;
  readonly objectIds: readonly string[];
}

/**
 * Products whose rows one set of reads covers, and products one `markIndexed` statement records: each
 * statement runs on the storefront's thread (PGlite), and at 100,000 products the variants of 250 took up
 * to 76 ms and the update of 250 up to 96 ms (buffer misses, index upkeep), halved in parts of 125.
 */
const readPartSize = 125;
const markPartSize = 125;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    parts.push(items.slice(start, start + size));
  return parts;
}

export function createSearchIndexStore(
  orm: Executor,
  readProductsIn: (tx: Executor, ids: readonly string[]) => Promise<CatalogueProduct[]>,
  { pendingSliceSize }: { pendingSliceSize?: number } = {},
): SearchIndexStore {
  return {
    readIndexPage: async (request) => {
      // Pending products are found slice by slice first (bounded statements), then read with their index
      // state from one snapshot; a product marked or changed in between is read as it is then.
      const pendingIds = request.pendingOnly
        ? await findPendingIds(orm, request.after, request.limit, pendingSliceSize)
        : undefined;
      if (pendingIds?.length === 0) return [];
      return orm.transaction(
        async (tx) => {
          const where = pendingIds
            ? and(productIdIn(pendingIds), pending)
            : request.after === undefined
              ? undefined
              : gt(products.id, request.after);
          const states = await tx
            .select({
              id: products.id,
              revision: products.revision,
              indexedRevision: products.indexedRevision,
              recordsHash: products.indexedRecordsHash,
              objectIds: products.indexedObjectIds,
            })
            .from(products)
            .where(where)
            .orderBy(asc(products.id))
            .limit(request.limit);
          if (states.length === 0) return [];
          // The products' rows in parts: each of the seven reads of a part is one short statement.
          const read: CatalogueProduct[] = [];
          for (const part of chunks(states, readPartSize)) {
            read.push(
              ...(await readProductsIn(
                tx,
                part.map((state) => state.id),
              )),
            );
          }
          const byId = new Map(states.map((state) => [state.id, state]));
          return read.flatMap((product) => {
            const state = byId.get(product.id);
            return state ? [{ product, indexed: state }] : [];
          });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
    markIndexed: async (marks) => {
      // A part per transaction, a turn between two: pages are served meanwhile, and a crash in between keeps
      // the parts recorded (their records did reach the index) and leaves the rest pending.
      for (const [index, part] of chunks(marks, markPartSize).entries()) {
        if (index > 0) await nextTurn();
        // The update adds each product's trigrams to the pending lists again: merge them a little at a time.
        await orm.transaction(async (tx) => {
          await tx.execute(smallTrigramPendingLists);
          await tx.execute(sql`
          UPDATE products
          SET indexed_revision = pushed.revision,
              indexed_records_hash = pushed.records_hash,
              indexed_object_ids = pushed.object_ids
          FROM jsonb_to_recordset(${JSON.stringify(
            part.map((mark) => ({
              id: mark.id,
              revision: mark.revision,
              records_hash: mark.recordsHash,
              object_ids: mark.objectIds,
            })),
          )}::jsonb) AS pushed(id text, revision bigint, records_hash text, object_ids text[])
          WHERE products.id = pushed.id`);
        });
      }
    },
    readRemovals: async (limit) => {
      const result = (await orm.execute(sql`
        SELECT r.id::int AS id, r.object_ids,
               EXISTS (SELECT 1 FROM products p WHERE p.id = r.product_id) AS back
        FROM search_index_removals r ORDER BY r.id LIMIT ${limit}`)) as {
        rows: { id: number; object_ids: string[]; back: boolean }[];
      };
      const last = result.rows.at(-1);
      if (!last) return undefined;
      return {
        lastId: last.id,
        objectIds: result.rows.flatMap((row) => (row.back ? [] : row.object_ids)),
      };
    },
    clearRemovals: async (lastId) => {
      await orm.execute(sql`DELETE FROM search_index_removals WHERE id <= ${lastId}`);
    },
    countPendingProducts: () => countPending(orm, pendingSliceSize),
    countProducts: async () => {
      const [row] = await orm.select({ total: count() }).from(products);
      return row?.total ?? 0;
    },
  };
}

/** Products whose id is one of `ids` (a `WHERE` for reads by key). */
export function productIdIn(ids: readonly string[]) {
  return inArray(products.id, [...ids]);
}
