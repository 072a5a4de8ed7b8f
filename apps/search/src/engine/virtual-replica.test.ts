import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import { VirtualReplica } from './virtual-replica.ts';

function primary(): SearchIndex {
  const index = new SearchIndex({
    searchableAttributes: ['name', 'description'],
    customRanking: ['desc(popularity)'],
  });
  index.saveObjects([
    { objectID: 'name-cheap', name: 'chocolat', description: '', price: 2, popularity: 1 },
    { objectID: 'name-dear', name: 'chocolat', description: '', price: 9, popularity: 5 },
    {
      objectID: 'desc-cheapest',
      name: 'biscuit',
      description: 'chocolat',
      price: 1,
      popularity: 9,
    },
    { objectID: 'other', name: 'biscuit', description: '', price: 3, popularity: 3 },
  ]);
  return index;
}

const ids = (result: { hits: readonly { record: { objectID: string } }[] }) =>
  result.hits.map((hit) => hit.record.objectID);

describe('VirtualReplica', () => {
  it('sorts only the most relevant hits by its custom ranking', () => {
    const replica = new VirtualReplica(primary(), { customRanking: ['asc(price)'] });
    const result = replica.search({ text: 'chocolat' });
    expect(ids(result)).toEqual(['name-cheap', 'name-dear']);
    expect(result.totalHits).toBe(3);
    expect(result.sortedHits).toBe(2);
    expect(result.appliedRelevancyStrictness).toBe(100);
  });

  it('sorts every hit with relevancyStrictness 0 and every record without a query', () => {
    const replica = new VirtualReplica(primary(), {
      customRanking: ['asc(price)'],
      relevancyStrictness: 0,
    });
    expect(ids(replica.search({ text: 'chocolat' }))).toEqual([
      'desc-cheapest',
      'name-cheap',
      'name-dear',
    ]);
    const strict = new VirtualReplica(primary(), { customRanking: ['asc(price)'] });
    expect(ids(strict.search({ text: '' }))).toEqual([
      'desc-cheapest',
      'name-cheap',
      'other',
      'name-dear',
    ]);
    expect(
      strict.search({ text: 'chocolat', relevancyStrictness: 0 }).appliedRelevancyStrictness,
    ).toBe(0);
  });

  it('keeps the records a rule pins at their positions, around the sorted ones', () => {
    const replica = new VirtualReplica(primary(), { customRanking: ['asc(price)'] });
    const pinned = replica.search({
      text: 'chocolat',
      pinned: [{ objectID: 'other', position: 1 }],
    });
    expect(ids(pinned)).toEqual(['name-cheap', 'other', 'name-dear']);
    const second = replica.search({
      text: 'chocolat',
      pinned: [{ objectID: 'other', position: 0 }],
      hitsPerPage: 2,
      page: 1,
    });
    expect(ids(second)).toEqual(['name-dear']);
  });

  it('sorts the records distinct keeps by the primary ranking, each group together', () => {
    const index = new SearchIndex({
      searchableAttributes: ['name'],
      customRanking: ['desc(popularity)'],
      attributeForDistinct: 'family',
    });
    index.saveObjects([
      { objectID: 'a-popular', name: 'tarte', family: 'a', price: 9, popularity: 9 },
      { objectID: 'a-cheap', name: 'tarte', family: 'a', price: 2, popularity: 1 },
      { objectID: 'b-popular', name: 'tarte', family: 'b', price: 5, popularity: 8 },
      { objectID: 'b-cheap', name: 'tarte', family: 'b', price: 3, popularity: 2 },
      { objectID: 'alone', name: 'tarte', price: 4, popularity: 5 },
    ]);
    const replica = new VirtualReplica(index, {
      customRanking: ['asc(price)'],
      relevancyStrictness: 0,
    });
    const grouped = replica.search({ text: 'tarte', distinct: 1 });
    expect(ids(grouped)).toEqual(['alone', 'b-popular', 'a-popular']);
    expect(grouped.totalHits).toBe(3);
    expect(grouped.sortedHits).toBe(3);
    expect(grouped.hits.map((hit) => hit.distinctSequence)).toEqual([0, 0, 0]);
    const two = replica.search({ text: 'tarte', distinct: 2, hitsPerPage: 1, page: 1 });
    expect(ids(two)).toEqual(['b-cheap', 'b-popular']);
    expect(two.hits.map((hit) => hit.distinctSequence)).toEqual([0, 1]);
    expect(two.pageCount).toBe(3);
  });

  it('reads the primary records live and keeps its own settings', () => {
    const index = primary();
    const replica = new VirtualReplica(index, { customRanking: ['asc(price)'], hitsPerPage: 1 });
    index.saveObjects([
      { objectID: 'new', name: 'chocolat', description: '', price: 0.5, popularity: 0 },
    ]);
    expect(ids(replica.search({ text: 'chocolat' }))).toEqual(['new']);
    expect(replica.settings.customRanking).toEqual(['asc(price)']);
    expect(index.settings.customRanking).toEqual(['desc(popularity)']);
  });
});
