import { type Database, openDatabase } from '@vitrine/database';
// The database package exports no testing entry yet; apps/search imports its helpers the same way.
import { type TestDatabaseTarget, testDatabaseTargets } from '@vitrine/database/testing';
import { type CommerceStore, createCommerceStore } from '../../src/server/store/commerce-store.ts';
import { storefrontMigrations } from '../../src/server/store/migrations.ts';

export interface TestStore {
  readonly engine: 'pglite' | 'postgres';
  readonly target: TestDatabaseTarget;
  readonly database: Database;
  readonly store: CommerceStore;
  /** Empties every table (faster than opening a new PGlite per test). */
  reset(): Promise<void>;
}

/** One migrated store per engine (PGlite in a temp folder, a fresh database on the suite's PostgreSQL). */
export async function openTestStores(postgresUrl: string, label: string): Promise<TestStore[]> {
  const targets = await testDatabaseTargets(postgresUrl, label);
  return Promise.all(
    targets.map(async (target) => {
      const database = await openDatabase({
        ...target,
        name: 'storefront',
        migrations: storefrontMigrations,
      });
      return {
        engine: target.engine,
        target,
        database,
        store: createCommerceStore(database),
        // The category summaries go too, and the new generation tells the store's cache they changed.
        reset: () =>
          database.execute(
            'TRUNCATE products, carts, orders, category_summaries CASCADE; ' +
              'UPDATE catalogue_state SET generation = generation + 1',
          ),
      };
    }),
  );
}
