import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { IndexSettings, SearchQuery, SearchRecord } from '../types.ts';

function search(
  records: SearchRecord[],
  query: SearchQuery,
  settings: Partial<IndexSettings> = {},
): string[] {
  const index = new SearchIndex(settings);
  index.saveObjects(records);
  return index.search(query).hits.map((hit) => hit.record.objectID);
}

const phones: SearchRecord[] = [
  { objectID: 'exact', name: 'samsung galaxy' },
  { objectID: 'one-typo', name: 'samsong galaxy' },
  { objectID: 'two-typos', name: 'smasong galaxy' },
  { objectID: 'other', name: 'apple iphone' },
];

describe('typo tolerance', () => {
  it('allows 1 typo from 4 letters and 2 from 8, fewest typos first', () => {
    expect(search(phones, { text: 'samsung' })).toEqual(['exact', 'one-typo']);
    expect(search(phones, { text: 'samsung', minWordSizefor2Typos: 7 })).toEqual([
      'exact',
      'one-typo',
      'two-typos',
    ]);
    expect(search([{ objectID: 'a', name: 'cat' }], { text: 'cot' })).toEqual([]);
  });

  it('can be turned off, or limited to the fewest typos (min) or the two fewest (strict)', () => {
    const settings = { minWordSizefor2Typos: 7 };
    expect(search(phones, { text: 'samsung', typoTolerance: false }, settings)).toEqual(['exact']);
    expect(search(phones, { text: 'samsung', typoTolerance: 'min' }, settings)).toEqual(['exact']);
    expect(search(phones, { text: 'samsung', typoTolerance: 'strict' }, settings)).toEqual([
      'exact',
      'one-typo',
    ]);
    expect(search(phones.slice(1), { text: 'samsung', typoTolerance: 'min' }, settings)).toEqual([
      'one-typo',
    ]);
  });

  it('combines prefix and typo on the last word', () => {
    expect(search(phones, { text: 'galaxy sam' })).toEqual(['exact', 'one-typo']);
    expect(search(phones, { text: 'galaxy samsu' })).toEqual(['exact', 'one-typo']);
    expect(search(phones, { text: 'galaxy smasu' })).toEqual(['exact', 'two-typos']);
    expect(search(phones, { text: 'galaxy sma' })).toEqual(['two-typos']);
  });

  it('disables typos on numbers and on listed attributes when asked', () => {
    const records = [
      { objectID: 'a', name: 'model 12345', code: 'abcdef' },
      { objectID: 'b', name: 'model', code: 'abcdxf' },
    ];
    expect(search(records, { text: '12346' })).toEqual(['a']);
    expect(search(records, { text: '12346', allowTyposOnNumericTokens: false })).toEqual([]);
    expect(search(records, { text: 'abcdef' })).toEqual(['a', 'b']);
    expect(search(records, { text: 'abcdef', disableTypoToleranceOnAttributes: ['code'] })).toEqual(
      ['a'],
    );
  });
});

describe('prefix matching', () => {
  const records = [
    { objectID: 'a', name: 'television samsung' },
    { objectID: 'b', name: 'tele loisirs' },
  ];

  it('treats only the last word as a prefix by default', () => {
    expect(search(records, { text: 'tele', exactOnSingleWordQuery: 'word' })).toEqual(['b', 'a']);
    expect(search(records, { text: 'television sams' })).toEqual(['a']);
    expect(search(records, { text: 'tele sams' })).toEqual([]);
    expect(search(records, { text: 'samsung tele', typoTolerance: false })).toEqual(['a']);
    expect(search(records, { text: 'sams tele', typoTolerance: false })).toEqual([]);
    expect(search(records, { text: 'tel samsung', typoTolerance: false })).toEqual([]);
  });

  it('follows queryType', () => {
    expect(
      search(records, { text: 'tel samsung', queryType: 'prefixAll', typoTolerance: false }),
    ).toEqual(['a']);
    expect(search(records, { text: 'tel', queryType: 'prefixNone' })).toEqual([]);
  });
});

describe('advanced syntax', () => {
  const records = [
    { objectID: 'phrase', name: 'pur jus de pomme' },
    { objectID: 'apart', name: 'jus pur de pomme' },
    { objectID: 'orange', name: 'pur jus orange' },
  ];

  it('requires "phrases" to appear in order and excludes -words', () => {
    expect(search(records, { text: '"pur jus"', advancedSyntax: true })).toEqual([
      'phrase',
      'orange',
    ]);
    expect(search(records, { text: '"pur jus" -orange', advancedSyntax: true })).toEqual([
      'phrase',
    ]);
    expect(search(records, { text: 'jus -pomme', advancedSyntax: true })).toEqual(['orange']);
  });

  it('treats quotes and dashes as plain separators without advancedSyntax', () => {
    expect(search(records, { text: '"pur jus" -orange' }).sort()).toEqual(['orange']);
  });
});

describe('optional and removed words', () => {
  const records = [
    { objectID: 'both', name: 'chips nature sel' },
    { objectID: 'chips', name: 'chips paprika' },
    { objectID: 'sel', name: 'sel de guerande' },
  ];

  it('ranks optional words through the words criterion', () => {
    expect(search(records, { text: 'chips nature', optionalWords: ['nature'] })).toEqual([
      'both',
      'chips',
    ]);
  });

  it('makes words optional when nothing matches (lastWords, firstWords, allOptional)', () => {
    expect(search(records, { text: 'chips truffe' })).toEqual([]);
    expect(search(records, { text: 'chips truffe', removeWordsIfNoResults: 'lastWords' })).toEqual([
      'both',
      'chips',
    ]);
    expect(search(records, { text: 'truffe sel', removeWordsIfNoResults: 'firstWords' })).toEqual([
      'both',
      'sel',
    ]);
    expect(
      search(records, { text: 'truffe paprika sel', removeWordsIfNoResults: 'allOptional' }),
    ).toEqual(['both', 'chips', 'sel']);
  });

  it('reports the words still required', () => {
    const index = new SearchIndex();
    index.saveObjects(records);
    const result = index.search({ text: 'chips truffe', removeWordsIfNoResults: 'lastWords' });
    expect(result.text).toBe('chips truffe');
    expect(result.queryAfterRemoval).toBe('chips');
  });
});

describe('searchable attributes', () => {
  it('reads nested paths and arrays, and restricts on request', () => {
    const records = [
      { objectID: 'nested', specs: { color: 'rouge' }, tags: ['promo'] },
      { objectID: 'array', specs: { color: 'bleu' }, tags: ['rouge', 'promo'] },
    ];
    const settings = { searchableAttributes: ['specs.color', 'tags'] };
    expect(search(records, { text: 'rouge' }, settings)).toEqual(['nested', 'array']);
    expect(
      search(records, { text: 'rouge', restrictSearchableAttributes: ['tags'] }, settings),
    ).toEqual(['array']);
    expect(search(records, { text: 'rouge' }, { searchableAttributes: ['specs'] })).toEqual([
      'nested',
    ]);
  });

  it('searches every attribute but objectID when none are listed', () => {
    expect(search([{ objectID: 'secret', label: 'visible' }], { text: 'secret' })).toEqual([]);
    expect(search([{ objectID: 'a', label: 'visible', count: 42 }], { text: '42' })).toEqual(['a']);
  });
});

describe('count-only queries', () => {
  it('match the same documents without computing the ranking', () => {
    const index = new SearchIndex({ minWordSizefor2Typos: 7 });
    index.saveObjects([
      { objectID: 'phrase', name: 'pur jus de pomme samsung' },
      { objectID: 'apart', name: 'jus pur de pomme samsong' },
      { objectID: 'other', name: 'smasong' },
    ]);
    const queries = [
      { text: '"pur jus"', advancedSyntax: true },
      { text: 'samsung', typoTolerance: 'min' as const },
      { text: 'samsung', typoTolerance: 'strict' as const },
      { text: 'jus pomme' },
    ];
    for (const query of queries) {
      const full = index.search(query);
      expect(index.search({ ...query, hitsPerPage: 0 }).totalHits).toBe(full.totalHits);
    }
  });
});
