import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FolderLockedError } from './folder-lock.ts';
import { type Database, openDatabase } from './open-database.ts';
import { testDatabaseTargets } from './testing/test-databases.ts';

const migrations = ['CREATE TABLE IF NOT EXISTS notes (id serial PRIMARY KEY, body text NOT NULL)'];
const targets = await testDatabaseTargets(inject('postgresUrl'), 'database');
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

describe.each(targets)('openDatabase on $engine', (target) => {
  it('migrates, writes and reads back through Drizzle', async () => {
    const database = await openDatabase({ ...target, name: 'notes', migrations });
    opened.push(database);
    await database.orm.execute(sql`INSERT INTO notes (body) VALUES (${'hello'})`);
    const rows = await database.rows(sql`SELECT body FROM notes`);
    expect(rows).toEqual([{ body: 'hello' }]);
  });

  it('keeps data across a close and reopen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-reopen-'));
    const first = await openDatabase({ ...target, dataDir, name: 'reopen', migrations });
    await first.orm.execute(sql`INSERT INTO notes (body) VALUES (${'kept'})`);
    await first.close();
    const second = await openDatabase({ ...target, dataDir, name: 'reopen', migrations });
    opened.push(second);
    const rows = await second.rows(sql`SELECT body FROM notes WHERE body = 'kept'`);
    expect(rows).toHaveLength(1);
  });
});

describe('the PGlite buffer pool', () => {
  it('is the size asked for, and PostgreSQL’s default otherwise', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-buffers-'));
    const small = await openDatabase({
      dataDir,
      name: 'small',
      migrations,
      pgliteBufferPoolMB: 32,
    });
    opened.push(small);
    expect(await small.rows(sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    await small.orm.execute(sql`INSERT INTO notes (body) VALUES (${'small pool'})`);
    expect(await small.rows(sql`SELECT body FROM notes`)).toEqual([{ body: 'small pool' }]);
    const standard = await openDatabase({ dataDir, name: 'standard', migrations });
    opened.push(standard);
    expect(await standard.rows(sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: '128MB' }]);
  }, 240_000);
});

describe('the PGlite folder lock', () => {
  it('refuses a second opener of the same folder with a clear error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-lock-'));
    const first = await openDatabase({ dataDir, name: 'locked', migrations });
    opened.push(first);
    const second = openDatabase({ dataDir, name: 'locked', migrations });
    await expect(second).rejects.toBeInstanceOf(FolderLockedError);
    await expect(second).rejects.toThrow(/already in use by process \d+/);
  });
});

describe('a PGlite opened for a bulk write', () => {
  it('spaces its checkpoints out for that process only, and keeps its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bulk-'));
    const bulk = await openDatabase({ dataDir, name: 'bulk', migrations, pgliteBulkWrite: true });
    expect(await bulk.rows(sql`SHOW max_wal_size`)).toEqual([{ max_wal_size: '16GB' }]);
    expect(await bulk.rows(sql`SHOW checkpoint_timeout`)).toEqual([{ checkpoint_timeout: '1d' }]);
    await bulk.orm.execute(sql`INSERT INTO notes (body) VALUES (${'bulk'})`);
    await bulk.close();
    const again = await openDatabase({ dataDir, name: 'bulk', migrations });
    opened.push(again);
    expect(await again.rows(sql`SHOW max_wal_size`)).toEqual([{ max_wal_size: '1GB' }]);
    expect(await again.rows(sql`SELECT body FROM notes`)).toEqual([{ body: 'bulk' }]);
  }, 240_000);
});
