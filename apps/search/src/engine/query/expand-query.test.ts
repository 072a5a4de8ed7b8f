import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchQuery, SearchRecord, SynonymEntry } from '../types.ts';

function search(records: SearchRecord[], query: SearchQuery, synonyms: SynonymEntry[] = []) {
  const index = new SearchIndex({ queryLanguages: ['en', 'fr'] });
  index.saveObjects(records);
  index.setSynonyms(synonyms);
  return index.search({ getRankingInfo: true, ...query });
}
const ids = (result: { hits: readonly { record: SearchRecord }[] }) =>
  result.hits.map((hit) => hit.record.objectID);

describe('plurals', () => {
  const records = [
    { objectID: 'singular', name: 'cheval de bois' },
    { objectID: 'plural', name: 'chevaux de course' },
    { objectID: 'boxes', name: 'gift boxes' },
  ];

  it('match singular and plural forms when ignorePlurals is on', () => {
    expect(ids(search(records, { text: 'chevaux', queryType: 'prefixNone' }))).toEqual(['plural']);
    expect(
      ids(
        search(records, { text: 'chevaux', queryType: 'prefixNone', ignorePlurals: true }),
      ).sort(),
    ).toEqual(['plural', 'singular']);
    expect(
      ids(search(records, { text: 'box', queryType: 'prefixNone', ignorePlurals: ['en'] })),
    ).toEqual(['boxes']);
  });

  it('count plural matches as exact by default', () => {
    const result = search(records, {
      text: 'cheval course',
      queryType: 'prefixNone',
      ignorePlurals: true,
    });
    expect(ids(result)).toEqual(['plural']);
    expect(result.hits[0]?.rankingInfo?.exactWords).toBe(2);
    const notExact = search(records, {
      text: 'cheval course',
      queryType: 'prefixNone',
      ignorePlurals: true,
      alternativesAsExact: [],
    });
    expect(notExact.hits[0]?.rankingInfo?.exactWords).toBe(1);
  });
});

describe('singular forms the records lack', () => {
  const records = [
    { objectID: 'black-jacket', name: 'veste noir' },
    { objectID: 'light-jacket', name: 'veste leger' },
    { objectID: 'green-jacket', name: 'veste vert' },
  ];

  it('match within their own typo budget: "vestes noires" finds the masculine label, highlighted', () => {
    const result = search(records, { text: 'vestes noires', ignorePlurals: ['fr'] });
    expect(ids(result)).toEqual(['black-jacket']);
    expect(result.hits[0]?.rankingInfo?.typos).toBe(1);
    expect(result.hits[0]?.highlight?.['name']).toMatchObject({
      value: '<em>veste</em> <em>noir</em>',
    });
    expect(ids(search(records, { text: 'vestes légères', ignorePlurals: ['fr'] }))).toEqual([
      'light-jacket',
    ]);
  });

  it('need plurals on and a typo budget for the typed word', () => {
    expect(ids(search(records, { text: 'vestes noires' }))).toEqual([]);
    expect(
      ids(search(records, { text: 'vestes noires', ignorePlurals: ['fr'], typoTolerance: false })),
    ).toEqual([]);
    // `vertes` (6 letters) allows one typo; `verte` → `vert` uses it.
    expect(
      ids(search(records, { text: 'vertes', ignorePlurals: ['fr'], minWordSizefor1Typo: 7 })),
    ).toEqual([]);
  });
});

describe('a mistyped first letter', () => {
  const records = [
    { objectID: 'leather', name: 'leather belt' },
    { objectID: 'aether', name: 'aether pant' },
  ];

  it('counts as two typos: "lether" finds leather (one letter missing) first', () => {
    const result = search(records, { text: 'lether' });
    expect(ids(result)).toEqual(['leather', 'aether']);
    expect(result.hits.map((hit) => hit.rankingInfo?.typos)).toEqual([1, 2]);
  });

  it('is still found within a one-typo budget, and typoTolerance "min" keeps the true one-typo match', () => {
    const result = search(records, { text: 'kether', queryType: 'prefixNone' });
    expect(result.hits.map((hit) => [hit.record.objectID, hit.rankingInfo?.typos])).toEqual([
      ['aether', 2],
    ]);
    expect(ids(search(records, { text: 'lether', typoTolerance: 'min' }))).toEqual(['leather']);
  });
});

describe('synonyms', () => {
  const records = [
    { objectID: 'tv', name: 'television oled' },
    { objectID: 'phone', name: 'smartphone' },
    { objectID: 'crisps', name: 'crisps paprika' },
    { objectID: 'address', name: 'rue <street> paris' },
    { objectID: 'smart-tv', name: 'smart tv' },
  ];
  const synonyms: SynonymEntry[] = [
    { objectID: 's1', type: 'synonym', synonyms: ['tv', 'television'] },
    { objectID: 's2', type: 'onewaysynonym', input: 'phone', synonyms: ['smartphone'] },
    { objectID: 's3', type: 'altcorrection2', word: 'chips', corrections: ['crisps'] },
    {
      objectID: 's4',
      type: 'placeholder',
      placeholder: '<street>',
      replacements: ['avenue', 'boulevard'],
    },
    { objectID: 's5', type: 'synonym', synonyms: ['connected screen', 'smart tv'] },
  ];

  it('are multi-way, one-way, typo-counted corrections and placeholders', () => {
    expect(ids(search(records, { text: 'television', queryType: 'prefixNone' }, synonyms))).toEqual(
      ['tv', 'smart-tv'],
    );
    expect(ids(search(records, { text: 'tv', queryType: 'prefixNone' }, synonyms))).toEqual([
      'tv',
      'smart-tv',
    ]);
    expect(ids(search(records, { text: 'phone' }, synonyms))).toEqual(['phone']);
    expect(ids(search(records, { text: 'smartphone' }, synonyms))).toEqual(['phone']);
    const chips = search(records, { text: 'chips' }, synonyms);
    expect(ids(chips)).toEqual(['crisps']);
    expect(chips.hits[0]?.rankingInfo?.typos).toBe(2);
    expect(ids(search(records, { text: 'boulevard' }, synonyms))).toEqual(['address']);
  });

  it('expand multi-word expressions and can be turned off per query', () => {
    expect(ids(search(records, { text: 'connected screen' }, synonyms))).toEqual(['smart-tv']);
    expect(ids(search(records, { text: 'phone', synonyms: false }, synonyms))).toEqual([]);
  });

  it('highlight the synonym words', () => {
    const [hit] = search(records, { text: 'television', queryType: 'prefixNone' }, synonyms).hits;
    expect(hit?.highlight?.['name']).toMatchObject({ value: '<em>television</em> oled' });
    const [phone] = search(records, { text: 'phone' }, synonyms).hits;
    expect(phone?.highlight?.['name']).toMatchObject({
      value: '<em>smartphone</em>',
      matchLevel: 'full',
    });
  });
});

describe('synonyms with ignorePlurals', () => {
  const records = [
    { objectID: 'slate', name: 'slate board' },
    { objectID: 'tablets', name: 'tablets bundle' },
    { objectID: 'torches', name: 'torches pack' },
    { objectID: 'lamp', name: 'desk lamp' },
    { objectID: 'nyc', name: 'nyc map' },
  ];
  const synonyms: SynonymEntry[] = [
    { objectID: 's1', type: 'synonym', synonyms: ['slate', 'tablet'] },
    { objectID: 's2', type: 'onewaysynonym', input: 'lamp', synonyms: ['torch'] },
    { objectID: 's3', type: 'synonym', synonyms: ['nyc', 'new york city'] },
  ];
  const find = (text: string, query: Partial<SearchQuery> = {}) =>
    ids(
      search(records, { text, queryType: 'prefixNone', typoTolerance: false, ...query }, synonyms),
    ).sort();
  const plurals = { ignorePlurals: ['en'] };

  it('apply to the plural forms of the query word and match the plural forms of the synonym', () => {
    for (const word of ['slates', 'slate', 'tablet', 'tablets'])
      expect(find(word, plurals), word).toEqual(['slate', 'tablets']);
    expect(find('slates')).toEqual([]);
    expect(find('slate')).toEqual(['slate']);
  });

  it('keep one-way synonyms one-way', () => {
    expect(find('lamps', plurals)).toEqual(['lamp', 'torches']);
    expect(find('torch', plurals)).toEqual(['torches']);
    expect(find('lamps')).toEqual([]);
  });

  it('apply to the plural forms of the words of a multi-word expression', () => {
    expect(find('new york cities', plurals)).toEqual(['nyc']);
    expect(find('new york cities')).toEqual([]);
  });

  it('count as exact only when both the synonym and the plural count as exact', () => {
    const exactWords = (text: string, alternativesAsExact: string[]) =>
      search(
        records,
        { text, queryType: 'prefixNone', ...plurals, alternativesAsExact },
        synonyms,
      ).hits.find((hit) => hit.record.objectID === 'tablets')?.rankingInfo?.exactWords;
    expect(exactWords('slate bundle', ['ignorePlurals', 'singleWordSynonym'])).toBe(2);
    // "tablets" is a plural form of the synonym.
    expect(exactWords('slate bundle', ['singleWordSynonym'])).toBe(1);
    expect(exactWords('slates bundle', ['ignorePlurals', 'singleWordSynonym'])).toBe(2);
    expect(exactWords('slates bundle', ['singleWordSynonym'])).toBe(1);
    expect(exactWords('slates bundle', ['ignorePlurals'])).toBe(1);
  });
});
