import type { CatalogueProduct } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderStore, openFolderStore } from '../../../test/support/folder-store.ts';
import { rowsReadBy } from '../../../test/support/rows-read.ts';
import type { CommerceStore } from './commerce-store.ts';

/*
 * PGlite runs no autovacuum: the store gathers the planner's statistics itself after a large import, or a
 * product page read after `npm run import` scans whole tables (issue #25). Rows counted, not times.
 */
const catalogue = [...scaledCatalogue(loadLumaSample(), 3_000)];
let opened: FolderStore;
let database: Database;
let store: CommerceStore;

beforeAll(async () => {
  opened = await openFolderStore('statistics');
  ({ database, store } = opened);
  async function* batches() {
    for (let start = 0; start < catalogue.length; start += 500) {
      yield catalogue.slice(start, start + 500);
    }
  }
  await store.importProducts(batches(), { replace: false });
});

afterAll(async () => {
  await opened?.remove();
});

/** A product's own rows in the store: itself, its texts, categories, variants, photos, reviews and links. */
function ownRows(product: CatalogueProduct): number {
  return (
    Object.keys(product.texts).length +
    product.categories.length +
    product.variants.length +
    product.images.length +
    product.reviews.length +
    product.related.length +
    product.upsell.length +
    product.crossSell.length
  );
}

describe('reads right after a large import on PGlite', () => {
  it('read a page of the index sync by key, not whole tables', async () => {
    const after = catalogue[1_000]?.id;
    const page = await store.readIndexPage({ after, limit: 250, pendingOnly: false });
    const read = await rowsReadBy(database, () =>
      store.readIndexPage({ after, limit: 250, pendingOnly: false }),
    );
    const own = page.reduce((sum, { product }) => sum + ownRows(product), 0);
    expect(read).toBeLessThanOrEqual(2 * own);
  });

  it('read a product page by key, not whole tables', async () => {
    const product = catalogue[1_234];
    if (!product) throw new Error('the catalogue is too small');
    await store.getProductBySlug(product.texts.en.slug);
    const read = await rowsReadBy(database, () => store.getProductBySlug(product.texts.en.slug));
    expect(read).toBeLessThanOrEqual(2 * ownRows(product));
  });
});
