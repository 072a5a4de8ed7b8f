import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle tables of the search store. `migrations.ts` creates the same tables in SQL (openDatabase runs plain
 * statements); keep the two in step.
 */
export const indicesTable = pgTable('indices', {
  name: text('name').primaryKey(),
  settings: jsonb('settings').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Records, synonyms and rules share one shape: a JSON body keyed by (index, objectID). */
function entryTable(name: string) {
  return pgTable(
    name,
    {
      indexName: text('index_name').notNull(),
      objectId: text('object_id').notNull(),
      // Keeps the write order across restarts (a rewritten record moves to the end): the engine breaks
      // ranking ties on it.
      position: bigserial('position', { mode: 'number' }).notNull(),
      body: jsonb('body').notNull(),
    },
    (table) => [primaryKey({ columns: [table.indexName, table.objectId] })],
  );
}

export const recordsTable = entryTable('records');
export const synonymsTable = entryTable('synonyms');
export const rulesTable = entryTable('rules');

export const keysTable = pgTable('api_keys', {
  value: text('value').primaryKey(),
  kind: text('kind').notNull(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const tasksTable = pgTable('tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  indexName: text('index_name'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const searchLogTable = pgTable(
  'search_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    indexName: text('index_name').notNull(),
    query: text('query').notNull(),
    filters: text('filters').notNull(),
    hitCount: integer('hit_count').notNull(),
    queryId: text('query_id'),
    userToken: text('user_token'),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull(),
    processingTimeMs: bigint('processing_time_ms', { mode: 'number' }).notNull(),
    /** The objectIDs of the page of hits returned; null in rows logged before the column existed. */
    objectIds: jsonb('object_ids'),
    /** The search's `analyticsTags` and `queryLanguages`; null in rows logged before the columns existed. */
    analyticsTags: jsonb('analytics_tags'),
    queryLanguages: jsonb('query_languages'),
  },
  (table) => [
    index('search_log_searched_at').on(table.searchedAt),
    index('search_log_index_searched_at').on(table.indexName, table.searchedAt),
  ],
);

/** Accepted Insights events (docs/api.md §2.12): the whole event in `body`, a few columns to query by. */
export const eventsTable = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    indexName: text('index_name'),
    eventType: text('event_type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    body: jsonb('body').notNull(),
  },
  (table) => [
    index('events_index_occurred_at').on(table.indexName, table.occurredAt),
    index('events_query_id').on(sql`(${table.body}->>'queryID')`),
  ],
);

/** Query Suggestions configurations: the configuration as sent (`config`), its builds' status and logs (`state`). */
export const querySuggestionsConfigsTable = pgTable('query_suggestions_configs', {
  indexName: text('index_name').primaryKey(),
  config: jsonb('config').notNull(),
  state: jsonb('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
