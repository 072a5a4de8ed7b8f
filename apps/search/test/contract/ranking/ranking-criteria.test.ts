/**
 * The ranking criteria of docs/api.md §4.2 one at a time, then together, and the
 * response contract of §5.1/§5.2, over small hand-made record sets (a few records per group, each group in its own
 * fresh index) indexed and read through the official v5 client only. Every expected order follows from the
 * lexicographic tie-break of §4.2 alone: the records of a group differ on the criterion under test and tie on
 * every earlier one, and a `customRanking` settles what the criterion leaves equal, so no order depends on an
 * unspecified tie. Two larger seeded indices (3,000 and 2,000 records) check that the reported `_rankingInfo`
 * tuples come sorted and that small pages are slices of the full order, where the engine may rank a page from a
 * scored prefix. These tests found no discrepancy; what docs/api.md leaves open (the space before a snippet's
 * ellipsis, how much a first-letter typo counts, the distance between words of two attributes) is only asserted
 * loosely.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { searchKey } from '../../support/test-app.ts';
import { clientFor, seedIndex, type TestServer } from '../../support/test-server.ts';

type Client = SearchClient;
type SearchParams = NonNullable<Parameters<Client['searchSingleIndex']>[0]['searchParams']>;
type IndexSettings = Parameters<Client['setSettings']>[0]['indexSettings'];

interface RankingInfo {
  nbTypos: number;
  firstMatchedWord: number;
  proximityDistance: number;
  userScore: number;
  nbExactWords: number;
  words: number;
  filters: number;
}

interface Highlight {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
});
afterAll(async () => server.close());

const search = (indexName: string, searchParams: SearchParams) =>
  admin.searchSingleIndex<Record<string, unknown>>({
    indexName,
    searchParams: { hitsPerPage: 100, attributesToHighlight: [], ...searchParams },
  });
const idsOf = async (indexName: string, searchParams: SearchParams) =>
  (await search(indexName, searchParams)).hits.map((hit) => hit.objectID);
const rankingOf = async (indexName: string, searchParams: SearchParams) =>
  Object.fromEntries(
    (await search(indexName, { ...searchParams, getRankingInfo: true })).hits.map((hit) => [
      hit.objectID,
      (hit as unknown as { _rankingInfo: RankingInfo })._rankingInfo,
    ]),
  );
const seed = (indexName: string, settings: IndexSettings, records: Record<string, unknown>[]) =>
  seedIndex(admin, indexName, settings, records);

// ---------------------------------------------------------------------------------------------------------------

describe('typo criterion (docs/api.md §3.2, §3.5, §4.2)', () => {
  const index = 'p16_typo';
  beforeAll(async () => {
    // One searchable attribute, the word first: every record ties on words, proximity and attribute.
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'zero', name: 'keyboard', pop: 1 },
      { objectID: 'one', name: 'keybaord', pop: 2 }, // a swap: one typo from "keyboard"
      { objectID: 'two', name: 'kebyaord', pop: 3 }, // two swaps: two typos
      { objectID: 'far', name: 'kbyeaodr', pop: 4 }, // beyond two typos
    ]);
  });

  it('ranks 0 typos before 1 before 2 whatever the custom ranking says, and reports nbTypos', async () => {
    expect(await idsOf(index, { query: 'keyboard' })).toEqual(['zero', 'one', 'two']);
    const info = await rankingOf(index, { query: 'keyboard' });
    expect([info['zero']?.nbTypos, info['one']?.nbTypos, info['two']?.nbTypos]).toEqual([0, 1, 2]);
  });

  it('keeps only the lowest typo count with min, the two lowest with strict, none with false', async () => {
    expect(await idsOf(index, { query: 'keyboard', typoTolerance: 'min' })).toEqual(['zero']);
    expect(await idsOf(index, { query: 'keyboard', typoTolerance: 'strict' })).toEqual([
      'zero',
      'one',
    ]);
    expect(await idsOf(index, { query: 'keyboard', typoTolerance: false })).toEqual(['zero']);
    // With no exact match the lowest count is 1: min keeps only the one-typo records.
    expect(await idsOf(index, { query: 'keybaodr', typoTolerance: 'min' })).toEqual(['one']);
  });

  it('needs 8 letters for a second typo and 4 for a first', async () => {
    expect(
      await idsOf(index, { query: 'keyboard', minWordSizefor2Typos: 9, minWordSizefor1Typo: 4 }),
    ).toEqual(['zero', 'one']);
    expect(
      await idsOf(index, { query: 'keyboard', minWordSizefor1Typo: 9, minWordSizefor2Typos: 10 }),
    ).toEqual(['zero']);
  });

  it('matches a typo on the first letter, after the exact match', async () => {
    const typoFirst = 'p16_typo_first';
    await seed(typoFirst, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'exact', name: 'keyboard', pop: 1 },
      { objectID: 'first-letter', name: 'heyboard', pop: 9 },
    ]);
    expect(await idsOf(typoFirst, { query: 'keyboard' })).toEqual(['exact', 'first-letter']);
    const info = await rankingOf(typoFirst, { query: 'keyboard' });
    expect(info['first-letter']?.nbTypos).toBeGreaterThanOrEqual(1);
  });

  it('allows no typo in attributes listed in disableTypoToleranceOnAttributes', async () => {
    const noTypo = 'p16_typo_attributes';
    await seed(
      noTypo,
      {
        searchableAttributes: ['name', 'alias'],
        disableTypoToleranceOnAttributes: ['alias'],
        customRanking: ['desc(pop)'],
      },
      [
        { objectID: 'name-typo', name: 'keybaord', alias: 'desk', pop: 1 },
        { objectID: 'alias-typo', name: 'desk', alias: 'keybaord', pop: 2 },
        { objectID: 'alias-exact', name: 'desk', alias: 'keyboard', pop: 3 },
      ],
    );
    // Typo before attribute: the exact alias first, then the typo in the name; the alias typo never matches.
    expect(await idsOf(noTypo, { query: 'keyboard' })).toEqual(['alias-exact', 'name-typo']);
  });

  it('lets numbers match with a typo unless allowTyposOnNumericTokens is false', async () => {
    const numbers = 'p16_typo_numbers';
    await seed(numbers, { searchableAttributes: ['code'], customRanking: ['desc(pop)'] }, [
      { objectID: 'same', code: 'ref 123456', pop: 1 },
      { objectID: 'swapped', code: 'ref 123465', pop: 2 },
    ]);
    expect(await idsOf(numbers, { query: '123456' })).toEqual(['same', 'swapped']);
    expect(await idsOf(numbers, { query: '123456', allowTyposOnNumericTokens: false })).toEqual([
      'same',
    ]);
  });

  it('puts typo first under min/strict even when the ranking puts custom first', async () => {
    const customFirst = 'p16_typo_custom_first';
    await seed(
      customFirst,
      {
        searchableAttributes: ['name'],
        customRanking: ['desc(pop)'],
        ranking: ['custom', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact'],
      },
      [
        { objectID: 'exact', name: 'keyboard', pop: 1 },
        { objectID: 'typo', name: 'keybaord', pop: 2 },
      ],
    );
    expect(await idsOf(customFirst, { query: 'keyboard' })).toEqual(['typo', 'exact']);
    expect(await idsOf(customFirst, { query: 'keyboard', typoTolerance: 'strict' })).toEqual([
      'exact',
      'typo',
    ]);
  });
});

describe('words criterion (docs/api.md §3.2, §4.2)', () => {
  const index = 'p16_words';
  beforeAll(async () => {
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'red-wool-scarf', name: 'red wool scarf', pop: 1 },
      { objectID: 'red-scarf', name: 'red cotton scarf', pop: 2 },
      { objectID: 'wool-hat', name: 'wool hat', pop: 3 },
      { objectID: 'blue-scarf', name: 'blue scarf', pop: 4 },
    ]);
  });

  it('ranks more matched optional words first and requires the others', async () => {
    const params = { query: 'red wool scarf', optionalWords: ['red', 'wool'] };
    expect(await idsOf(index, params)).toEqual(['red-wool-scarf', 'red-scarf', 'blue-scarf']);
    const info = await rankingOf(index, params);
    expect([
      info['red-wool-scarf']?.words,
      info['red-scarf']?.words,
      info['blue-scarf']?.words,
    ]).toEqual([3, 2, 1]);
    // Without optional words every word is required.
    expect(await idsOf(index, { query: 'red wool scarf' })).toEqual(['red-wool-scarf']);
  });

  it('accepts optionalWords as one string', async () => {
    expect(await idsOf(index, { query: 'wool hat', optionalWords: 'hat' as never })).toEqual([
      'wool-hat',
      'red-wool-scarf',
    ]);
  });

  it('drops the last words, the first words, or makes all optional when nothing matches', async () => {
    expect(await idsOf(index, { query: 'wool scarf zebra' })).toEqual([]);
    expect(
      await idsOf(index, { query: 'wool scarf zebra', removeWordsIfNoResults: 'lastWords' }),
    ).toEqual(['red-wool-scarf']);
    expect(
      await idsOf(index, { query: 'zebra wool hat', removeWordsIfNoResults: 'firstWords' }),
    ).toEqual(['wool-hat']);
    // allOptional: two words matched beats one; the one-word matches follow by custom ranking.
    expect(
      await idsOf(index, { query: 'zebra red wool', removeWordsIfNoResults: 'allOptional' }),
    ).toEqual(['red-wool-scarf', 'wool-hat', 'red-scarf']);
    // A query that matches as typed is not relaxed.
    expect(await idsOf(index, { query: 'blue', removeWordsIfNoResults: 'lastWords' })).toEqual([
      'blue-scarf',
    ]);
  });
});

describe('filters criterion (docs/api.md §3.2, §3.3, §4.2)', () => {
  const index = 'p16_filters';
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        attributesForFaceting: ['brand', 'color'],
        customRanking: ['asc(rank)'],
      },
      [
        { objectID: 'a-red', name: 'lamp', brand: 'Alto', color: 'red', rank: 1 },
        { objectID: 'b-blue', name: 'lamp', brand: 'Bex', color: 'blue', rank: 2 },
        { objectID: 'c-red', name: 'lamp', brand: 'Cora', color: 'red', rank: 3 },
        { objectID: 'a-blue', name: 'lamp', brand: 'Alto', color: 'blue', rank: 4 },
      ],
    );
  });

  it('adds the scores of matched optional filters, 1 without <score=N>', async () => {
    const params = { query: 'lamp', optionalFilters: ['brand:Alto<score=3>', 'color:blue'] };
    expect(await idsOf(index, params)).toEqual(['a-blue', 'a-red', 'b-blue', 'c-red']);
    const info = await rankingOf(index, params);
    expect([
      info['a-blue']?.filters,
      info['a-red']?.filters,
      info['b-blue']?.filters,
      info['c-red']?.filters,
    ]).toEqual([4, 3, 1, 0]);
  });

  it('takes the max of an OR group, the sum with sumOrFiltersScores', async () => {
    const optionalFilters = [['brand:Alto<score=2>', 'color:blue<score=5>']];
    expect(await idsOf(index, { query: 'lamp', optionalFilters })).toEqual([
      'b-blue',
      'a-blue',
      'a-red',
      'c-red',
    ]);
    expect(
      await idsOf(index, { query: 'lamp', optionalFilters, sumOrFiltersScores: true }),
    ).toEqual(['a-blue', 'b-blue', 'a-red', 'c-red']);
    const info = await rankingOf(index, {
      query: 'lamp',
      optionalFilters,
      sumOrFiltersScores: true,
    });
    expect(info['a-blue']?.filters).toBe(7);
  });

  it('ranks by the scores of a filters OR group and keeps only its matches', async () => {
    const params = { query: 'lamp', filters: 'brand:Alto<score=1> OR brand:Bex<score=3>' };
    expect(await idsOf(index, params)).toEqual(['b-blue', 'a-red', 'a-blue']);
    const info = await rankingOf(index, params);
    expect([info['b-blue']?.filters, info['a-red']?.filters]).toEqual([3, 1]);
  });

  it('buries a negative optional filter', async () => {
    expect(await idsOf(index, { query: 'lamp', optionalFilters: ['brand:-Alto'] })).toEqual([
      'b-blue',
      'c-red',
      'a-red',
      'a-blue',
    ]);
  });

  it('places the filter score after words and before proximity', async () => {
    const mixed = 'p16_filters_mixed';
    await seed(
      mixed,
      {
        searchableAttributes: ['name'],
        attributesForFaceting: ['brand'],
        customRanking: ['asc(rank)'],
      },
      [
        { objectID: 'near-plain', name: 'desk lamp', brand: 'Bex', rank: 1 },
        { objectID: 'far-boosted', name: 'desk with a lamp', brand: 'Alto', rank: 2 },
        { objectID: 'one-word-boosted', name: 'lamp', brand: 'Alto', rank: 3 },
      ],
    );
    expect(
      await idsOf(mixed, {
        query: 'desk lamp',
        optionalWords: ['desk'],
        optionalFilters: ['brand:Alto'],
      }),
    ).toEqual(['far-boosted', 'near-plain', 'one-word-boosted']);
  });
});

describe('proximity criterion (docs/api.md §4.1, §4.2)', () => {
  const records = [
    { objectID: 'adjacent', title: 'solar panel kit', subtitle: 'roof', pop: 1 },
    { objectID: 'one-apart', title: 'solar big panel', subtitle: 'roof', pop: 2 },
    { objectID: 'two-apart', title: 'solar garden lamp panel', subtitle: 'roof', pop: 3 },
  ];
  const settings = {
    searchableAttributes: ['title', 'subtitle'],
    customRanking: ['desc(pop)'],
  };
  beforeAll(async () => {
    await seed('p16_prox', settings, records);
    await seed('p16_prox_min2', { ...settings, minProximity: 2 }, records);
    await seed('p16_prox_min3', { ...settings, minProximity: 3 }, records);
  });

  it('ranks adjacent words before distant ones and reports the distance', async () => {
    expect(await idsOf('p16_prox', { query: 'solar panel' })).toEqual([
      'adjacent',
      'one-apart',
      'two-apart',
    ]);
    const info = await rankingOf('p16_prox', { query: 'solar panel' });
    expect([
      info['adjacent']?.proximityDistance,
      info['one-apart']?.proximityDistance,
      info['two-apart']?.proximityDistance,
    ]).toEqual([1, 2, 3]);
    const single = await rankingOf('p16_prox', { query: 'solar' });
    expect(single['two-apart']?.proximityDistance).toBe(0);
  });

  it('treats distances up to minProximity as equal', async () => {
    expect(await idsOf('p16_prox_min2', { query: 'solar panel' })).toEqual([
      'one-apart',
      'adjacent',
      'two-apart',
    ]);
    expect(await idsOf('p16_prox_min3', { query: 'solar panel' })).toEqual([
      'two-apart',
      'one-apart',
      'adjacent',
    ]);
  });

  it('ranks words found in two attributes after words found close in one', async () => {
    const across = 'p16_prox_across';
    await seed(across, settings, [
      { objectID: 'split', title: 'solar', subtitle: 'panel roof', pop: 9 },
      { objectID: 'together', title: 'solar garden lamp panel', subtitle: 'roof', pop: 1 },
    ]);
    expect(await idsOf(across, { query: 'solar panel' })).toEqual(['together', 'split']);
  });
});

describe('attribute criterion (docs/api.md §4.1, §4.2)', () => {
  const index = 'p16_attr';
  const blank = {
    name: 'chair',
    brand: 'none',
    maker: 'none',
    description: 'plain',
    specs: { material: 'steel' },
    tags: ['seat'],
  };
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: [
          'name',
          'brand,maker',
          'unordered(description)',
          'specs.material',
          'tags',
        ],
        customRanking: ['asc(rank)'],
      },
      [
        { ...blank, objectID: 'name-first', name: 'oak table', rank: 9 },
        { ...blank, objectID: 'name-second', name: 'big oak table', rank: 1 },
        { ...blank, objectID: 'maker', maker: 'works of oak', rank: 3 },
        { ...blank, objectID: 'brand', brand: 'the oak company', rank: 2 },
        { ...blank, objectID: 'description-late', description: 'made of solid oak', rank: 5 },
        { ...blank, objectID: 'description-early', description: 'oak throughout', rank: 6 },
        { ...blank, objectID: 'nested', specs: { material: 'oak' }, rank: 0 },
        { ...blank, objectID: 'array', tags: ['seat', 'oak'], rank: -1 },
      ],
    );
  });

  it('orders by attribute index then word position, same rank and unordered ignoring position', async () => {
    expect(await idsOf(index, { query: 'oak' })).toEqual([
      'name-first',
      'name-second',
      'brand',
      'maker',
      'description-late',
      'description-early',
      'nested',
      'array',
    ]);
  });

  it('reports firstMatchedWord as attrIndex × 1000 + wordPos', async () => {
    const info = await rankingOf(index, { query: 'oak' });
    expect(info['name-first']?.firstMatchedWord).toBe(0);
    expect(info['name-second']?.firstMatchedWord).toBe(1);
    expect(info['brand']?.firstMatchedWord).toBe(1000);
    expect(info['maker']?.firstMatchedWord).toBe(1000);
    expect(info['description-late']?.firstMatchedWord).toBe(2000);
    expect(info['description-early']?.firstMatchedWord).toBe(2000);
    expect(info['nested']?.firstMatchedWord).toBe(3000);
    expect(Math.floor((info['array']?.firstMatchedWord ?? 0) / 1000)).toBe(4);
  });

  it('follows a new searchableAttributes order', async () => {
    const reordered = 'p16_attr_reordered';
    await seed(
      reordered,
      { searchableAttributes: ['tags', 'specs.material', 'name'], customRanking: ['asc(rank)'] },
      [
        { ...blank, objectID: 'name', name: 'oak table', rank: 0 },
        { ...blank, objectID: 'nested', specs: { material: 'oak' }, rank: 1 },
        { ...blank, objectID: 'array', tags: ['oak'], rank: 2 },
        { ...blank, objectID: 'unsearched', description: 'oak', rank: 3 },
      ],
    );
    expect(await idsOf(reordered, { query: 'oak' })).toEqual(['array', 'nested', 'name']);
  });
});

describe('exact criterion (docs/api.md §3.2, §4.2)', () => {
  const index = 'p16_exact';
  beforeAll(async () => {
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'both', name: 'oak shelf', pop: 0 },
      { objectID: 'both-prefix', name: 'oak shelfware', pop: 5 },
      { objectID: 'both-typo', name: 'oak shlef', pop: 6 },
    ]);
  });

  it('counts whole words, not prefixes or typos', async () => {
    expect(await idsOf(index, { query: 'oak shelf' })).toEqual([
      'both',
      'both-prefix',
      'both-typo',
    ]);
    const info = await rankingOf(index, { query: 'oak shelf' });
    expect([
      info['both']?.nbExactWords,
      info['both-prefix']?.nbExactWords,
      info['both-typo']?.nbExactWords,
    ]).toEqual([2, 1, 1]);
  });

  it('follows exactOnSingleWordQuery attribute, word and none on a one-word query', async () => {
    const oneWord = 'p16_exact_single';
    await seed(oneWord, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'whole', name: 'oak', pop: 1 },
      { objectID: 'word', name: 'oak table', pop: 2 },
      { objectID: 'prefix', name: 'oaken chair', pop: 3 },
    ]);
    expect(await idsOf(oneWord, { query: 'oak' })).toEqual(['whole', 'prefix', 'word']);
    expect(await idsOf(oneWord, { query: 'oak', exactOnSingleWordQuery: 'attribute' })).toEqual([
      'whole',
      'prefix',
      'word',
    ]);
    expect(await idsOf(oneWord, { query: 'oak', exactOnSingleWordQuery: 'word' })).toEqual([
      'word',
      'whole',
      'prefix',
    ]);
    expect(await idsOf(oneWord, { query: 'oak', exactOnSingleWordQuery: 'none' })).toEqual([
      'prefix',
      'word',
      'whole',
    ]);
  });

  it('counts a plural alternative as exact only while alternativesAsExact lists ignorePlurals', async () => {
    const plurals = 'p16_exact_plurals';
    await seed(plurals, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'singular', name: 'oak table', pop: 2 },
      { objectID: 'plural', name: 'oak tables', pop: 1 },
    ]);
    const base = { query: 'oak tables', ignorePlurals: true, queryLanguages: ['en'] as never };
    expect(await idsOf(plurals, base)).toEqual(['singular', 'plural']);
    const info = await rankingOf(plurals, base);
    expect([info['singular']?.nbExactWords, info['plural']?.nbExactWords]).toEqual([2, 2]);
    expect(await idsOf(plurals, { ...base, alternativesAsExact: [] })).toEqual([
      'plural',
      'singular',
    ]);
  });
});

describe('custom criterion and a custom ranking order (docs/api.md §4.1, §4.2)', () => {
  it('chains desc and asc, booleans true first, missing values last at each step', async () => {
    const index = 'p16_custom';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        customRanking: ['desc(featured)', 'desc(rating)', 'asc(price)'],
      },
      [
        { objectID: 'c1', name: 'mug', featured: true, rating: 4, price: 10 },
        { objectID: 'c2', name: 'mug', featured: false, rating: 5, price: 5 },
        { objectID: 'c3', name: 'mug', featured: true, rating: 4, price: 8 },
        { objectID: 'c4', name: 'mug', featured: true, price: 1 },
        { objectID: 'c5', name: 'mug', rating: 5, price: 1 },
        { objectID: 'c6', name: 'mug', featured: true, rating: 4 },
      ],
    );
    const expected = ['c3', 'c1', 'c6', 'c4', 'c2', 'c5'];
    expect(await idsOf(index, { query: 'mug' })).toEqual(expected);
    expect(await idsOf(index, { query: '' })).toEqual(expected);
    const info = await rankingOf(index, { query: 'mug' });
    for (const id of expected) expect(Number.isInteger(info[id]?.userScore)).toBe(true);
  });

  it('applies a ranking with custom first, then the rest in the order given', async () => {
    const index = 'p16_custom_first';
    await seed(
      index,
      {
        searchableAttributes: ['name', 'notes'],
        customRanking: ['desc(pop)'],
        ranking: ['custom', 'attribute', 'typo', 'words', 'proximity', 'exact', 'filters'],
      },
      [
        { objectID: 'exact-low', name: 'coffee', notes: '', pop: 1 },
        { objectID: 'typo-high', name: 'cofee', notes: '', pop: 5 },
        { objectID: 'notes-tie', name: 'cup', notes: 'coffee', pop: 5 },
        { objectID: 'notes-typo-tie', name: 'cup', notes: 'cofee', pop: 5 },
      ],
    );
    // custom: the three pop-5 records first; among them the name before the notes; then typos.
    expect(await idsOf(index, { query: 'coffee' })).toEqual([
      'typo-high',
      'notes-tie',
      'notes-typo-tie',
      'exact-low',
    ]);
  });
});

describe('criteria together: a lexicographic tie-break (docs/api.md §4.2)', () => {
  const index = 'p16_together';
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: ['name', 'description'],
        attributesForFaceting: ['brand'],
        customRanking: ['desc(pop)'],
      },
      [
        { objectID: 'typo', name: 'oak tabel', description: '', brand: 'Z', pop: 100 },
        { objectID: 'best-low', name: 'oak table', description: '', brand: 'Z', pop: 1 },
        { objectID: 'best-high', name: 'oak table', description: '', brand: 'Z', pop: 2 },
        { objectID: 'far', name: 'oak big table', description: '', brand: 'Z', pop: 50 },
        { objectID: 'desc', name: 'chair', description: 'oak table', brand: 'Z', pop: 90 },
        { objectID: 'prefix', name: 'oak tables', description: '', brand: 'Z', pop: 95 },
        { objectID: 'one-word', name: 'oak', description: '', brand: 'Z', pop: 1000 },
        { objectID: 'boosted', name: 'oak big table', description: '', brand: 'Y', pop: 0 },
      ],
    );
  });

  it('sorts typo, words, filters, proximity, attribute, exact, custom in that order', async () => {
    const params = { query: 'oak table', optionalWords: ['table'], optionalFilters: ['brand:Y'] };
    expect(await idsOf(index, params)).toEqual([
      'boosted',
      'best-high',
      'best-low',
      'prefix',
      'desc',
      'far',
      'one-word',
      'typo',
    ]);
    const info = await rankingOf(index, params);
    expect(info['boosted']).toMatchObject({
      nbTypos: 0,
      words: 2,
      filters: 1,
      proximityDistance: 2,
      firstMatchedWord: 0,
      nbExactWords: 2,
    });
    expect(info['prefix']).toMatchObject({ nbTypos: 0, words: 2, filters: 0, nbExactWords: 1 });
    expect(info['desc']).toMatchObject({ proximityDistance: 1, firstMatchedWord: 1000 });
    expect(info['one-word']).toMatchObject({ nbTypos: 0, words: 1, proximityDistance: 0 });
    expect(info['typo']).toMatchObject({ nbTypos: 1, words: 2 });
  });
});

describe('the response contract (docs/api.md §5.1, §5.2)', () => {
  const index = 'p16_response';
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: ['title', 'author.name', 'tags', 'description'],
        attributesForFaceting: ['kind'],
        paginationLimitedTo: 10,
      },
      [
        {
          objectID: 'book',
          title: 'The Green Garden',
          author: { name: 'Ann Green', born: 1970 },
          tags: ['garden', 'green', 'tea'],
          description:
            'one two three four five six seven green eight nine ten eleven twelve thirteen fourteen',
          note: 'nothing here',
          kind: 'book',
        },
        ...Array.from({ length: 24 }, (_, i) => ({
          objectID: `filler-${String(i).padStart(2, '0')}`,
          title: `filler ${i}`,
          author: { name: 'Nobody', born: 2000 },
          tags: [],
          description: 'padding',
          note: 'padding',
          kind: 'filler',
        })),
      ],
    );
  });

  it('highlights nested objects and arrays in the record shape with levels and matched words', async () => {
    const { hits } = await search(index, {
      query: 'green gar',
      attributesToHighlight: ['title', 'author', 'tags', 'note'],
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['book']);
    const result = (hits[0] as unknown as { _highlightResult: Record<string, unknown> })
      ._highlightResult;
    expect(result['title']).toEqual({
      value: 'The <em>Green</em> <em>Gar</em>den',
      matchLevel: 'full',
      matchedWords: ['green', 'gar'],
      fullyHighlighted: false,
    });
    const author = result['author'] as Record<string, Highlight>;
    expect(author['name']).toEqual({
      value: 'Ann <em>Green</em>',
      matchLevel: 'partial',
      matchedWords: ['green'],
      fullyHighlighted: false,
    });
    const tags = result['tags'] as Highlight[];
    expect(tags).toHaveLength(3);
    expect(tags[0]).toMatchObject({ value: '<em>gar</em>den', matchLevel: 'partial' });
    expect(tags[1]).toEqual({
      value: '<em>green</em>',
      matchLevel: 'partial',
      matchedWords: ['green'],
      fullyHighlighted: true,
    });
    expect(tags[2]).toMatchObject({ value: 'tea', matchLevel: 'none', matchedWords: [] });
    expect(result['note']).toMatchObject({
      value: 'nothing here',
      matchLevel: 'none',
      matchedWords: [],
    });
  });

  it('uses custom tags and reports fullyHighlighted on a whole match', async () => {
    const { hits } = await search(index, {
      query: 'the green garden',
      attributesToHighlight: ['title'],
      highlightPreTag: '[[',
      highlightPostTag: ']]',
    });
    expect(
      (hits[0] as unknown as { _highlightResult: { title: Highlight } })._highlightResult.title,
    ).toEqual({
      value: '[[The]] [[Green]] [[Garden]]',
      matchLevel: 'full',
      matchedWords: ['the', 'green', 'garden'],
      fullyHighlighted: true,
    });
  });

  it('snippets N words around the match with the ellipsis text where it cut', async () => {
    const { hits } = await search(index, {
      query: 'green',
      attributesToSnippet: ['description:5'],
      snippetEllipsisText: '...',
    });
    const snippet = (hits[0] as unknown as { _snippetResult: { description: Highlight } })
      ._snippetResult.description;
    expect(snippet.matchLevel).toBe('full');
    expect(snippet.value).toContain('<em>green</em>');
    expect(snippet.value.startsWith('...')).toBe(true);
    expect(snippet.value.endsWith('...')).toBe(true);
    const words = snippet.value
      .replace(/\.\.\./g, ' ')
      .replace(/<\/?em>/g, '')
      .trim()
      .split(/\s+/);
    expect(words).toHaveLength(5);
    expect(words).toContain('green');
  });

  it('limits nbPages to paginationLimitedTo and answers past it with empty hits and a message', async () => {
    const first = await search(index, { query: '', hitsPerPage: 4 });
    expect(first.nbHits).toBe(25);
    expect(first.nbPages).toBe(3);
    const last = await search(index, { query: '', hitsPerPage: 4, page: 2 });
    expect(last.hits).toHaveLength(2);
    const past = await search(index, { query: '', hitsPerPage: 4, page: 3 });
    expect(past.hits).toEqual([]);
    expect(past.nbHits).toBe(25);
    expect(past.message).toMatch(/you can only fetch the 10 hits for this query/);
  });

  it('echoes params, index and query, sends exhaustive flags and a queryID only with clickAnalytics', async () => {
    const plain = await search(index, { query: 'green', hitsPerPage: 3, facets: ['kind'] });
    expect(plain.index).toBe(index);
    expect(plain.query).toBe('green');
    expect(plain.hitsPerPage).toBe(3);
    const params = new URLSearchParams(plain.params ?? '');
    expect(params.get('query')).toBe('green');
    expect(params.get('hitsPerPage')).toBe('3');
    expect(plain.exhaustiveNbHits).toBe(true);
    expect(plain.exhaustiveFacetsCount).toBe(true);
    expect(plain.exhaustiveTypo).toBe(true);
    expect(plain.exhaustive).toEqual({
      facetsCount: true,
      facetValues: true,
      nbHits: true,
      rulesMatch: true,
      typo: true,
    });
    expect(Number.isInteger(plain.processingTimeMS)).toBe(true);
    expect(plain).not.toHaveProperty('queryID');
    expect(plain.facets).toEqual({ kind: { book: 1 } });

    const tracked = await search(index, { query: 'green', clickAnalytics: true });
    expect(tracked.queryID).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('exact, words, attribute and custom criteria in less common cases', () => {
  it('counts no exact word in attributes listed in disableExactOnAttributes', async () => {
    const index = 'p16_exact_disabled';
    await seed(
      index,
      {
        searchableAttributes: ['name', 'alt'],
        disableExactOnAttributes: ['alt'],
        customRanking: ['desc(pop)'],
      },
      [
        { objectID: 'name', name: 'oak shelf', alt: 'x', pop: 1 },
        { objectID: 'alt', name: 'x', alt: 'oak shelf', pop: 2 },
      ],
    );
    const info = await rankingOf(index, { query: 'oak shelf' });
    expect(info['name']?.nbExactWords).toBe(2);
    expect(info['alt']?.nbExactWords).toBe(0);
  });

  it('counts each query word once however often the record repeats it', async () => {
    const index = 'p16_exact_once';
    await seed(index, { searchableAttributes: ['name', 'notes'] }, [
      { objectID: 'twice', name: 'oak oak table', notes: 'oak table' },
    ]);
    const info = await rankingOf(index, { query: 'oak table' });
    expect(info['twice']).toMatchObject({ nbExactWords: 2, words: 2, firstMatchedWord: 0 });
  });

  it('reports the first matched word of a several-word query and the best attribute', async () => {
    const index = 'p16_first_word';
    await seed(index, { searchableAttributes: ['name', 'notes'], customRanking: ['asc(rank)'] }, [
      { objectID: 'second', name: 'big oak table', notes: 'x', rank: 1 },
      { objectID: 'split', name: 'table', notes: 'oak', rank: 2 },
    ]);
    const info = await rankingOf(index, { query: 'oak table' });
    expect(info['second']?.firstMatchedWord).toBe(1);
    expect(info['split']?.firstMatchedWord).toBe(0);
  });

  it('relaxes lastWords one word at a time until something matches', async () => {
    const index = 'p16_words_relax';
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'red-wool-scarf', name: 'red wool scarf', pop: 1 },
      { objectID: 'wool-hat', name: 'wool hat', pop: 3 },
      { objectID: 'blue-scarf', name: 'blue scarf', pop: 4 },
    ]);
    const result = await search(index, {
      query: 'wool zebra yak',
      removeWordsIfNoResults: 'lastWords',
    });
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['wool-hat', 'red-wool-scarf']);
    expect(result.nbHits).toBe(2);
  });

  it('puts missing and null custom values last, and sorts on a nested attribute', async () => {
    const index = 'p16_custom_nested';
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(stats.sales)'] }, [
      { objectID: 'null', name: 'mug', stats: { sales: null } },
      { objectID: 'low', name: 'mug', stats: { sales: 3 } },
      { objectID: 'none', name: 'mug', stats: {} },
      { objectID: 'high', name: 'mug', stats: { sales: 30 } },
      { objectID: 'negative', name: 'mug', stats: { sales: -1 } },
    ]);
    const ids = await idsOf(index, { query: 'mug' });
    expect(ids.slice(0, 3)).toEqual(['high', 'low', 'negative']);
    expect([...ids.slice(3)].sort()).toEqual(['none', 'null']);
  });

  it('sorts first on asc(x) put at the head of ranking, relevance after', async () => {
    const index = 'p16_ranking_sort';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
      },
      [
        { objectID: 'exact-dear', name: 'keyboard', price: 30 },
        { objectID: 'typo-cheap', name: 'keybaord', price: 10 },
        { objectID: 'exact-cheap', name: 'keyboard', price: 10 },
        { objectID: 'no-price', name: 'keyboard' },
      ],
    );
    expect(await idsOf(index, { query: 'keyboard' })).toEqual([
      'exact-cheap',
      'typo-cheap',
      'exact-dear',
      'no-price',
    ]);
  });

  it('counts an array element equal to the single query word as exact', async () => {
    const index = 'p16_exact_array';
    await seed(index, { searchableAttributes: ['tags'], customRanking: ['desc(pop)'] }, [
      { objectID: 'joined', tags: ['oak pine'], pop: 2 },
      { objectID: 'element', tags: ['pine', 'oak'], pop: 1 },
    ]);
    const info = await rankingOf(index, { query: 'oak' });
    expect([info['element']?.nbExactWords, info['joined']?.nbExactWords]).toEqual([1, 0]);
  });
});

describe('the response contract: highlights, snippets and echoed params (docs/api.md §3.2, §5.1, §5.2)', () => {
  const index = 'p16_response_more';
  const description =
    'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma';
  beforeAll(async () => {
    await seed(index, { searchableAttributes: ['title', 'author.name', 'description'] }, [
      {
        objectID: 'only',
        title: 'The Green Garden',
        author: { name: 'Ann Green', born: 1970 },
        description,
        note: 'green note',
      },
    ]);
  });

  it('highlights the searchable attributes by default, nested ones in the record shape', async () => {
    const { hits } = await admin.searchSingleIndex<Record<string, unknown>>({
      indexName: index,
      searchParams: { query: 'green' },
    });
    const result = (hits[0] as unknown as { _highlightResult: Record<string, unknown> })
      ._highlightResult;
    expect(Object.keys(result).sort()).toEqual(['author', 'description', 'title']);
    expect((result['author'] as Record<string, Highlight>)['name']?.value).toBe(
      'Ann <em>Green</em>',
    );
    expect(result['description']).toMatchObject({ matchLevel: 'none', matchedWords: [] });
  });

  it('highlights a word matched with a typo', async () => {
    const { hits } = await search(index, { query: 'gardne', attributesToHighlight: ['title'] });
    expect(hits.map((hit) => hit.objectID)).toEqual(['only']);
    const title = (hits[0] as unknown as { _highlightResult: { title: Highlight } })
      ._highlightResult.title;
    expect(title.value).toBe('The Green <em>Garden</em>');
    expect(title.matchLevel).toBe('full');
  });

  it('snippets 10 words by default with the default ellipsis, none at an uncut start', async () => {
    const { hits } = await search(index, {
      query: 'alpha',
      attributesToSnippet: ['description', 'title:3'],
    });
    const snippets = (hits[0] as unknown as { _snippetResult: Record<string, Highlight> })
      ._snippetResult;
    // docs/api.md is silent on a space before the ellipsis: either is accepted.
    expect(snippets['description']?.value).toMatch(
      /^<em>alpha<\/em> beta gamma delta epsilon zeta eta theta iota kappa ?…$/,
    );
    expect(snippets['description']?.matchLevel).toBe('full');
    // Three words of a three-word title: nothing cut, no ellipsis, no match.
    expect(snippets['title']).toMatchObject({ value: 'The Green Garden', matchLevel: 'none' });
  });

  it('snippets the end of a text with the ellipsis only before it', async () => {
    const { hits } = await search(index, {
      query: 'sigma',
      attributesToSnippet: ['description:4'],
      snippetEllipsisText: '[…]',
    });
    const value = (hits[0] as unknown as { _snippetResult: { description: Highlight } })
      ._snippetResult.description.value;
    expect(value.startsWith('[…]')).toBe(true);
    expect(value.endsWith('<em>sigma</em>')).toBe(true);
    expect(value.replace('[…]', '').trim().split(/\s+/)).toHaveLength(4);
  });

  it('echoes array parameters JSON-encoded in params and a fresh queryID per search', async () => {
    const first = await search(index, {
      query: 'green',
      attributesToRetrieve: ['title'],
      clickAnalytics: true,
    });
    const params = new URLSearchParams(first.params ?? '');
    expect(JSON.parse(params.get('attributesToRetrieve') ?? 'null')).toEqual(['title']);
    expect(params.get('clickAnalytics')).toBe('true');
    expect(first.hits[0]).toEqual({ objectID: 'only', title: 'The Green Garden' });
    const second = await search(index, { query: 'green', clickAnalytics: true });
    expect(second.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(second.queryID).not.toBe(first.queryID);
    expect(Number.isInteger(first.serverTimeMS)).toBe(true);
  });
});

describe('scores, booleans, raw text and hidden attributes', () => {
  const index = 'p16_third';
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: ['title', 'unordered(specs.finish)', 'secret'],
        attributesForFaceting: ['brand', 'inStock'],
        unretrievableAttributes: ['secret'],
        customRanking: ['asc(inStock)', 'asc(rank)'],
      },
      [
        {
          objectID: 'html',
          title: '<b>Bold</b> green & "quoted" lamp',
          specs: { finish: 'matte green' },
          secret: 'lamp code',
          brand: 'Alto',
          inStock: true,
          rank: 1,
        },
        {
          objectID: 'accent',
          title: 'Crème brûlée lamp',
          specs: { finish: 'gloss' },
          secret: 'x',
          brand: 'Bex',
          inStock: false,
          rank: 2,
        },
        {
          objectID: 'twice',
          title: 'lamp by a lamp',
          specs: { finish: 'none' },
          secret: 'x',
          brand: 'Cora',
          inStock: true,
          rank: 0,
        },
      ],
    );
  });

  it('sorts asc on a boolean with false first', async () => {
    expect(await idsOf(index, { query: '' })).toEqual(['accent', 'twice', 'html']);
  });

  it('returns stored text unescaped with every occurrence of a word highlighted', async () => {
    const { hits } = await search(index, {
      query: 'lamp',
      attributesToHighlight: ['title'],
      filters: 'NOT brand:Bex',
    });
    const titles = Object.fromEntries(
      hits.map((hit) => [
        hit.objectID,
        (hit as unknown as { _highlightResult: { title: Highlight } })._highlightResult.title.value,
      ]),
    );
    expect(titles['html']).toBe('<b>Bold</b> green & "quoted" <em>lamp</em>');
    expect(titles['twice']).toBe('<em>lamp</em> by a <em>lamp</em>');
  });

  it('highlights the original accented text of a folded prefix', async () => {
    const { hits } = await search(index, { query: 'creme bru', attributesToHighlight: ['title'] });
    expect(hits.map((hit) => hit.objectID)).toEqual(['accent']);
    expect(
      (hits[0] as unknown as { _highlightResult: { title: Highlight } })._highlightResult.title,
    ).toMatchObject({ value: '<em>Crème</em> <em>brû</em>lée lamp', matchLevel: 'full' });
  });

  it('uses the highlight tags in snippets too', async () => {
    const { hits } = await search(index, {
      query: 'matte',
      attributesToSnippet: ['specs.finish:1'],
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['html']);
    const snippet = (hit: unknown) =>
      (hit as { _snippetResult: { specs: { finish: Highlight } } })._snippetResult.specs.finish;
    expect(snippet(hits[0]).value).toMatch(/^__ais-highlight__matte__\/ais-highlight__ ?…$/);
  });

  it('ranks by an unretrievable attribute but never shows it to a search key, not even highlighted', async () => {
    const visitor = clientFor(server, searchKey);
    const { hits } = await visitor.searchSingleIndex<Record<string, unknown>>({
      indexName: index,
      searchParams: {
        query: 'code',
        attributesToHighlight: ['*'],
        attributesToSnippet: ['*'],
        getRankingInfo: true,
      },
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['html']);
    const hit = hits[0] as Record<string, unknown>;
    expect(hit).not.toHaveProperty('secret');
    expect(hit['_highlightResult'] ?? {}).not.toHaveProperty('secret');
    expect(hit['_snippetResult'] ?? {}).not.toHaveProperty('secret');
  });

  it('scores a negative optional filter and a boolean optional filter', async () => {
    expect(
      await idsOf(index, {
        query: 'lamp',
        optionalFilters: ['brand:-Bex<score=3>', 'inStock:false'],
      }),
    ).toEqual(['twice', 'html', 'accent']);
    const info = await rankingOf(index, {
      query: 'lamp',
      optionalFilters: ['brand:-Bex<score=3>', 'inStock:false'],
    });
    expect([info['twice']?.filters, info['html']?.filters, info['accent']?.filters]).toEqual([
      3, 3, 1,
    ]);
  });

  it('sums the scores of a filters OR group with sumOrFiltersScores', async () => {
    const params = {
      query: 'lamp',
      filters: 'brand:Alto<score=2> OR inStock:true<score=5>',
      sumOrFiltersScores: true,
    };
    const info = await rankingOf(index, params);
    expect(info['html']?.filters).toBe(7);
    expect(info['twice']?.filters).toBe(5);
    expect(await idsOf(index, params)).toEqual(['html', 'twice']);
  });

  it('ignores word position in an unordered nested attribute', async () => {
    const info = await rankingOf(index, { query: 'green' });
    // The title reads b, bold, b, green, quoted, lamp: "green" is word 3 of attribute 0.
    expect(info['html']?.firstMatchedWord).toBe(3);
    const finish = await rankingOf(index, {
      query: 'matte',
      restrictSearchableAttributes: ['specs.finish'],
    });
    expect(finish['html']?.firstMatchedWord).toBe(1000);
  });
});

describe('prefixes with typos, sums of distances, array scores, paging', () => {
  it('matches the last word as a prefix with a typo', async () => {
    const index = 'p16_prefix_typo';
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'zero', name: 'keyboard', pop: 1 },
      { objectID: 'one', name: 'keybaord', pop: 2 },
      { objectID: 'two', name: 'kebyaord', pop: 3 },
    ]);
    // "kyeb" is one swap from the prefix "keyb" of the first two and one deletion from the prefix "keb" of the
    // third: one typo each, so the custom ranking decides.
    expect(await idsOf(index, { query: 'kyeb' })).toEqual(['two', 'one', 'zero']);
    const info = await rankingOf(index, { query: 'kyeb' });
    expect([info['two']?.nbTypos, info['one']?.nbTypos, info['zero']?.nbTypos]).toEqual([1, 1, 1]);
    // "keyb" is a typo-free prefix of the first two only.
    expect(await idsOf(index, { query: 'keyb' })).toEqual(['one', 'zero', 'two']);
  });

  it('sums the distances of consecutive query words', async () => {
    const index = 'p16_prox_sum';
    await seed(index, { searchableAttributes: ['title'], customRanking: ['desc(pop)'] }, [
      { objectID: 'spread', title: 'solar panel roof kit', pop: 2 },
      { objectID: 'tight', title: 'solar panel kit', pop: 1 },
    ]);
    const info = await rankingOf(index, { query: 'solar panel kit' });
    expect([info['tight']?.proximityDistance, info['spread']?.proximityDistance]).toEqual([2, 3]);
    expect(await idsOf(index, { query: 'solar panel kit' })).toEqual(['tight', 'spread']);
  });

  it('scores an OR group of optional filters matching two values of one array', async () => {
    const index = 'p16_filters_array';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        attributesForFaceting: ['colors'],
        customRanking: ['asc(rank)'],
      },
      [
        { objectID: 'both', name: 'vase', colors: ['red', 'blue'], rank: 3 },
        { objectID: 'blue', name: 'vase', colors: ['blue'], rank: 1 },
        { objectID: 'red', name: 'vase', colors: ['red'], rank: 2 },
      ],
    );
    const optionalFilters = [['colors:red<score=2>', 'colors:blue<score=3>']];
    expect(await idsOf(index, { query: 'vase', optionalFilters })).toEqual(['blue', 'both', 'red']);
    const summed = await rankingOf(index, {
      query: 'vase',
      optionalFilters,
      sumOrFiltersScores: true,
    });
    expect([summed['both']?.filters, summed['blue']?.filters, summed['red']?.filters]).toEqual([
      5, 3, 2,
    ]);
  });

  it('highlights a full word only for a non-last query word, and marks a repeated word fully', async () => {
    const index = 'p16_highlight_prefix';
    await seed(index, { searchableAttributes: ['title'] }, [
      { objectID: 'garden', title: 'The Green Garden' },
      { objectID: 'lamps', title: 'lamp lamp' },
    ]);
    const { hits } = await search(index, {
      query: 'gar green',
      optionalWords: ['gar'],
      attributesToHighlight: ['title'],
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['garden']);
    expect(
      (hits[0] as unknown as { _highlightResult: { title: Highlight } })._highlightResult.title,
    ).toMatchObject({
      value: 'The <em>Green</em> Garden',
      matchLevel: 'partial',
      matchedWords: ['green'],
    });
    const repeated = await search(index, { query: 'lamp', attributesToHighlight: ['title'] });
    expect(
      (repeated.hits[0] as unknown as { _highlightResult: { title: Highlight } })._highlightResult
        .title,
    ).toEqual({
      value: '<em>lamp</em> <em>lamp</em>',
      matchLevel: 'full',
      matchedWords: ['lamp'],
      fullyHighlighted: true,
    });
  });

  it('pages with offset and length inside paginationLimitedTo and echoes the page past it', async () => {
    const index = 'p16_paging';
    await seed(
      index,
      { searchableAttributes: ['name'], paginationLimitedTo: 10, customRanking: ['asc(rank)'] },
      Array.from({ length: 15 }, (_, i) => ({
        objectID: `r${String(i).padStart(2, '0')}`,
        name: 'row',
        rank: i,
      })),
    );
    const window = await search(index, { query: 'row', offset: 8, length: 4 });
    expect(window.hits.map((hit) => hit.objectID)).toEqual(['r08', 'r09']);
    const full = await search(index, { query: 'row', hitsPerPage: 1000 });
    expect(full.hits).toHaveLength(10);
    expect(full.nbHits).toBe(15);
    expect(full.nbPages).toBe(1);
    const past = await search(index, { query: 'row', hitsPerPage: 5, page: 2 });
    expect(past.page).toBe(2);
    expect(past.hitsPerPage).toBe(5);
    expect(past.nbPages).toBe(2);
    expect(past.hits).toEqual([]);
    expect(past.message).toMatch(/you can only fetch the 10 hits/);
    const inside = await search(index, { query: 'row', hitsPerPage: 5, page: 1 });
    expect(inside).not.toHaveProperty('message');
    expect(inside.hits[0]).not.toHaveProperty('_rankingInfo');
    const untracked = await search(index, { query: 'row', clickAnalytics: false });
    expect(untracked).not.toHaveProperty('queryID');
  });
});

describe('index defaults, summed typos, prefix modes, synonyms as exact', () => {
  it('sums the typos of every query word', async () => {
    const index = 'p16_typo_sum';
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'none', name: 'keyboard mouse', pop: 1 },
      { objectID: 'two', name: 'keybaord mosue', pop: 3 },
      { objectID: 'one', name: 'keyboard mosue', pop: 2 },
    ]);
    expect(await idsOf(index, { query: 'keyboard mouse', queryType: 'prefixNone' })).toEqual([
      'none',
      'one',
      'two',
    ]);
    const info = await rankingOf(index, { query: 'keyboard mouse', queryType: 'prefixNone' });
    expect([info['none']?.nbTypos, info['one']?.nbTypos, info['two']?.nbTypos]).toEqual([0, 1, 2]);
    expect(
      await idsOf(index, {
        query: 'keyboard mouse',
        queryType: 'prefixNone',
        typoTolerance: 'strict',
      }),
    ).toEqual(['none', 'one']);
  });

  it('highlights every word as a prefix with prefixAll and none with prefixNone', async () => {
    const index = 'p16_prefix_modes';
    await seed(index, { searchableAttributes: ['title'] }, [
      { objectID: 'garden', title: 'The Green Garden' },
    ]);
    const all = await search(index, {
      query: 'gar gre',
      queryType: 'prefixAll',
      attributesToHighlight: ['title'],
    });
    expect(
      (all.hits[0] as unknown as { _highlightResult: { title: Highlight } })._highlightResult.title,
    ).toMatchObject({ value: 'The <em>Gre</em>en <em>Gar</em>den', matchLevel: 'full' });
    expect(await idsOf(index, { query: 'gar gre' })).toEqual([]);
    expect(await idsOf(index, { query: 'green gar', queryType: 'prefixNone' })).toEqual([]);
    expect(await idsOf(index, { query: 'green garden', queryType: 'prefixNone' })).toEqual([
      'garden',
    ]);
  });

  it('applies exactOnSingleWordQuery, typoTolerance and optionalWords set as index defaults', async () => {
    const index = 'p16_defaults';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        customRanking: ['desc(pop)'],
        exactOnSingleWordQuery: 'none',
        typoTolerance: 'min',
        optionalWords: ['red'],
      },
      [
        { objectID: 'whole', name: 'oak', pop: 1 },
        { objectID: 'word', name: 'oak table', pop: 2 },
        { objectID: 'prefix', name: 'oaken chair', pop: 3 },
        { objectID: 'keyboard', name: 'keyboard', pop: 1 },
        { objectID: 'typo', name: 'keybaord', pop: 2 },
      ],
    );
    expect(await idsOf(index, { query: 'oak' })).toEqual(['prefix', 'word', 'whole']);
    expect(await idsOf(index, { query: 'oak', exactOnSingleWordQuery: 'attribute' })).toEqual([
      'whole',
      'prefix',
      'word',
    ]);
    expect(await idsOf(index, { query: 'keyboard' })).toEqual(['keyboard']);
    expect(await idsOf(index, { query: 'keyboard', typoTolerance: true })).toEqual([
      'keyboard',
      'typo',
    ]);
    expect(await idsOf(index, { query: 'red oak table' })).toEqual(['word']);
  });

  it('counts a single-word synonym as exact only while alternativesAsExact lists it', async () => {
    const index = 'p16_synonym_exact';
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, [
      { objectID: 'couch', name: 'couch', pop: 1 },
      { objectID: 'sofabed', name: 'sofabed', pop: 2 },
    ]);
    const saved = await admin.saveSynonyms({
      indexName: index,
      synonymHit: [{ objectID: 'sofa-couch', type: 'synonym', synonyms: ['sofa', 'couch'] }],
    });
    await admin.waitForTask({ indexName: index, taskID: saved.taskID });
    const base = { query: 'sofa', exactOnSingleWordQuery: 'word' as const };
    expect(await idsOf(index, base)).toEqual(['couch', 'sofabed']);
    const info = await rankingOf(index, base);
    expect([info['couch']?.nbExactWords, info['sofabed']?.nbExactWords]).toEqual([1, 0]);
    expect(await idsOf(index, { ...base, alternativesAsExact: ['ignorePlurals'] })).toEqual([
      'sofabed',
      'couch',
    ]);
  });

  it('leaves nbHits alone under optional filters', async () => {
    const index = 'p16_filters';
    const plain = await search(index, { query: 'lamp' });
    const boosted = await search(index, { query: 'lamp', optionalFilters: ['brand:Cora'] });
    expect(boosted.nbHits).toBe(plain.nbHits);
    expect(boosted.hits[0]?.objectID).toBe('c-red');
  });
});

describe('distinct by rank, alternative matches highlighted, tag defaults', () => {
  it('keeps the best-ranked record of each distinct group, optional filters included', async () => {
    const index = 'p16_distinct';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        attributesForFaceting: ['brand'],
        attributeForDistinct: 'group',
        customRanking: ['desc(pop)'],
      },
      [
        { objectID: 'a-popular', name: 'keyboard', group: 'a', brand: 'X', pop: 9 },
        { objectID: 'a-boosted', name: 'keyboard', group: 'a', brand: 'Y', pop: 1 },
        { objectID: 'a-typo', name: 'keybaord', group: 'a', brand: 'X', pop: 99 },
        { objectID: 'b-only', name: 'keyboard', group: 'b', brand: 'X', pop: 5 },
      ],
    );
    expect(await idsOf(index, { query: 'keyboard', distinct: true })).toEqual([
      'a-popular',
      'b-only',
    ]);
    expect(
      await idsOf(index, { query: 'keyboard', distinct: true, optionalFilters: ['brand:Y'] }),
    ).toEqual(['a-boosted', 'b-only']);
    expect(await idsOf(index, { query: 'keybaord', distinct: true })).toEqual(['a-typo', 'b-only']);
  });

  it('highlights words matched through a plural or a synonym, partial while a query word is missing', async () => {
    const index = 'p16_highlight_alternatives';
    await seed(index, { searchableAttributes: ['name'] }, [
      { objectID: 'table', name: 'oak table' },
      { objectID: 'couch', name: 'leather couch' },
    ]);
    const saved = await admin.saveSynonyms({
      indexName: index,
      synonymHit: [{ objectID: 'sofa-couch', type: 'synonym', synonyms: ['sofa', 'couch'] }],
    });
    await admin.waitForTask({ indexName: index, taskID: saved.taskID });
    const name = (hit: unknown) =>
      (hit as { _highlightResult: { name: Highlight } })._highlightResult.name;
    const plural = await search(index, {
      query: 'oak tables',
      ignorePlurals: true,
      queryLanguages: ['en'] as never,
      attributesToHighlight: ['name'],
    });
    expect(plural.hits.map((hit) => hit.objectID)).toEqual(['table']);
    expect(name(plural.hits[0])).toMatchObject({
      value: '<em>oak</em> <em>table</em>',
      matchLevel: 'full',
    });
    const synonym = await search(index, { query: 'sofa', attributesToHighlight: ['name'] });
    expect(synonym.hits.map((hit) => hit.objectID)).toEqual(['couch']);
    expect(name(synonym.hits[0])).toMatchObject({
      value: 'leather <em>couch</em>',
      matchLevel: 'full',
    });
    const optional = await search(index, {
      query: 'red oak table',
      optionalWords: ['red'],
      attributesToHighlight: ['name'],
    });
    expect(name(optional.hits[0])).toEqual({
      value: '<em>oak</em> <em>table</em>',
      matchLevel: 'partial',
      matchedWords: ['oak', 'table'],
      fullyHighlighted: true,
    });
  });

  it('highlights and snippets one nested path in the record shape, default post tag, no ellipsis when uncut', async () => {
    const index = 'p16_nested_paths';
    await seed(index, { searchableAttributes: ['author.name', 'title'] }, [
      { objectID: 'only', title: 'Short green note', author: { name: 'Ann Green', born: 1970 } },
    ]);
    const { hits } = await search(index, {
      query: 'green',
      attributesToHighlight: ['author.name'],
      attributesToSnippet: ['title:10'],
      highlightPreTag: '<mark>',
    });
    const hit = hits[0] as unknown as {
      _highlightResult: Record<string, unknown>;
      _snippetResult: Record<string, Highlight>;
    };
    expect(Object.keys(hit._highlightResult)).toEqual(['author']);
    expect(hit._highlightResult['author']).toEqual({
      name: {
        value: 'Ann <mark>Green</em>',
        matchLevel: 'full',
        matchedWords: ['green'],
        fullyHighlighted: false,
      },
    });
    expect(hit._snippetResult['title']).toEqual({
      value: 'Short <mark>green</em> note',
      matchLevel: 'full',
    });
  });

  it('reads optionalFilters given as one string', async () => {
    expect(
      await idsOf('p16_filters', {
        query: 'lamp',
        optionalFilters: 'brand:Cora<score=3>' as never,
      }),
    ).toEqual(['c-red', 'a-red', 'b-blue', 'a-blue']);
  });
});

describe('relaxing limits, empty results, unmatched snippets, folded exact words', () => {
  const index = 'p16_seventh';
  beforeAll(async () => {
    await seed(index, { searchableAttributes: ['name', 'description'] }, [
      {
        objectID: 'wool',
        name: 'Crème wool hat',
        description: 'alpha beta gamma delta epsilon',
      },
    ]);
  });

  it('drops at most five words with lastWords', async () => {
    expect(
      await idsOf(index, {
        query: 'wool qqa qqb qqc qqd qqe',
        removeWordsIfNoResults: 'lastWords',
      }),
    ).toEqual(['wool']);
    expect(
      await idsOf(index, {
        query: 'wool qqa qqb qqc qqd qqe qqf',
        removeWordsIfNoResults: 'lastWords',
      }),
    ).toEqual([]);
    expect(
      await idsOf(index, {
        query: 'qqa qqb qqc qqd qqe wool',
        removeWordsIfNoResults: 'firstWords',
      }),
    ).toEqual(['wool']);
  });

  it('answers no match with zero pages on page 0', async () => {
    const result = await search(index, { query: 'zebra' });
    expect(result).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, page: 0, query: 'zebra' });
  });

  it('snippets an unmatched attribute from its start with matchLevel none', async () => {
    const { hits } = await search(index, {
      query: 'wool',
      attributesToSnippet: ['description:3'],
    });
    expect(
      (hits[0] as unknown as { _snippetResult: { description: Highlight } })._snippetResult
        .description,
    ).toMatchObject({ matchLevel: 'none' });
    expect(
      (hits[0] as unknown as { _snippetResult: { description: Highlight } })._snippetResult
        .description.value,
    ).toMatch(/^alpha beta gamma ?…$/);
  });

  it('counts a folded, differently cased word as exact with no typo', async () => {
    const info = await rankingOf(index, { query: 'CREME hat' });
    expect(info['wool']).toMatchObject({ nbTypos: 0, nbExactWords: 2, words: 2 });
    const { hits } = await search(index, { query: 'CREME', attributesToHighlight: ['name'] });
    expect(
      (hits[0] as unknown as { _highlightResult: { name: Highlight } })._highlightResult.name.value,
    ).toBe('<em>Crème</em> wool hat');
  });
});

describe('a larger index: every page is a slice of one lexicographic order (docs/api.md §4.2)', () => {
  const index = 'p16_large';
  const vocabulary = [
    'jus',
    'd',
    'dune',
    'date',
    'dock',
    'solar',
    'panel',
    'panels',
    'paneled',
    'oak',
    'table',
    'tables',
    'tab',
    'keyboard',
    'keybaord',
    'kayboard',
    'pan',
    'sol',
    'green',
    'garden',
  ];
  let seedState = 16;
  const random = () => {
    seedState = (seedState * 1103515245 + 12345) % 2147483648;
    return seedState / 2147483648;
  };
  const phrase = (min: number, max: number) =>
    Array.from(
      { length: min + Math.floor(random() * (max - min + 1)) },
      () => vocabulary[Math.floor(random() * vocabulary.length)],
    ).join(' ');
  const records = Array.from({ length: 3000 }, (_, i) => ({
    objectID: `big-${String(i).padStart(4, '0')}`,
    name: phrase(1, 5),
    notes: phrase(0, 6),
    about: phrase(0, 4),
    brand: i % 7 === 0 ? 'Alto' : 'Bex',
    group: `g${i % 40}`,
  }));
  const groupOf = new Map(records.map((record) => [record.objectID, record.group]));
  beforeAll(async () => {
    await seed(
      index,
      {
        searchableAttributes: ['name', 'notes', 'unordered(about)'],
        attributesForFaceting: ['brand'],
        attributeForDistinct: 'group',
      },
      records,
    );
  });

  const queries = [
    'jus d',
    'd',
    'jus',
    'solar panel',
    'pan',
    'oak tab',
    'keyboard',
    'keyboard pan',
    'sol pan d',
    'panel solar',
    'table tables',
    'green garden oak',
    'kaybord pan',
  ];
  const variants: SearchParams[] = [
    {},
    { exactOnSingleWordQuery: 'word' },
    { exactOnSingleWordQuery: 'none' },
    { typoTolerance: 'min' },
    { typoTolerance: 'strict' },
    { queryType: 'prefixAll' },
    { queryType: 'prefixNone' },
    { optionalFilters: ['brand:Alto'] },
    { minProximity: 3 } as SearchParams,
    { distinct: true },
    { distinct: 2, optionalFilters: ['brand:Alto<score=2>'] },
    { restrictSearchableAttributes: ['notes', 'about'] },
    { filters: 'brand:Bex' },
    { removeWordsIfNoResults: 'allOptional' },
  ];
  const tuple = (info: RankingInfo) => [
    info.nbTypos,
    -info.words,
    -info.filters,
    info.proximityDistance,
    info.firstMatchedWord,
    -info.nbExactWords,
  ];
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) {
      const difference = (a[i] ?? 0) - (b[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  };

  it('sorts the reported ranking tuples and pages consistently', async () => {
    const problems: string[] = [];
    let large = 0;
    for (const query of queries) {
      for (const variant of variants) {
        const label = `${JSON.stringify(query)} ${JSON.stringify(variant)}`;
        const full = await search(index, {
          query,
          ...variant,
          hitsPerPage: 1000,
          getRankingInfo: true,
        });
        // Past 512 matches a page may come from a scored prefix (the engine's shortcut): count those queries.
        if ((full.nbHits ?? 0) > 600) large += 1;
        const ids = full.hits.map((hit) => hit.objectID);
        const tuples = full.hits.map((hit) =>
          tuple((hit as unknown as { _rankingInfo: RankingInfo })._rankingInfo),
        );
        // With distinct: 2, hitsPerPage counts groups (docs/api.md §3.2): pages are slices of the groups, ordered
        // by their best hit, each bringing its hits of the full answer.
        const grouped = (variant as { distinct?: unknown }).distinct === 2;
        const groups: string[] = [];
        const bestOfGroup: number[][] = [];
        for (const [at, id] of ids.entries()) {
          const group = groupOf.get(id) ?? '';
          if (!grouped || !groups.includes(group)) {
            groups.push(grouped ? group : id);
            bestOfGroup.push(tuples[at] as number[]);
          }
        }
        if (!('minProximity' in variant)) {
          for (let i = 1; i < bestOfGroup.length; i++) {
            if (compare(bestOfGroup[i - 1] as number[], bestOfGroup[i] as number[]) > 0) {
              problems.push(`${label}: hit or group ${i} ranks before ${i - 1}`);
              break;
            }
          }
        }
        for (const [hitsPerPage, page] of [
          [5, 0],
          [5, 2],
          [13, 1],
          [1, 0],
        ] as const) {
          const slice = await search(index, { query, ...variant, hitsPerPage, page });
          const wanted = groups.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
          const expected = grouped
            ? ids.filter((id) => wanted.includes(groupOf.get(id) ?? '')).sort()
            : wanted;
          const actual = slice.hits.map((hit) => hit.objectID);
          if (grouped) actual.sort();
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            problems.push(`${label} page ${page}×${hitsPerPage}: ${actual} ≠ ${expected}`);
          if (slice.nbHits !== full.nbHits) problems.push(`${label}: nbHits differs`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(large).toBeGreaterThan(30);
  }, 120_000);
});

describe('a larger index with a custom ranking: pages slice one order, missing values last', () => {
  const index = 'p16_large_custom';
  const words = ['jus', 'd', 'dune', 'solar', 'panel', 'panels', 'oak', 'table', 'tab', 'pan'];
  let state = 1616;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const records = Array.from({ length: 2000 }, (_, i) => {
    const name = Array.from(
      { length: 1 + Math.floor(random() * 4) },
      () => words[Math.floor(random() * words.length)],
    ).join(' ');
    const record: Record<string, unknown> = { objectID: `c-${String(i).padStart(4, '0')}`, name };
    if (i % 9 !== 0) record['pop'] = Math.floor(random() * 20);
    return record;
  });
  const popOf = new Map(
    records.map((record) => [record['objectID'] as string, record['pop'] as number | undefined]),
  );
  beforeAll(async () => {
    await seed(index, { searchableAttributes: ['name'], customRanking: ['desc(pop)'] }, records);
  });

  it('ranks by relevance then pop, missing pop last among equals, and pages consistently', async () => {
    const problems: string[] = [];
    for (const query of ['', 'jus d', 'pan', 'solar panel', 'oak tab']) {
      const full = await search(index, { query, hitsPerPage: 1000, getRankingInfo: true });
      const keys = full.hits.map((hit) => {
        const info = (hit as unknown as { _rankingInfo: RankingInfo })._rankingInfo;
        const pop = popOf.get(hit.objectID);
        return [
          info.nbTypos,
          info.proximityDistance,
          info.firstMatchedWord,
          -info.nbExactWords,
          pop === undefined ? 1 : 0,
          -(pop ?? 0),
        ];
      });
      for (let i = 1; i < keys.length; i++) {
        const a = keys[i - 1] as number[];
        const b = keys[i] as number[];
        const difference = a.map((value, at) => value - (b[at] ?? 0)).find((value) => value !== 0);
        if (difference !== undefined && difference > 0) {
          problems.push(`${JSON.stringify(query)}: hit ${i} ranks before hit ${i - 1}`);
          break;
        }
      }
      const ids = full.hits.map((hit) => hit.objectID);
      for (const [hitsPerPage, page] of [
        [7, 0],
        [7, 3],
        [1, 5],
      ] as const) {
        const slice = await search(index, { query, hitsPerPage, page });
        const actual = slice.hits.map((hit) => hit.objectID);
        const expected = ids.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          problems.push(
            `${JSON.stringify(query)} page ${page}×${hitsPerPage}: ${actual} ≠ ${expected}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('optional filters under a sort (docs/api.md §3.2, §4.3)', () => {
  it('cannot reorder a sort-by, but order records equal on it before the custom ranking', async () => {
    const index = 'p16_sorted_boost';
    await seed(
      index,
      {
        searchableAttributes: ['name'],
        attributesForFaceting: ['brand'],
        customRanking: ['desc(pop)'],
        ranking: [
          'asc(price)',
          'typo',
          'geo',
          'words',
          'filters',
          'proximity',
          'attribute',
          'exact',
          'custom',
        ],
      },
      [
        { objectID: 'cheap-popular', name: 'lamp', brand: 'Bex', price: 10, pop: 9 },
        { objectID: 'cheap-boosted', name: 'lamp', brand: 'Alto', price: 10, pop: 1 },
        { objectID: 'dear-boosted', name: 'lamp', brand: 'Alto', price: 50, pop: 5 },
        { objectID: 'mid-plain', name: 'lamp', brand: 'Bex', price: 20, pop: 0 },
      ],
    );
    expect(await idsOf(index, { query: 'lamp' })).toEqual([
      'cheap-popular',
      'cheap-boosted',
      'mid-plain',
      'dear-boosted',
    ]);
    expect(await idsOf(index, { query: 'lamp', optionalFilters: ['brand:Alto'] })).toEqual([
      'cheap-boosted',
      'cheap-popular',
      'mid-plain',
      'dear-boosted',
    ]);
  });
});
