import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

/**
 * Rows PostgreSQL's statistics counted on the store's tables while `work` ran: heap rows of sequential
 * scans plus entries of index scans. A count, not a time: it does not depend on the machine.
 */
export async function rowsReadBy(
  database: Database,
  work: () => Promise<unknown>,
): Promise<number> {
  const before = await rowsReadSoFar(database);
  await work();
  return (await rowsReadSoFar(database)) - before;
}

async function rowsReadSoFar(database: Database): Promise<number> {
  await database.orm.execute(sql`SELECT pg_stat_force_next_flush()`);
  await database.orm.execute(sql`SELECT pg_stat_clear_snapshot()`);
  const [row] = await database.rows<{ rows: string }>(sql`
    SELECT (SELECT coalesce(sum(seq_tup_read), 0) FROM pg_stat_user_tables)
         + (SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes) AS rows`);
  return Number(row?.rows ?? 0);
}
