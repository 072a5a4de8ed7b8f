import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import { DocumentTable } from './document-table.ts';

/**
 * The columns a sort reads are kept from the moment the settings name the sort, so the first search that sorts
 * (a sort replica's first shopper after a start) decodes no stored record (issue #26).
 */
const records = [
  { objectID: 'a', name: 'pomme verte', price: 3, rank: 2 },
  { objectID: 'b', name: 'pomme rouge', price: 'n/a', rank: 1 },
  { objectID: 'c', name: 'poire', price: 1 },
];
const ids = (index: SearchIndex, text = '') =>
  index.search({ text }).hits.map((hit) => hit.record.objectID);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sort columns', () => {
  it('are built as records are written: the first sorted search decodes no record', () => {
    const index = new SearchIndex({
      searchableAttributes: ['name'],
      ranking: ['asc(name)', 'desc(price)', 'typo', 'words', 'custom'],
      customRanking: ['desc(rank)'],
    });
    index.saveObjects(records);
    const decodes = vi.spyOn(DocumentTable.prototype, 'forEachLive');
    expect(ids(index)).toEqual(['c', 'b', 'a']);
    expect(decodes).not.toHaveBeenCalled();
  });

  it('are kept in the primary’s columns for a replica sharing them, before its first search', () => {
    const indexing = { searchableAttributes: ['name'] };
    const primary = new SearchIndex(indexing);
    const replica = new SearchIndex({
      ...indexing,
      ranking: ['desc(price)', 'asc(name)', 'typo', 'words'],
    });
    replica.shareWith(primary);
    for (const index of [primary, replica]) index.saveObjects(records);
    expect(replica.sharing).toBe(true);
    const decodes = vi.spyOn(DocumentTable.prototype, 'forEachLive');
    // Numbers first (descending), then the record without one.
    expect(ids(replica, 'po')).toEqual(['a', 'c', 'b']);
    expect(decodes).not.toHaveBeenCalled();
  });

  it('are added for a sort named by a settings change, from the records already stored', () => {
    const index = new SearchIndex({ searchableAttributes: ['name'] });
    index.saveObjects(records);
    index.setSettings({ ranking: ['asc(price)', 'typo', 'words'] });
    const decodes = vi.spyOn(DocumentTable.prototype, 'forEachLive');
    index.saveObjects([{ objectID: 'd', name: 'prune', price: 2 }]);
    expect(ids(index)).toEqual(['c', 'd', 'a', 'b']);
    expect(decodes).not.toHaveBeenCalled();
  });
});
