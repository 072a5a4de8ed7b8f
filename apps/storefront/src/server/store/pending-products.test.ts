import type { CatalogueProduct } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderStore, openFolderStore } from '../../../test/support/folder-store.ts';
import { rowsReadBy } from '../../../test/support/rows-read.ts';
import type { CommerceStore } from './commerce-store.ts';
import { createSearchIndexStore } from './search-index-state.ts';

/*
 * PGlite runs no vacuum: each product a push records as indexed leaves an entry of the partial index of
 * pending products that points at a dead row. The first look for pending products after a full push walked
 * every one of them in one statement (100,000 products: 261 ms on the storefront's thread, issue #25). Rows
 * read per statement are counted here, not times.
 */
const catalogue = [...scaledCatalogue(loadLumaSample(), 2_000)];
const sliceSize = 200;
let opened: FolderStore;
let database: Database;
let store: CommerceStore;
let changed: CatalogueProduct[];

beforeAll(async () => {
  opened = await openFolderStore('pending');
  ({ database, store } = opened);
  async function* batches() {
    for (let start = 0; start < catalogue.length; start += 500) {
      yield catalogue.slice(start, start + 500);
    }
  }
  await store.importProducts(batches(), { replace: false });
  // A full push: every product read and recorded as indexed.
  let after: string | undefined;
  for (;;) {
    const page = await store.readIndexPage({ after, limit: 250, pendingOnly: false });
    if (page.length === 0) break;
    await store.markIndexed(
      page.map(({ product, indexed }) => ({
        id: product.id,
        revision: indexed.revision,
        recordsHash: 'pushed',
        objectIds: [product.id],
      })),
    );
    after = page.at(-1)?.product.id;
  }
  // Then three products far apart in id order change.
  const ids = catalogue.map((product) => product.id).sort();
  changed = [ids[10], ids[1_000], ids[1_990]].map((id) => {
    const product = catalogue.find((candidate) => candidate.id === id);
    if (!product) throw new Error('the catalogue is too small');
    const { en } = product.texts;
    return { ...product, texts: { ...product.texts, en: { ...en, name: `${en.name} (new)` } } };
  });
  await store.upsertProducts(changed);
});

afterAll(async () => {
  await opened?.remove();
});

/** The store's index state over an `orm` that counts the rows each statement outside a transaction read. */
function measuredIndexStore() {
  const perStatement: number[] = [];
  const { orm } = database;
  const measured = new Proxy(orm, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: Parameters<typeof orm.execute>[0]) => {
        let result: unknown;
        perStatement.push(
          await rowsReadBy(database, async () => {
            result = await orm.execute(query);
          }),
        );
        return result;
      };
    },
  });
  const byId = new Map(changed.map((product) => [product.id, product]));
  const indexStore = createSearchIndexStore(
    measured,
    async (_tx, ids) => ids.flatMap((id) => byId.get(id) ?? []),
    { pendingSliceSize: sliceSize },
  );
  return { indexStore, perStatement };
}

describe('looking for pending products right after a full push', () => {
  it('finds the products changed since, each statement reading a slice of the table, not all of it', async () => {
    const { indexStore, perStatement } = measuredIndexStore();
    expect(await indexStore.countPendingProducts()).toBe(3);
    const first = await indexStore.readIndexPage({ limit: 2, pendingOnly: true });
    const rest = await indexStore.readIndexPage({
      after: first.at(-1)?.product.id,
      limit: 2,
      pendingOnly: true,
    });
    expect([...first, ...rest].map(({ product }) => product.id)).toEqual(
      changed.map((product) => product.id),
    );
    expect(await indexStore.countPendingProducts()).toBe(3);
    // A slice's products, their entries in the primary key and the partial index (each once dead, once live).
    expect(perStatement.length).toBeGreaterThanOrEqual(catalogue.length / sliceSize);
    expect(Math.max(...perStatement)).toBeLessThanOrEqual(4 * sliceSize);
  });
});
