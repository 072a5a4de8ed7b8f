import type { Orm } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import type { SearchLogEntry } from './search-store.ts';

/**
 * Appends search-log entries in one statement with one parameter: the entries as a JSON array, unpacked by the
 * database in order. Per-row query building (9 bound values per entry through the ORM) cost about 3× the CPU of
 * this on PGlite, in the same process as the request path (bench/README.md, HTTP section).
 */
export async function insertSearchLog(orm: Orm, entries: readonly SearchLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = JSON.stringify(
    entries.map((entry) => ({
      i: entry.indexName,
      q: entry.query,
      f: entry.filters,
      h: entry.hitCount,
      id: entry.queryID,
      u: entry.userToken,
      t: entry.searchedAt.toISOString(),
      p: entry.processingTimeMS,
      o: entry.objectIDs,
      g: entry.analyticsTags,
      l: entry.queryLanguages,
    })),
  );
  // Absent keys (`undefined` fields) read as SQL NULL.
  await orm.execute(sql`
    INSERT INTO search_log
      (index_name, query, filters, hit_count, query_id, user_token, searched_at, processing_time_ms, object_ids,
      analytics_tags, query_languages)
    SELECT e.v->>'i', e.v->>'q', e.v->>'f', (e.v->>'h')::integer, e.v->>'id', e.v->>'u',
      (e.v->>'t')::timestamptz, round((e.v->>'p')::numeric)::bigint, e.v->'o',
      e.v->'g', e.v->'l'
    FROM jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS e(v, n)
    ORDER BY e.n`);
}
