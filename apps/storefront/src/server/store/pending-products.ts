import type { Database } from '@vitrine/database';
import { type SQL, sql } from 'drizzle-orm';
import { nextTurn } from './next-turn.ts';

type Executor = Database['orm'];

/** Products whose index copy is behind their revision (what the partial index `products_unindexed_idx` holds). */
export const pendingCondition = sql`indexed_revision IS DISTINCT FROM revision`;

/**
 * Products, in id order, that one statement looks through for pending ones. A push marks each product it
 * sent (`markIndexed`), an update that leaves the partial index an entry pointing at a dead row: PGlite runs
 * no vacuum, so the first read after a full push of 100,000 products walked 100,000 dead entries and their
 * rows in one statement (261 ms on the storefront's thread). Bounded to a slice of the primary key, each
 * statement walks at most this many products' entries (and each dead entry once: the walk marks it dead
 * for the next), whatever the catalogue's size.
 */
export const pendingSliceSize = 2000;

/**
 * One slice: the last id of the `sliceSize` products after `after` (`upper`, null past the last product), and
 * the first `limit` pending products up to it. Always one row, with `id` null when none is pending there.
 */
export function pendingSliceQuery(
  after: string | undefined,
  limit: number,
  sliceSize: number = pendingSliceSize,
): SQL {
  const afterCursor = after === undefined ? sql`true` : sql`id > ${after}`;
  return sql`
    WITH slice AS (SELECT id FROM products WHERE ${afterCursor} ORDER BY id LIMIT ${sliceSize}),
         bound AS (SELECT max(id) AS upper FROM slice)
    SELECT bound.upper, pending.id FROM bound LEFT JOIN LATERAL (
      SELECT id FROM products
      WHERE ${pendingCondition} AND ${afterCursor} AND id <= bound.upper
      ORDER BY id LIMIT ${limit}) pending ON true`;
}

/**
 * The ids of the first `limit` pending products after `after`, found slice by slice: one short statement
 * per slice, a turn of the event loop between two (pages and API calls are served meanwhile).
 */
export async function findPendingIds(
  orm: Executor,
  after: string | undefined,
  limit: number,
  sliceSize: number = pendingSliceSize,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor = after;
  while (ids.length < limit) {
    const slice = await readSlice(orm, cursor, limit - ids.length, sliceSize);
    ids.push(...slice.ids);
    if (slice.upper === null) break;
    cursor = slice.upper;
    await nextTurn();
  }
  return ids;
}

/** How many products are pending, counted slice by slice (each slice's pending ids read, as above). */
export async function countPending(
  orm: Executor,
  sliceSize: number = pendingSliceSize,
): Promise<number> {
  let total = 0;
  let cursor: string | undefined;
  for (;;) {
    const slice = await readSlice(orm, cursor, sliceSize, sliceSize);
    total += slice.ids.length;
    if (slice.upper === null) return total;
    cursor = slice.upper;
    await nextTurn();
  }
}

async function readSlice(
  orm: Executor,
  after: string | undefined,
  limit: number,
  sliceSize: number,
): Promise<{ upper: string | null; ids: string[] }> {
  const { rows } = (await orm.execute(pendingSliceQuery(after, limit, sliceSize))) as {
    rows: { upper: string | null; id: string | null }[];
  };
  return {
    upper: rows[0]?.upper ?? null,
    ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])),
  };
}
