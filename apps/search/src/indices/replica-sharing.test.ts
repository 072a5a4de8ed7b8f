import { describe, expect, it } from 'vitest';
import { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';

const at = new Date('2026-12-02T00:00:00Z');
const records = [
  { objectID: '1', name: 'cheap jacket', price: 100 },
  { objectID: '2', name: 'pricey jacket', price: 900 },
  { objectID: '3', name: 'mid jacket', price: 500 },
];
const indexing = { searchableAttributes: ['name'], attributesForFaceting: ['price'] };

/** `items` with the standard replica `items_price_desc`, wired and fed as the service does. */
function primaryWithReplica(): { registry: IndexRegistry; primary: LiveIndex; replica: LiveIndex } {
  const registry = new IndexRegistry();
  const primary = new LiveIndex('items', { ...indexing, replicas: ['items_price_desc'] }, at, at);
  const replica = new LiveIndex(
    'items_price_desc',
    { ...indexing, primary: 'items', ranking: ['desc(price)', 'typo', 'words'] },
    at,
    at,
  );
  registry.set(primary);
  registry.set(replica);
  registry.refreshEngine(replica);
  for (const index of [primary, replica]) index.saveRecords(records);
  return { registry, primary, replica };
}

const ids = (index: LiveIndex, text = 'jacket') =>
  index.search({ text }).hits.map((hit) => hit.record.objectID);

describe('standard replicas and their primary’s structures', () => {
  it('shares the primary’s records and text index while the indexing settings are equal', () => {
    const { replica } = primaryWithReplica();
    expect(replica.ownIndex?.sharing).toBe(true);
    expect(ids(replica)).toEqual(['2', '3', '1']);
  });

  it('builds its own index once its searchable attributes differ, and answers the same', () => {
    const { registry, replica } = primaryWithReplica();
    replica.settings = { ...replica.settings, searchableAttributes: ['name', 'brand'] };
    registry.refreshEngine(replica);
    expect(replica.ownIndex?.sharing).toBe(false);
    expect(ids(replica)).toEqual(['2', '3', '1']);
  });

  it('follows the primary’s new engine after a move replaced it', () => {
    const { registry, primary, replica } = primaryWithReplica();
    const moved = new LiveIndex('items', primary.settings, at, at);
    moved.saveRecords([{ objectID: '4', name: 'new jacket', price: 300 }]);
    registry.set(moved);
    registry.refreshEngine(moved);
    replica.clearRecords();
    replica.saveRecordsOf(moved);
    expect(ids(replica)).toEqual(['4']);
  });

  it('follows the primary’s new engine without indexing the old one’s records again', () => {
    const { registry, primary, replica } = primaryWithReplica();
    let reads = 0;
    const counted = Object.defineProperty({ objectID: '5', price: 1 }, 'name', {
      enumerable: true,
      get: () => {
        reads += 1;
        return 'counted jacket';
      },
    });
    primary.saveRecords([counted]);
    replica.saveRecords([counted]);
    const readsBeforeMove = reads;
    const moved = new LiveIndex('items', primary.settings, at, at);
    moved.saveRecords([{ objectID: '4', name: 'new jacket', price: 300 }]);
    registry.set(moved);
    registry.refreshEngine(moved);
    expect(reads).toBe(readsBeforeMove);
    expect(replica.ownIndex?.sharing).toBe(true);
    expect(ids(replica)).toEqual(['4']);
  });

  it('keeps the records it served once detached from its primary', () => {
    const { registry, primary, replica } = primaryWithReplica();
    const { primary: _link, ...own } = replica.settings;
    replica.settings = own;
    registry.refreshEngine(replica);
    primary.deleteRecords(['1', '2', '3']);
    expect(replica.ownIndex?.sharing).toBe(false);
    expect(ids(replica)).toEqual(['2', '3', '1']);
  });
});
