/**
 * SQL run by openDatabase at every start: idempotent, in order. Mirrors `schema.ts`.
 */
export const searchStoreMigrations: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS indices (
    name text PRIMARY KEY,
    settings jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  ...['records', 'synonyms', 'rules'].map(
    (table) => `CREATE TABLE IF NOT EXISTS ${table} (
    index_name text NOT NULL,
    object_id text NOT NULL,
    position bigserial NOT NULL,
    body jsonb NOT NULL,
    PRIMARY KEY (index_name, object_id)
  )`,
  ),
  `CREATE TABLE IF NOT EXISTS api_keys (
    value text PRIMARY KEY,
    kind text NOT NULL,
    body jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS tasks (
    id bigserial PRIMARY KEY,
    index_name text,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS search_log (
    id bigserial PRIMARY KEY,
    index_name text NOT NULL,
    query text NOT NULL,
    filters text NOT NULL,
    hit_count integer NOT NULL,
    query_id text,
    user_token text,
    searched_at timestamptz NOT NULL,
    processing_time_ms bigint NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS search_log_searched_at ON search_log (searched_at)',
  // The objectIDs of the page of hits a logged search returned (the Analytics API's top hits).
  'ALTER TABLE search_log ADD COLUMN IF NOT EXISTS object_ids jsonb',
  // The Analytics API reads one index's searches over a period, then the events of their queryIDs.
  'CREATE INDEX IF NOT EXISTS search_log_index_searched_at ON search_log (index_name, searched_at)',
  `CREATE TABLE IF NOT EXISTS events (
    id bigserial PRIMARY KEY,
    index_name text,
    event_type text NOT NULL,
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    body jsonb NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS events_index_occurred_at ON events (index_name, occurred_at)',
  "CREATE INDEX IF NOT EXISTS events_query_id ON events ((body->>'queryID'))",
  // The analyticsTags and queryLanguages a logged search was sent with (the Analytics API's `tags`, the Query
  // Suggestions builder's source `analyticsTags`); null in rows logged before the columns existed.
  'ALTER TABLE search_log ADD COLUMN IF NOT EXISTS analytics_tags jsonb',
  'ALTER TABLE search_log ADD COLUMN IF NOT EXISTS query_languages jsonb',
  // Query Suggestions configurations (docs/api.md §2.16): the configuration as sent, and its last builds.
  `CREATE TABLE IF NOT EXISTS query_suggestions_configs (
    index_name text PRIMARY KEY,
    config jsonb NOT NULL,
    state jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  // A start reads each index's records in write order a range at a time (keyset on position, readRecordRanges).
  'CREATE INDEX IF NOT EXISTS records_index_position ON records (index_name, position)',
];
