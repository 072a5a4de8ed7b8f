import type { CatalogueProduct } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderStore, openFolderStore } from '../../../test/support/folder-store.ts';
import type { CommerceStore } from './commerce-store.ts';

/*
 * PGlite answers on the storefront's own thread and resolves each query in a microtask: a chain of awaited
 * queries never lets a request in by itself (issue #25: 1.4 s without an answer during the first sync).
 * These tests count the event loop's turns (what a waiting request needs to be answered) while the index
 * sync reads a page and while an import writes a batch: an order of events, not a time.
 */
const catalogue = [...scaledCatalogue(loadLumaSample(), 900)];
let opened: FolderStore;
let store: CommerceStore;

beforeAll(async () => {
  opened = await openFolderStore('turns');
  ({ store } = opened);
  await store.upsertProducts(catalogue.slice(0, 300));
});

afterAll(async () => {
  await opened?.remove();
});

/** Counts the event loop's turns until `stop` is called, as a request waiting on I/O would get them. */
function countTurns(): { stop(): number } {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}

describe('the event loop while the store works', () => {
  it('turns between the queries of one page the index sync reads', async () => {
    const counter = countTurns();
    const page = await store.readIndexPage({ limit: 250, pendingOnly: false });
    expect(page).toHaveLength(250);
    // Seven queries (products, texts, categories, variants, photos, reviews, links), a turn after each.
    expect(counter.stop()).toBeGreaterThanOrEqual(7);
  });

  it('turns between the statements of one batch an import writes', async () => {
    let turnsInBatch = -1;
    async function* batches(): AsyncGenerator<readonly CatalogueProduct[]> {
      const counter = countTurns();
      yield catalogue.slice(300, 600);
      // Resumed once the batch is written (and the one turn the import gives between batches).
      turnsInBatch = counter.stop();
    }
    await store.importProducts(batches(), { replace: false });
    expect(await store.countProducts()).toBe(600);
    expect(turnsInBatch).toBeGreaterThanOrEqual(4);
  });

  it('turns between the tables whose statistics a large import through the running store refreshes', async () => {
    let counter: { stop(): number } | undefined;
    async function* batches(): AsyncGenerator<readonly CatalogueProduct[]> {
      yield catalogue.slice(600, 900);
      // Resumed once the batch is written: what follows is the import's end (summaries, statistics).
      counter = countTurns();
    }
    await store.importProducts(batches(), { replace: false });
    const turns = counter?.stop() ?? 0;
    expect(await store.countProducts()).toBe(900);
    // Seven tables (products, texts, categories, variants, photos, reviews, links), a turn before each.
    expect(turns).toBeGreaterThanOrEqual(7);
  });
});
