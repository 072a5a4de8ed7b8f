import { type Database, type Orm, openDatabase } from '@vitrine/database';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { readAnalyticsWindow, readLastSearchAt } from './analytics-queries.ts';
import { copyAllEntries, deleteAllEntries } from './entry-chunks.ts';
import { searchStoreMigrations } from './migrations.ts';
import {
  eventsTable,
  indicesTable,
  keysTable,
  recordsTable,
  rulesTable,
  searchLogTable,
  synonymsTable,
  tasksTable,
} from './schema.ts';
import { insertSearchLog } from './search-log-insert.ts';
import type {
  EntryKind,
  JsonObject,
  SearchStore,
  StoreChange,
  StoredEntry,
  StoredEvent,
  StoredIndex,
  StoredKey,
  StoredKeyKind,
  StoredState,
} from './search-store.ts';
import { suggestionsQueries } from './suggestions-queries.ts';

export interface OpenSearchStoreOptions {
  /** PGlite folder root (the store lives in `<dataDir>/search`). */
  readonly dataDir: string;
  /** PostgreSQL URL; PGlite when absent. */
  readonly databaseUrl?: string | undefined;
}

const entryTables = { records: recordsTable, synonyms: synonymsTable, rules: rulesTable } as const;
/** Rows per INSERT: 3 parameters each, well under PostgreSQL's 65,535-parameter cap. */
const insertChunk = 2000;
/**
 * Entries per INSERT of bodies: PGlite runs each statement on the service's own thread, so a write's bodies go in
 * statements of ~5–10 ms with the event loop given back between them (decision 0016).
 */
const entriesPerStatement = 200;

/**
 * PGlite's buffer pool for the search store: records are appended in bulk and read once at start (sequential
 * scans), so PostgreSQL's default 128 MB only kept the last written pages resident in the service (issue #26).
 */
const searchStoreBufferPoolMB = 32;

/** Opens (and migrates) the search store on PGlite, or PostgreSQL when `databaseUrl` is set. */
export async function openSearchStore(options: OpenSearchStoreOptions): Promise<SearchStore> {
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    name: 'search',
    migrations: searchStoreMigrations,
    pgliteBufferPoolMB: searchStoreBufferPoolMB,
  });
  return createSearchStore(database);
}

function createSearchStore(database: Database): SearchStore {
  const orm = database.orm;
  return {
    kind: database.kind,
    load: (options) => loadState(orm, options?.records ?? true),
    readRecordRanges: (index, size) => readRecordRanges(orm, index, size),
    lastTask: async () => {
      const [task] = await orm
        .select({ id: tasksTable.id, createdAt: tasksTable.createdAt })
        .from(tasksTable)
        .orderBy(desc(tasksTable.id))
        .limit(1);
      return task && { taskID: Number(task.id), at: task.createdAt };
    },
    loadKeys: () => loadKeys(orm),
    commit: async (changes, indexName, at) =>
      orm.transaction(async (transaction) => {
        for (const change of changes) await applyChange(transaction, change);
        const [task] = await transaction
          .insert(tasksTable)
          .values({ indexName: indexName ?? null, createdAt: at })
          .returning({ id: tasksTable.id });
        if (!task) throw new Error('The tasks table returned no id');
        return { taskID: Number(task.id) };
      }),
    hasTask: async (taskID) => {
      if (!Number.isSafeInteger(taskID) || taskID < 1) return false;
      const rows = await orm
        .select({ id: tasksTable.id })
        .from(tasksTable)
        .where(eq(tasksTable.id, taskID))
        .limit(1);
      return rows.length > 0;
    },
    appendSearchLog: (entries) => insertSearchLog(orm, entries),
    readSearchLog: async (limit) => {
      const rows = await orm
        .select()
        .from(searchLogTable)
        .orderBy(desc(searchLogTable.id))
        .limit(limit);
      return rows.map((row) => ({
        indexName: row.indexName,
        query: row.query,
        filters: row.filters,
        hitCount: row.hitCount,
        queryID: row.queryId ?? undefined,
        userToken: row.userToken ?? undefined,
        searchedAt: row.searchedAt,
        processingTimeMS: Number(row.processingTimeMs),
        ...(Array.isArray(row.objectIds) ? { objectIDs: row.objectIds as string[] } : {}),
        ...(Array.isArray(row.analyticsTags)
          ? { analyticsTags: row.analyticsTags as string[] }
          : {}),
        ...(Array.isArray(row.queryLanguages)
          ? { queryLanguages: row.queryLanguages as string[] }
          : {}),
      }));
    },
    appendEvents: async (events) => {
      // 6 parameters per row: chunks stay well under PostgreSQL's 65,535-parameter cap.
      for (let start = 0; start < events.length; start += insertChunk) {
        await orm.insert(eventsTable).values(
          events.slice(start, start + insertChunk).map((event) => ({
            indexName: event.indexName ?? null,
            eventType: event.eventType,
            occurredAt: event.occurredAt,
            receivedAt: event.receivedAt,
            body: event.body,
          })),
        );
      }
    },
    readEvents: async () => {
      const rows = await orm.select().from(eventsTable).orderBy(asc(eventsTable.id));
      return rows.map(toStoredEvent);
    },
    readRecentEvents: async (limit, indexName) => {
      const rows = await orm
        .select()
        .from(eventsTable)
        .where(indexName === undefined ? undefined : eq(eventsTable.indexName, indexName))
        .orderBy(desc(eventsTable.id))
        .limit(limit);
      return rows.map(toStoredEvent);
    },
    readAnalyticsWindow: (indexName, from, to) => readAnalyticsWindow(orm, indexName, from, to),
    readLastSearchAt: (indexName) => readLastSearchAt(orm, indexName),
    ...suggestionsQueries(orm),
    close: () => database.close(),
  };
}

async function loadState(orm: Orm, withRecords: boolean): Promise<StoredState> {
  const indexRows = await orm.select().from(indicesTable).orderBy(asc(indicesTable.name));
  const [records, synonyms, rules] = await Promise.all([
    withRecords ? loadEntries(orm, 'records') : new Map<string, JsonObject[]>(),
    loadEntries(orm, 'synonyms'),
    loadEntries(orm, 'rules'),
  ]);
  const indices: StoredIndex[] = indexRows.map((row) => ({
    name: row.name,
    settings: asJsonObject(row.settings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    records: records.get(row.name) ?? [],
    synonyms: synonyms.get(row.name) ?? [],
    rules: rules.get(row.name) ?? [],
  }));
  return { indices, keys: await loadKeys(orm) };
}

async function* readRecordRanges(
  orm: Orm,
  index: string,
  size: number,
): AsyncGenerator<JsonObject[]> {
  let after: number | undefined;
  for (;;) {
    // Without statistics the planner scans every later row and sorts them (each range then costs the rest of
    // the index: 134 s instead of 27 s at 241,402 records); sorts off, it walks (index_name, position) in order.
    const rows = await orm.transaction(async (transaction) => {
      await transaction.execute(sql`SET LOCAL enable_sort = off`);
      return transaction
        .select({ position: recordsTable.position, body: recordsTable.body })
        .from(recordsTable)
        .where(
          and(
            eq(recordsTable.indexName, index),
            after === undefined ? undefined : gt(recordsTable.position, after),
          ),
        )
        .orderBy(asc(recordsTable.position))
        .limit(size);
    });
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.position;
    yield rows.map((row) => asJsonObject(row.body));
    if (rows.length < size) return;
  }
}

async function loadKeys(orm: Orm): Promise<StoredKey[]> {
  const rows = await orm
    .select()
    .from(keysTable)
    .orderBy(asc(keysTable.createdAt), asc(keysTable.value));
  return rows.map((row) => ({
    value: row.value,
    kind: asKeyKind(row.kind),
    body: asJsonObject(row.body),
    createdAt: row.createdAt,
  }));
}

async function loadEntries(orm: Orm, kind: EntryKind): Promise<Map<string, JsonObject[]>> {
  const table = entryTables[kind];
  const rows = await orm
    .select({ indexName: table.indexName, body: table.body })
    .from(table)
    .orderBy(asc(table.indexName), asc(table.position));
  const byIndex = new Map<string, JsonObject[]>();
  for (const row of rows) {
    const list = byIndex.get(row.indexName) ?? [];
    if (list.length === 0) byIndex.set(row.indexName, list);
    list.push(asJsonObject(row.body));
  }
  return byIndex;
}

async function applyChange(orm: Orm, change: StoreChange): Promise<void> {
  switch (change.kind) {
    case 'putIndex':
      await orm
        .insert(indicesTable)
        .values({
          name: change.name,
          settings: change.settings,
          createdAt: change.at,
          updatedAt: change.at,
        })
        .onConflictDoUpdate({
          target: indicesTable.name,
          set: { settings: change.settings, updatedAt: change.at },
        });
      return;
    case 'deleteIndex':
      await orm.delete(indicesTable).where(eq(indicesTable.name, change.name));
      for (const table of Object.values(entryTables))
        await deleteAllEntries(orm, table, change.name);
      return;
    case 'putEntries':
      await putEntries(orm, change.entries, change.index, change.values);
      return;
    case 'deleteEntries': {
      const table = entryTables[change.entries];
      for (let start = 0; start < change.objectIDs.length; start += insertChunk) {
        const ids = change.objectIDs.slice(start, start + insertChunk);
        await orm
          .delete(table)
          .where(and(eq(table.indexName, change.index), inArray(table.objectId, [...ids])));
      }
      return;
    }
    case 'clearEntries':
      await deleteAllEntries(orm, entryTables[change.entries], change.index);
      return;
    case 'copyEntries':
      await copyEntries(orm, change.entries, change.source, change.destination);
      return;
    case 'putKey':
      await orm
        .insert(keysTable)
        .values({
          value: change.key.value,
          kind: change.key.kind,
          body: change.key.body,
          createdAt: change.key.createdAt,
        })
        .onConflictDoUpdate({ target: keysTable.value, set: { body: change.key.body } });
      return;
    case 'deleteKey':
      await orm.delete(keysTable).where(eq(keysTable.value, change.value));
      return;
  }
}

async function putEntries(
  orm: Orm,
  kind: EntryKind,
  index: string,
  values: readonly StoredEntry[],
): Promise<void> {
  const table = entryTables[kind];
  // ON CONFLICT cannot touch one row twice in a statement: keep the last write of each objectID.
  const latest = new Map<string, StoredEntry>();
  for (const value of values) {
    latest.delete(value.objectID);
    latest.set(value.objectID, value);
  }
  // One statement per chunk with one parameter, the entries as a JSON array unpacked by the database in order
  // (as search-log-insert.ts does): building the rows through the ORM cost more than the database's work. A
  // body's JSON text made by the writer (a record's size check) is spliced in, not serialized again.
  const rows = [...latest.values()].map(
    ({ objectID, body, json }) => `[${JSON.stringify(objectID)},${json ?? JSON.stringify(body)}]`,
  );
  // A rewritten record takes a new position (the end), as the engine ranks it: ties follow the last writes
  // after a restart too. Synonyms and rules keep theirs.
  const update =
    kind === 'records'
      ? sql`body = excluded.body, position = excluded.position`
      : sql`body = excluded.body`;
  for (let start = 0; start < rows.length; start += entriesPerStatement) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const chunk = `[${rows.slice(start, start + entriesPerStatement).join(',')}]`;
    await orm.execute(sql`
      INSERT INTO ${table} (index_name, object_id, body)
      SELECT ${index}, e.v->>0, e.v->1
      FROM jsonb_array_elements(${chunk}::jsonb) WITH ORDINALITY AS e(v, n)
      ORDER BY e.n
      ON CONFLICT (index_name, object_id) DO UPDATE SET ${update}`);
  }
}

async function copyEntries(
  orm: Orm,
  kind: EntryKind,
  source: string,
  destination: string,
): Promise<void> {
  if (source === destination) return;
  await copyAllEntries(orm, entryTables[kind], source, destination);
}

function toStoredEvent(row: typeof eventsTable.$inferSelect): StoredEvent {
  return {
    indexName: row.indexName ?? undefined,
    eventType: row.eventType,
    occurredAt: row.occurredAt,
    receivedAt: row.receivedAt,
    body: asJsonObject(row.body),
  };
}

function asJsonObject(value: unknown): JsonObject {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as JsonObject;
  throw new Error(`The store holds a non-object JSON body: ${JSON.stringify(value)}`);
}

function asKeyKind(value: string): StoredKeyKind {
  if (value === 'admin' || value === 'search' || value === 'custom') return value;
  throw new Error(`The store holds an unknown key kind: ${value}`);
}
