/**
 * Reads and writes behind the Query Suggestions API: the configurations with their builds' state, and the logged
 * queries a configuration's sources count (grouped in the database, never read row by row).
 */
import type { Orm } from '@vitrine/database';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { querySuggestionsConfigsTable, searchLogTable } from './schema.ts';
import type { JsonObject, SearchStore, StoredSuggestionsConfig } from './search-store.ts';

type SuggestionsQueries = Pick<
  SearchStore,
  | 'countLoggedQueries'
  | 'readSuggestionsConfigs'
  | 'putSuggestionsConfig'
  | 'putSuggestionsState'
  | 'deleteSuggestionsConfig'
>;

export function suggestionsQueries(orm: Orm): SuggestionsQueries {
  const table = querySuggestionsConfigsTable;
  return {
    countLoggedQueries: async ({ indexNames, since, tags, withoutTag, limit }) => {
      if (indexNames.length === 0) return [];
      const query = sql<string>`lower(btrim(${searchLogTable.query}))`;
      const tagged = coalescedTags();
      const count = sql<number>`count(*)::integer`;
      const rows = await orm
        .select({ query, count })
        .from(searchLogTable)
        .where(
          and(
            inArray(searchLogTable.indexName, [...indexNames]),
            gte(searchLogTable.searchedAt, since),
            sql`btrim(${searchLogTable.query}) <> ''`,
            tags.length === 0 ? undefined : sql`${tagged} @> ${JSON.stringify(tags)}::jsonb`,
            sql`NOT (${tagged} @> ${JSON.stringify([withoutTag])}::jsonb)`,
          ),
        )
        .groupBy(query)
        .orderBy(desc(count), asc(query))
        .limit(limit);
      return rows.map((row) => ({ query: row.query, count: Number(row.count) }));
    },
    readSuggestionsConfigs: async () => {
      const rows = await orm.select().from(table).orderBy(asc(table.indexName));
      return rows.map((row) => ({
        indexName: row.indexName,
        config: asObject(row.config),
        state: asObject(row.state),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }));
    },
    putSuggestionsConfig: async (config: StoredSuggestionsConfig) => {
      await orm
        .insert(table)
        .values(config)
        .onConflictDoUpdate({
          target: table.indexName,
          set: { config: config.config, state: config.state, updatedAt: config.updatedAt },
        });
    },
    putSuggestionsState: async (indexName: string, state: JsonObject) => {
      await orm.update(table).set({ state }).where(eq(table.indexName, indexName));
    },
    deleteSuggestionsConfig: async (indexName: string) => {
      await orm.delete(table).where(eq(table.indexName, indexName));
    },
  };
}

/** The search's tags, `[]` for rows logged before they were kept. */
function coalescedTags() {
  return sql`coalesce(${searchLogTable.analyticsTags}, '[]'::jsonb)`;
}

function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}
