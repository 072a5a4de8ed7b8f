import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchRecord } from '../types.ts';

const variants: SearchRecord[] = [
  { objectID: 'a1', name: 'shirt', group: 'A', color: 'red', rank: 1 },
  { objectID: 'b1', name: 'shirt', group: 'B', color: 'red', rank: 2 },
  { objectID: 'a2', name: 'shirt', group: 'A', color: 'blue', rank: 3 },
  { objectID: 'c1', name: 'shirt', group: 'C', color: 'green', rank: 4 },
  { objectID: 'a3', name: 'shirt', group: 'A', color: 'blue', rank: 5 },
  { objectID: 'solo', name: 'shirt', color: 'red', rank: 6 },
];

function index(facetingAttributes = ['color']): SearchIndex {
  const search = new SearchIndex({
    attributeForDistinct: 'group',
    customRanking: ['asc(rank)'],
    attributesForFaceting: facetingAttributes,
  });
  search.saveObjects(variants);
  return search;
}

const ids = (hits: readonly { record: SearchRecord; distinctSequence?: number | undefined }[]) =>
  hits.map((hit) => `${hit.record.objectID}:${hit.distinctSequence ?? '-'}`);

describe('distinct', () => {
  it('keeps the best record of each group; records without the attribute stand alone', () => {
    const result = index().search({ text: 'shirt', distinct: 1 });
    expect(ids(result.hits)).toEqual(['a1:0', 'b1:0', 'c1:0', 'solo:0']);
    expect(result.totalHits).toBe(4);
  });

  it('keeps N per group, grouped, with hitsPerPage counting groups', () => {
    const result = index().search({ text: 'shirt', distinct: 2, hitsPerPage: 2 });
    expect(ids(result.hits)).toEqual(['a1:0', 'a2:1', 'b1:0']);
    // Algolia: with distinct > 1, nbHits is the number of groups (4), not of records (6 match, 5 kept).
    expect(result.totalHits).toBe(4);
    expect(result.pageCount).toBe(2);
    const next = index().search({ text: 'shirt', distinct: 2, hitsPerPage: 2, page: 1 });
    expect(ids(next.hits)).toEqual(['c1:0', 'solo:0']);
  });

  it('is off without distinct or without attributeForDistinct', () => {
    expect(index().search({ text: 'shirt' }).hits).toHaveLength(6);
    const plain = new SearchIndex();
    plain.saveObjects(variants);
    expect(plain.search({ text: 'shirt', distinct: 1 }).hits).toHaveLength(6);
  });

  it('counts facets before distinct unless asked otherwise', () => {
    expect(
      index().search({ text: 'shirt', distinct: 1, facets: ['color'] }).facetCounts['color'],
    ).toEqual({ red: 3, blue: 2, green: 1 });
    expect(
      index().search({ text: 'shirt', distinct: 1, facets: ['color'], facetingAfterDistinct: true })
        .facetCounts['color'],
    ).toEqual({
      red: 3,
      green: 1,
    });
    expect(
      index(['afterDistinct(color)']).search({ text: 'shirt', distinct: 1, facets: ['color'] })
        .facetCounts['color'],
    ).toEqual({
      red: 3,
      green: 1,
    });
  });
});
