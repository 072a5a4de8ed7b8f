import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type FolderLock, lockFolder } from './folder-lock.ts';

/** The Drizzle handle both engines share: PGlite and node-postgres speak the same SQL. */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Orm;
  /** Runs raw SQL (migrations, `SELECT … FOR UPDATE` helpers); prefer `orm` elsewhere. */
  execute(sqlText: string): Promise<void>;
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
}

/**
 * Opens a store: PGlite in `<dataDir>/<name>` (guarded by a folder lock, so a second process gets a
 * clear `FolderLockedError`), or PostgreSQL when `databaseUrl` is set. Runs the migrations before returning.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(join(options.dataDir, options.name), options.name);
  try {
    for (const statement of options.migrations) await database.execute(statement);
  } catch (error) {
    await database.close();
    throw new Error(`Could not migrate the ${options.name} store`, { cause: error });
  }
  return database;
}

async function openPglite(folder: string, name: string): Promise<Database> {
  const lock: FolderLock = lockFolder(folder, `${name} store, PGlite`);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: join(folder, 'pgdata') });
  } catch (error) {
    lock.release();
    throw new Error(`Could not open the PGlite store in ${folder}`, { cause: error });
  }
  return {
    kind: 'pglite',
    orm: drizzlePglite(client) as unknown as Orm,
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

function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    kind: 'postgres',
    orm: drizzlePostgres(pool) as unknown as Orm,
    execute: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: async () => {
      await pool.end();
    },
  };
}
