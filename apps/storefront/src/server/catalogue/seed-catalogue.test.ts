import { openDatabase } from '@vitrine/database';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { createCommerceStore } from '../store/commerce-store.ts';
import { storefrontMigrations } from '../store/migrations.ts';
import { seedCatalogue } from './seed-catalogue.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_seed');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

const sample = [makeProduct('MJ01'), makeProduct('MJ02'), makeProduct('WJ01')];

describe.each(stores)('seeding the store on $engine', ({ store, reset }) => {
  beforeEach(reset);

  it('fills an empty store once, and leaves it alone afterwards without reading the sample', async () => {
    let reads = 0;
    const loadSample = () => {
      reads += 1;
      return sample;
    };
    expect(await seedCatalogue(store, loadSample)).toEqual({ seeded: true, products: 3 });
    const version = await store.catalogueVersion();
    expect(await seedCatalogue(store, loadSample)).toEqual({ seeded: false, products: 3 });
    expect(reads).toBe(1);
    expect(await store.catalogueVersion()).toBe(version);
  });

  it('is all or nothing: a seed that fails half-way leaves the store empty, and the next start seeds it', async () => {
    const clash = makeProduct('WJ02', { slug: 'mj01-trail-jacket' });
    await expect(seedCatalogue(store, () => [...sample, clash])).rejects.toThrow(/slug or SKU/);
    expect(await store.countProducts()).toBe(0);
    expect(await seedCatalogue(store, () => sample)).toEqual({ seeded: true, products: 3 });
  });

  it('refuses an invalid sample before writing anything', async () => {
    const broken = makeProduct('WJ02', { slug: 'Not A Slug' });
    await expect(seedCatalogue(store, () => [...sample, broken])).rejects.toThrow(/slug/);
    expect(await store.countProducts()).toBe(0);
  });
});

describe('seeding one PostgreSQL server from two instances', () => {
  const shared = stores.find((candidate) => candidate.engine === 'postgres');
  if (!shared) throw new Error('the store tests need the PostgreSQL target');
  beforeEach(shared.reset);

  it('seeds once when both start together', async () => {
    const other = createCommerceStore(
      await openDatabase({
        ...shared.target,
        name: 'storefront',
        migrations: storefrontMigrations,
      }),
    );
    try {
      const results = await Promise.all([
        seedCatalogue(shared.store, () => sample),
        seedCatalogue(other, () => sample),
      ]);
      expect(results.filter((result) => result.seeded)).toHaveLength(1);
      expect(await shared.store.countProducts()).toBe(3);
    } finally {
      await other.close();
    }
  });
});
