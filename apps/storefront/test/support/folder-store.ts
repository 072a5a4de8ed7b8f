import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@vitrine/database';
import { type CommerceStore, createCommerceStore } from '../../src/server/store/commerce-store.ts';
import { storefrontMigrations } from '../../src/server/store/migrations.ts';

export interface FolderStore {
  readonly database: Database;
  readonly store: CommerceStore;
  /** Closes the store and deletes its folder. */
  remove(): Promise<void>;
}

/** A migrated PGlite store of its own in a new temporary folder (for tests that fill it with thousands of products). */
export async function openFolderStore(label: string): Promise<FolderStore> {
  const folder = mkdtempSync(join(tmpdir(), `vitrine-${label}-`));
  const database = await openDatabase({
    dataDir: folder,
    name: 'storefront',
    migrations: storefrontMigrations,
  });
  return {
    database,
    store: createCommerceStore(database),
    remove: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
