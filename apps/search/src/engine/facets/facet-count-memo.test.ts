import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';

const settings = { searchableAttributes: ['name'], attributesForFaceting: ['brand', 'tags'] };
const brands = ['Acme', 'Zed', 'Öko', 'LU', 'Bonne Maman'];

/** Even records are `jus`, odd ones `thé`: two different sets of the same size, with different brands. */
function product(position: number): SearchRecord {
  return {
    objectID: `p${position}`,
    name: `${position % 2 === 0 ? 'jus' : 'thé'} ${position % 7}`,
    brand: brands[(position % 2) * 2 + (position % 3 === 0 ? 1 : 0)] ?? 'Acme',
    tags: [`t${position % 3}`, `t${position % 5}`],
  };
}

const queries: SearchQuery[] = [{ text: 'jus' }, { text: 'the' }, { text: 'j' }, { text: '' }];

function facetsOf(index: SearchIndex, query: SearchQuery) {
  const { facetCounts, totalHits } = index.search({
    ...query,
    facets: ['brand', 'tags'],
    maxValuesPerFacet: 100,
  });
  return { facetCounts, totalHits };
}

describe('facet counts of large matched sets', () => {
  // Sets of thousands of documents are remembered per column: repeated and after writes, the counts stay exact.
  it('equal the counts of a fresh index, searched again and after adds, replacements and deletions', () => {
    const records = Array.from({ length: 6000 }, (_, position) => product(position));
    const index = new SearchIndex(settings, { compactionThreshold: 100_000 });
    index.saveObjects(records);
    const fresh = () => {
      const other = new SearchIndex(settings);
      other.saveObjects(records);
      return other;
    };
    for (const query of queries) {
      const first = facetsOf(index, query);
      expect(facetsOf(index, query)).toEqual(first);
      expect(first).toEqual(facetsOf(fresh(), query));
    }

    const added = Array.from({ length: 500 }, (_, offset) => product(6000 + offset));
    index.saveObjects(added);
    records.push(...added);
    const replaced = records.slice(0, 300).map((record) => ({ ...record, brand: 'Nouveau' }));
    index.saveObjects(replaced);
    records.splice(0, 300, ...replaced);
    const deleted = records.slice(1000, 1400).map((record) => record.objectID);
    index.deleteObjects(deleted);
    records.splice(1000, 400);

    const after = fresh();
    for (const query of queries) expect(facetsOf(index, query)).toEqual(facetsOf(after, query));
  });
});
