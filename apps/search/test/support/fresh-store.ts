import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchStoreMigrations } from '../../src/store/migrations.ts';
import { openSearchStore } from '../../src/store/open-search-store.ts';
import type { SearchStore } from '../../src/store/search-store.ts';

/**
 * A migrated, empty PGlite data folder, made once and copied for each test store: a fresh PGlite runs initdb
 * (about 10 s on a busy 2-core machine), opening a copy takes a fraction of a second. The template is keyed by
 * the migrations and the PGlite version, and built in a temp folder renamed into place, so concurrent test
 * workers never see half of one.
 */
async function templateDir(): Promise<string> {
  const pgliteVersion = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ).version;
  const key = createHash('sha256')
    .update(JSON.stringify([pgliteVersion, searchStoreMigrations]))
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `vitrine-search-template-${key}`);
  if (existsSync(join(template, 'search', 'pgdata'))) return template;
  const building = mkdtempSync(join(tmpdir(), 'vitrine-search-template-building-'));
  const store = await openSearchStore({ dataDir: building });
  await store.close();
  try {
    renameSync(building, template);
  } catch {
    // Another worker won the race: its template is as good as ours.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A copy of the template folder: pass it as `VITRINE_DATA_DIR` or to `openSearchStore`. */
export async function freshDataDir(): Promise<string> {
  const template = await templateDir();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-search-test-'));
  mkdirSync(join(dataDir, 'search'), { recursive: true });
  cpSync(join(template, 'search', 'pgdata'), join(dataDir, 'search', 'pgdata'), {
    recursive: true,
  });
  return dataDir;
}

/** An empty, migrated PGlite store in its own temp folder, removed when the store is closed. */
export async function freshStore(): Promise<SearchStore> {
  const dataDir = await freshDataDir();
  const store = await openSearchStore({ dataDir });
  return {
    ...store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
