import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type FolderLock, lockFolder } from './folder-lock.ts';

/** The Drizzle handle both engines share: PGlite and node-postgres speak the same SQL. */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Orm;
  /** Runs raw SQL (migrations, `SELECT … FOR UPDATE` helpers); prefer `orm` elsewhere. */
  execute(sqlText: string): Promise<void>;
  /** Runs a Drizzle `sql\`…\`` query and returns its rows (both drivers answer `{ rows }`). */
  rows<TRow>(query: SQLWrapper): Promise<TRow[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, an embedded PGlite under `dataDir/name` is used. */
  readonly databaseUrl?: string | undefined;
  /** Folder for PGlite data (default `.data`). */
  readonly dataDir: string;
  /** Sub-folder and lock purpose, e.g. `search` or `storefront`. */
  readonly name: string;
  /** Ordered, idempotent SQL statements run at open (CREATE TABLE IF NOT EXISTS …). */
  readonly migrations: readonly string[];
  /**
   * PGlite only: its buffer pool (PostgreSQL's `shared_buffers`, 128 MB by default), which lives in the
   * process's memory: once a bulk write has filled it, it stays resident. A smaller pool for a store that is
   * mostly appended to and read once at start; ignored on PostgreSQL (its server owns that setting).
   */
  readonly pgliteBufferPoolMB?: number | undefined;
  /**
   * PGlite only: the process writes in bulk and has the store to itself (`npm run import` with the
   * storefront stopped): no checkpoint falls inside its transaction (`max_wal_size` 16 GB, `checkpoint_timeout`
   * 1 day for this process). A 100,000-product import writes ~1 GB of WAL: with the default 1 GB, checkpoints
   * flushed the buffer pool mid-import and every page touched again was logged whole (51 against 64 s of the
   * main thread's CPU, decision 0032). The closing checkpoint recycles the WAL as usual.
   */
  readonly pgliteBulkWrite?: boolean | undefined;
}

/**
 * Opens a store: PGlite in `<dataDir>/<name>` (guarded by a folder lock, so a second process gets a
 * clear `FolderLockedError`), or PostgreSQL when `databaseUrl` is set. Runs the migrations before returning.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.name)
    : await openPglite(join(options.dataDir, options.name), options.name, options);
  try {
    for (const statement of options.migrations) await database.execute(statement);
  } catch (error) {
    await database.close();
    throw new Error(`Could not migrate the ${options.name} store`, { cause: error });
  }
  return database;
}

async function openPglite(
  folder: string,
  name: string,
  { pgliteBufferPoolMB: bufferPoolMB, pgliteBulkWrite }: OpenDatabaseOptions,
): Promise<Database> {
  const lock: FolderLock = lockFolder(folder, `${name} store, PGlite`);
  let client: PGlite;
  try {
    const settings = [
      ...(bufferPoolMB === undefined
        ? []
        : ['-c', `shared_buffers=${Math.max(1, Math.round(bufferPoolMB))}MB`]),
      ...(pgliteBulkWrite ? ['-c', 'max_wal_size=16GB', '-c', 'checkpoint_timeout=1d'] : []),
    ];
    const bufferPool =
      settings.length === 0 ? {} : { startParams: [...PGlite.defaultStartParams, ...settings] };
    // pg_trgm is made available, not created: a store that wants it runs `CREATE EXTENSION` (the storefront's
    // console search does; PostgreSQL servers ship it in their contrib package).
    client = await PGlite.create({
      dataDir: join(folder, 'pgdata'),
      extensions: { pg_trgm },
      ...bufferPool,
    });
  } catch (error) {
    lock.release();
    throw new Error(`Could not open the PGlite store in ${folder}`, { cause: error });
  }
  const orm = drizzlePglite(client) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    rows: (query) => rowsOf(orm, query),
    execute: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Each app keeps its tables in its own schema (`search`, `storefront`), so both can share one PostgreSQL
 * database without their table names meeting.
 */
async function openPostgres(databaseUrl: string, name: string): Promise<Database> {
  const schema = name.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two processes creating the schema at once: the loser sees a unique violation, the schema exists.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: `-c search_path="${schema}"`,
  });
  const orm = drizzlePostgres(pool) as unknown as Orm;
  return {
    kind: 'postgres',
    orm,
    rows: (query) => rowsOf(orm, query),
    execute: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: async () => {
      await pool.end();
    },
  };
}

async function rowsOf<TRow>(orm: Orm, query: SQLWrapper): Promise<TRow[]> {
  const result = (await orm.execute(query)) as { rows: TRow[] };
  return result.rows;
}
