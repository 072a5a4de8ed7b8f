import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { SearchIndex } from '../search-index.ts';
import type { IndexSettings, SearchQuery, SearchRecord } from '../types.ts';

function ranked(
  records: SearchRecord[],
  query: SearchQuery,
  settings: Partial<IndexSettings> = {},
): string[] {
  const index = new SearchIndex(settings);
  index.saveObjects(records);
  return index.search(query).hits.map((hit) => hit.record.objectID);
}

const facet = (attribute: string, value: string, score?: number): FilterExpression =>
  score === undefined
    ? { kind: 'facet', attribute, value }
    : { kind: 'facet', attribute, value, score };

describe('proximity', () => {
  it('ranks records whose query words are closer first', () => {
    const records = [
      { objectID: 'far', name: 'jus frais de pomme bio' },
      { objectID: 'reversed', name: 'pomme jus' },
      { objectID: 'adjacent', name: 'jus pomme' },
    ];
    expect(ranked(records, { text: 'jus pomme' })).toEqual(['adjacent', 'reversed', 'far']);
  });
});

describe('attribute', () => {
  const records = [
    { objectID: 'in-description', name: 'biscuit', description: 'chocolat noir' },
    { objectID: 'late-in-name', name: 'biscuit fourre au chocolat', description: '' },
    { objectID: 'early-in-name', name: 'chocolat biscuit', description: '' },
  ];

  it('prefers the earlier searchable attribute, then the earlier position', () => {
    const settings = { searchableAttributes: ['name', 'description'] };
    expect(ranked(records, { text: 'chocolat' }, settings)).toEqual([
      'early-in-name',
      'late-in-name',
      'in-description',
    ]);
  });

  it('ignores positions in unordered attributes and ranks equal-rank attributes alike', () => {
    expect(
      ranked(
        records,
        { text: 'chocolat' },
        { searchableAttributes: ['unordered(name)', 'description'] },
      ),
    ).toEqual(['late-in-name', 'early-in-name', 'in-description']);
    expect(
      ranked(records, { text: 'chocolat' }, { searchableAttributes: ['name,description'] }),
    ).toEqual(['in-description', 'late-in-name', 'early-in-name']);
  });

  it('takes each word from its occurrences with the fewest typos, not its best attribute at any typo count', () => {
    // `stra` matches "strap" as typed only in the pack's description, and "Strive" in its name with one typo:
    // the pack's word scores 0 typos in the description, so the strap named so ranks first.
    const index = new SearchIndex({ searchableAttributes: ['name', 'unordered(description)'] });
    index.saveObjects([
      { objectID: 'pack', name: 'Strive Shoulder Pack', description: 'A padded strap.' },
      { objectID: 'strap', name: 'Sprite Yoga Strap', description: 'Cotton.' },
    ]);
    const result = index.search({ text: 'stra', getRankingInfo: true });
    const ranking = result.hits.map((hit) => [
      hit.record.objectID,
      hit.rankingInfo?.typos,
      hit.rankingInfo?.firstMatchedWord,
    ]);
    expect(ranking).toEqual([
      ['strap', 0, 2],
      ['pack', 0, 1000],
    ]);
  });
});

describe('exact', () => {
  it('prefers whole-word matches over prefix matches for multi-word queries', () => {
    const records = [
      { objectID: 'prefix', name: 'jus pommes' },
      { objectID: 'whole', name: 'jus pomme' },
    ];
    expect(ranked(records, { text: 'jus pomme' }, { ranking: ['typo', 'exact'] })).toEqual([
      'whole',
      'prefix',
    ]);
  });

  it('follows exactOnSingleWordQuery for one-word queries', () => {
    const records = [
      { objectID: 'word', brand: 'lu biscuits' },
      { objectID: 'attribute', brand: 'lu' },
    ];
    expect(ranked(records, { text: 'lu' })).toEqual(['attribute', 'word']);
    expect(ranked(records, { text: 'lu', exactOnSingleWordQuery: 'none' })).toEqual([
      'word',
      'attribute',
    ]);
  });
});

describe('custom ranking and sorts', () => {
  const records = [
    { objectID: 'cheap', name: 'tv', price: 100, popularity: 5 },
    { objectID: 'missing', name: 'tv' },
    { objectID: 'dear', name: 'tv', price: 900, popularity: 9 },
    { objectID: 'mid', name: 'tv', price: 500, popularity: 9 },
  ];

  it('breaks relevance ties with customRanking, missing values last', () => {
    expect(
      ranked(records, { text: 'tv' }, { customRanking: ['desc(popularity)', 'asc(price)'] }),
    ).toEqual(['mid', 'dear', 'cheap', 'missing']);
  });

  it('sorts exhaustively when asc(x)/desc(x) comes first in ranking (standard replica)', () => {
    const withTypo = [...records, { objectID: 'typo', name: 'tvs', price: 1 }];
    const settings = {
      ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
    };
    expect(ranked(withTypo, { text: 'tv' }, settings)).toEqual([
      'typo',
      'cheap',
      'mid',
      'dear',
      'missing',
    ]);
    expect(ranked(withTypo, { text: '' }, { ranking: ['desc(price)'] })).toEqual([
      'dear',
      'mid',
      'cheap',
      'typo',
      'missing',
    ]);
  });

  it('sorts strings alphabetically and booleans false before true', () => {
    const items = [
      { objectID: 'b', name: 'x', label: 'banane', fresh: true },
      { objectID: 'a', name: 'x', label: 'abricot', fresh: false },
    ];
    expect(ranked(items, { text: '' }, { customRanking: ['asc(label)'] })).toEqual(['a', 'b']);
    expect(ranked(items, { text: '' }, { customRanking: ['desc(fresh)'] })).toEqual(['b', 'a']);
  });
});

describe('filters criterion', () => {
  const records = [
    { objectID: 'lu', brand: 'LU', category: 'biscuits', name: 'petit beurre' },
    { objectID: 'bn', brand: 'BN', category: 'biscuits', name: 'petit beurre' },
    { objectID: 'bonne-maman', brand: 'Bonne Maman', category: 'confiture', name: 'petit beurre' },
  ];
  const settings = { attributesForFaceting: ['brand', 'category'] };

  it('boosts records matching optional filters, by score', () => {
    expect(
      ranked(records, { text: 'beurre', optionalFilter: facet('brand', 'bn') }, settings),
    ).toEqual(['bn', 'lu', 'bonne-maman']);
    const either: FilterExpression = {
      kind: 'or',
      operands: [facet('brand', 'lu', 1), facet('brand', 'bonne maman', 3)],
    };
    expect(ranked(records, { text: 'beurre', optionalFilter: either }, settings)).toEqual([
      'bonne-maman',
      'lu',
      'bn',
    ]);
  });

  it('sums OR scores on request and buries negated optional filters', () => {
    const group: FilterExpression = {
      kind: 'or',
      operands: [facet('brand', 'lu', 2), facet('category', 'biscuits', 2)],
    };
    const query = {
      text: 'beurre',
      optionalFilter: { kind: 'and', operands: [group, facet('category', 'confiture', 3)] },
    } as const;
    expect(ranked(records, query, settings)).toEqual(['bonne-maman', 'lu', 'bn']);
    expect(ranked(records, { ...query, sumOrFiltersScores: true }, settings)).toEqual([
      'lu',
      'bonne-maman',
      'bn',
    ]);
    const bury: FilterExpression = { kind: 'not', operand: facet('brand', 'lu') };
    expect(ranked(records, { text: 'beurre', optionalFilter: bury }, settings)).toEqual([
      'bn',
      'bonne-maman',
      'lu',
    ]);
  });
});

describe('ranking info, pins and hides', () => {
  it('reports the criteria values of each hit', () => {
    const index = new SearchIndex({ searchableAttributes: ['name', 'brand'] });
    index.saveObjects([{ objectID: 'a', name: 'biscuit samsong', brand: 'lu' }]);
    const [hit] = index.search({ text: 'lu samsung', getRankingInfo: true }).hits;
    expect(hit?.rankingInfo).toEqual({
      typos: 1,
      firstMatchedWord: 1,
      proximityDistance: 8,
      words: 2,
      exactWords: 1,
      filters: 0,
      userScore: 1,
      promoted: false,
    });
  });

  it('drops a filterPromotes pin whose record fails the filters, keeping the plain pins', () => {
    const index = new SearchIndex({
      customRanking: ['asc(rank)'],
      attributesForFaceting: ['kind'],
    });
    index.saveObjects([
      { objectID: 'a', name: 'tv', kind: 'x', rank: 0 },
      { objectID: 'b', name: 'tv', kind: 'x', rank: 1 },
      { objectID: 'c', name: 'radio', kind: 'y', rank: 2 },
      { objectID: 'd', name: 'radio', kind: 'y', rank: 3 },
      { objectID: 'e', name: 'radio', kind: 'x', rank: 4 },
    ]);
    const result = index.search({
      text: 'tv',
      filter: { kind: 'facet', attribute: 'kind', value: 'x' },
      pinned: [
        { objectID: 'c', position: 0, filterPromotes: true },
        { objectID: 'e', position: 1, filterPromotes: true },
        { objectID: 'd', position: 2 },
      ],
    });
    expect(result.hits.map((hit) => hit.record.objectID)).toEqual(['a', 'e', 'd', 'b']);
    expect(result.totalHits).toBe(4);
  });

  it('pins records at positions and hides others, on top of ranking', () => {
    const index = new SearchIndex({ customRanking: ['asc(rank)'] });
    index.saveObjects(
      ['a', 'b', 'c', 'd'].map((objectID, rank) => ({ objectID, name: 'tv', rank })),
    );
    index.saveObjects([{ objectID: 'e', name: 'radio', rank: 9 }]);
    const result = index.search({
      text: 'tv',
      pinned: [
        { objectID: 'e', position: 1 },
        { objectID: 'c', position: 0 },
      ],
      hidden: ['b'],
      getRankingInfo: true,
    });
    expect(result.hits.map((hit) => hit.record.objectID)).toEqual(['c', 'e', 'a', 'd']);
    expect(result.hits.map((hit) => hit.rankingInfo?.promoted)).toEqual([true, true, false, false]);
    expect(result.totalHits).toBe(4);
  });
});
