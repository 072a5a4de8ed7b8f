/**
 * Deleting and copying an index's entries a chunk at a time. PGlite runs each statement on the service's own
 * thread: one `DELETE` or `INSERT … SELECT` over 240,000 records held it for 37 s (a `replaceAllObjects` moving
 * its temporary index over the live one, bench/http/indexing.ts). In chunks of `entriesPerChunk` objectIDs
 * (ranges of the primary key, so each chunk is an index range scan) with the event loop given back between them,
 * requests are answered meanwhile (decision 0016). All of it still runs in the write's one transaction.
 */
import type { Orm } from '@vitrine/database';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { recordsTable } from './schema.ts';

type EntryTable = typeof recordsTable;

const entriesPerChunk = 1000;

/** Calls `each` with consecutive objectID ranges `(after, last]` covering the index's entries, in key order. */
async function forEachRange(
  orm: Orm,
  table: EntryTable,
  index: string,
  each: (range: SQL) => Promise<void>,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const rows = await orm
      .select({ objectId: table.objectId })
      .from(table)
      .where(
        and(
          eq(table.indexName, index),
          after === undefined ? undefined : gt(table.objectId, after),
        ),
      )
      .orderBy(asc(table.objectId))
      .limit(entriesPerChunk);
    const last = rows.at(-1)?.objectId;
    if (last === undefined) return;
    const range = and(
      eq(table.indexName, index),
      after === undefined ? undefined : gt(table.objectId, after),
      lte(table.objectId, last),
    );
    if (range) await each(range);
    after = last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes every entry of `index` from `table`. */
export async function deleteAllEntries(orm: Orm, table: EntryTable, index: string): Promise<void> {
  await forEachRange(orm, table, index, async (range) => {
    await orm.delete(table).where(range);
  });
}

/**
 * Replaces `destination`'s entries with a copy of `source`'s. The copies keep their source's `position`: the
 * order of records (ranking ties) is the source's, and later writes (new positions) come after them.
 */
export async function copyAllEntries(
  orm: Orm,
  table: EntryTable,
  source: string,
  destination: string,
): Promise<void> {
  await deleteAllEntries(orm, table, destination);
  await forEachRange(orm, table, source, async (range) => {
    await orm.execute(
      sql`INSERT INTO ${table} (index_name, object_id, position, body)
          SELECT ${destination}, object_id, position, body FROM ${table} WHERE ${range}`,
    );
  });
}
