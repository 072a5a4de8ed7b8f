import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../index.ts';

function catalogue(settings: ConstructorParameters<typeof SearchIndex>[0] = {}): SearchIndex {
  const index = new SearchIndex({ searchableAttributes: ['name'], ...settings });
  index.saveObjects([
    { objectID: 'bottle', name: 'Affirm Water Bottle' },
    { objectID: 'grips', name: "Go-Get'r Pushup Grips" },
    { objectID: 'rope', name: 'Zing Jump Rope' },
    { objectID: 'wetsuit', name: 'Water sports wetsuit' },
  ]);
  return index;
}

function ids(index: SearchIndex, text: string, extra: Record<string, unknown> = {}): string[] {
  return index.search({ text, ...extra }).hits.map((hit) => String(hit.record.objectID));
}

describe('splitting a query word', () => {
  it('finds both halves when a shopper types two words without the space, counting no typo', () => {
    const index = catalogue();
    const result = index.search({ text: 'waterbottle', getRankingInfo: true });
    const hits = result.hits.map((hit) => [hit.record.objectID, hit.rankingInfo?.typos]);
    expect(hits).toEqual([['bottle', 0]]);
  });

  it('needs the halves in a row, in one attribute', () => {
    const index = new SearchIndex({ searchableAttributes: ['name', 'description'] });
    index.saveObjects([
      { objectID: 'short', name: 'Hawkeye Yoga Short', description: 'Wear it under pants.' },
      { objectID: 'pants', name: 'Karmen Yoga Pants', description: 'Soft.' },
      { objectID: 'apart', name: 'Yoga', description: 'Pants' },
      { objectID: 'reversed', name: 'Pants for yoga', description: '' },
    ]);
    expect(ids(index, 'yogapants')).toEqual(['pants']);
  });

  it('keeps the cut whose parts both exist and highlights them', () => {
    const index = catalogue();
    const [hit] = index.search({ text: 'jumprope' }).hits;
    expect(hit?.record.objectID).toBe('rope');
    expect(JSON.stringify(hit?.highlight)).toContain('<em>Jump</em> <em>Rope</em>');
  });

  it('matches the halves through their plural forms with ignorePlurals', () => {
    const index = catalogue({ ignorePlurals: true, queryLanguages: ['en'] });
    expect(ids(index, 'jumpropes')).toEqual(['rope']);
    expect(ids(index, 'waterbottles')).toEqual(['bottle']);
    expect(ids(catalogue(), 'jumpropes')).toEqual([]);
  });

  it('does not split below minWordSizefor1Typo nor with typoTolerance false', () => {
    const index = catalogue();
    expect(ids(index, 'jumprope', { typoTolerance: false })).toEqual([]);
    expect(ids(index, 'jumprope', { minWordSizefor1Typo: 9 })).toEqual([]);
  });
});

describe('concatenating query words', () => {
  it('matches the record word two query words form together', () => {
    const index = catalogue();
    expect(ids(index, 'push up grips')).toEqual(['grips']);
    const [hit] = index.search({ text: 'push up', getRankingInfo: true }).hits;
    expect(hit?.rankingInfo?.typos).toBe(0);
  });

  it('counts no typo, so the name that forms the word outranks a description holding the words apart', () => {
    const index = new SearchIndex({ searchableAttributes: ['name', 'unordered(description)'] });
    index.saveObjects([
      {
        objectID: 'tee',
        name: 'Training Tee',
        description: 'Work out in it, top to bottom, then head out.',
      },
      { objectID: 'iris', name: 'Iris Workout Top', description: 'Soft and light.' },
    ]);
    const result = index.search({ text: 'work out top', getRankingInfo: true });
    expect(result.hits.map((hit) => [hit.record.objectID, hit.rankingInfo?.typos])).toEqual([
      ['iris', 0],
      ['tee', 0],
    ]);
  });

  it('matches the plural forms of the joined word with ignorePlurals', () => {
    expect(
      ids(catalogue({ ignorePlurals: true, queryLanguages: ['en'] }), 'push ups grips'),
    ).toEqual(['grips']);
    expect(ids(catalogue(), 'push ups grips')).toEqual([]);
  });

  it('prefix-matches the joined word when the second word is still being typed', () => {
    expect(ids(catalogue(), 'push u')).toEqual(['grips']);
  });

  it('is off with typoTolerance false and never joins a phrase', () => {
    const index = catalogue();
    expect(ids(index, 'push up grips', { typoTolerance: false })).toEqual([]);
    expect(ids(index, '"push up" grips', { advancedSyntax: true })).toEqual([]);
  });
});

describe('synonyms whose input holds a stop word', () => {
  it('apply when removeStopWords dropped that word from the query', () => {
    const index = catalogue({ queryLanguages: ['fr'], removeStopWords: true });
    index.setSynonyms([
      {
        objectID: 'corde',
        type: 'onewaysynonym',
        input: 'corde à sauter',
        synonyms: ['jump rope'],
      },
    ]);
    expect(ids(index, 'corde à sauter')).toEqual(['rope']);
    index.setSettings({ removeStopWords: false });
    expect(ids(index, 'corde à sauter')).toEqual(['rope']);
  });
});

describe('splitting a known word', () => {
  it('never happens: a word records hold as typed keeps its meaning', () => {
    const index = new SearchIndex({ searchableAttributes: ['name'] });
    index.saveObjects([
      { objectID: 'jacket', name: 'Rain jacket' },
      { objectID: 'jack', name: 'Jack et Jill' },
    ]);
    expect(ids(index, 'jacket')).toEqual(['jacket']);
    expect(ids(index, 'jacket jill')).toEqual([]);
  });
});

describe('disableTypoToleranceOnWords', () => {
  it('makes the listed words match only as typed: no typo, no split, no join', () => {
    const index = catalogue();
    expect(ids(index, 'bottel')).toEqual(['bottle']);
    expect(ids(index, 'jumprope')).toEqual(['rope']);
    expect(ids(index, 'push up grips')).toEqual(['grips']);
    index.setSettings({ disableTypoToleranceOnWords: ['Bottel', 'jumprope', 'push'] });
    expect(ids(index, 'bottel')).toEqual([]);
    expect(ids(index, 'jumprope')).toEqual([]);
    expect(ids(index, 'push up grips')).toEqual([]);
    expect(ids(index, 'botle')).toEqual(['bottle']);
  });
});
