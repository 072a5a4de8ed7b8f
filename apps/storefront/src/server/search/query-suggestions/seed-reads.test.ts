import type { CatalogueProduct } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderStore, openFolderStore } from '../../../../test/support/folder-store.ts';
import { rowsReadBy } from '../../../../test/support/rows-read.ts';
import { SeedCounter } from './catalogue-seeds.ts';
import { countSeeds } from './set-up-query-suggestions.ts';

/*
 * Issue #25: the Query Suggestions seeds are counted again after every import, right after the index sync,
 * on the storefront's own thread (PGlite). They need each product's brand and names only: counting them must
 * read about one row per product, not the seven tables of whole products (variants, photos, reviews, …),
 * which kept pages waiting for seconds at 20,000 products. A count of rows, not a time.
 */
const catalogue: readonly CatalogueProduct[] = [...scaledCatalogue(loadLumaSample(), 1_200)];
let opened: FolderStore;

beforeAll(async () => {
  opened = await openFolderStore('seed-reads');
  await opened.store.upsertProducts(catalogue);
});

afterAll(async () => {
  await opened?.remove();
});

describe('counting the catalogue seeds of query suggestions', () => {
  it('reads each product’s brand and names, not its other rows', async () => {
    let counted: SeedCounter | undefined;
    const rows = await rowsReadBy(opened.database, async () => {
      counted = await countSeeds(opened.store);
    });
    // The products (one row each, by key) and their French texts (one index entry each), plus categories.
    expect(rows).toBeLessThanOrEqual(catalogue.length * 3);

    const expected = new SeedCounter();
    expected.addCategories(await opened.store.listCategories());
    for (const product of catalogue)
      expected.addProduct({
        id: product.id,
        brand: product.brand,
        published: true,
        names: { en: product.texts.en.name, fr: product.texts.fr?.name },
      });
    for (const language of ['en', 'fr'] as const)
      expect(counted?.seeds(language)).toEqual(expected.seeds(language));
    expect(counted?.seeds('fr').length).toBeGreaterThan(10);
  });
});
