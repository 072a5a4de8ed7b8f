import type { CatalogueProduct } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { and, asc, count, gt, inArray, type SQL, sql } from 'drizzle-orm';
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
  /** Records one pushed batch (one statement: a crash keeps or loses the whole batch). */
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

const pending = sql`${products.indexedRevision} IS DISTINCT FROM ${products.revision}`;

export function createSearchIndexStore(
  orm: Executor,
  readProductsIn: (tx: Executor, ids: readonly string[]) => Promise<CatalogueProduct[]>,
): SearchIndexStore {
  return {
    readIndexPage: (request) =>
      orm.transaction(
        async (tx) => {
          const conditions: SQL[] = [];
          if (request.pendingOnly) conditions.push(pending);
          if (request.after !== undefined) conditions.push(gt(products.id, request.after));
          const states = await tx
            .select({
              id: products.id,
              revision: products.revision,
              indexedRevision: products.indexedRevision,
              recordsHash: products.indexedRecordsHash,
              objectIds: products.indexedObjectIds,
            })
            .from(products)
            .where(and(...conditions))
            .orderBy(asc(products.id))
            .limit(request.limit);
          if (states.length === 0) return [];
          const read = await readProductsIn(
            tx,
            states.map((state) => state.id),
          );
          const byId = new Map(states.map((state) => [state.id, state]));
          return read.flatMap((product) => {
            const state = byId.get(product.id);
            return state ? [{ product, indexed: state }] : [];
          });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    markIndexed: async (marks) => {
      if (marks.length === 0) return;
      // The update adds every product's trigrams to the pending lists again: merge them a little at a time.
      await orm.transaction(async (tx) => {
        await tx.execute(smallTrigramPendingLists);
        await tx.execute(sql`
        UPDATE products
        SET indexed_revision = pushed.revision,
            indexed_records_hash = pushed.records_hash,
            indexed_object_ids = pushed.object_ids
        FROM jsonb_to_recordset(${JSON.stringify(
          marks.map((mark) => ({
            id: mark.id,
            revision: mark.revision,
            records_hash: mark.recordsHash,
            object_ids: mark.objectIds,
          })),
        )}::jsonb) AS pushed(id text, revision bigint, records_hash text, object_ids text[])
        WHERE products.id = pushed.id`);
      });
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
    countPendingProducts: async () => {
      const [row] = await orm
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(pending);
      return row?.total ?? 0;
    },
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
