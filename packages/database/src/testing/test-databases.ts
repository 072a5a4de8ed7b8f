import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabaseTarget {
  readonly engine: 'pglite' | 'postgres';
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
}

/**
 * The two store engines a store test must pass on: an embedded PGlite in a fresh temp folder, and a fresh
 * database on the suite's PostgreSQL server (`postgresUrl`, from the Vitest global setup).
 */
export async function testDatabaseTargets(
  postgresUrl: string,
  label: string,
): Promise<TestDatabaseTarget[]> {
  return [
    {
      engine: 'pglite',
      dataDir: mkdtempSync(join(tmpdir(), `vitrine-${label}-`)),
      databaseUrl: undefined,
    },
    {
      engine: 'postgres',
      dataDir: mkdtempSync(join(tmpdir(), `vitrine-${label}-`)),
      databaseUrl: await createDatabase(postgresUrl, label),
    },
  ];
}

/** Creates an empty database named after `label` plus a random suffix and returns its URL. */
export async function createDatabase(postgresUrl: string, label: string): Promise<string> {
  const name = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
