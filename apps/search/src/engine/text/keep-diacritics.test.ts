import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchResult } from '../types.ts';
import { analyzeText } from './analyze-text.ts';

const ids = (result: SearchResult) => result.hits.map((hit) => hit.record.objectID).sort();

function teaIndex(keepDiacriticsOnCharacters?: string): SearchIndex {
  const index = new SearchIndex({
    searchableAttributes: ['name'],
    ...(keepDiacriticsOnCharacters === undefined ? {} : { keepDiacriticsOnCharacters }),
  });
  index.saveObjects([
    { objectID: 'tea', name: 'Thé vert' },
    { objectID: 'article', name: 'The green' },
    { objectID: 'island', name: 'Færøerne' },
  ]);
  return index;
}

describe('keepDiacriticsOnCharacters', () => {
  it('keeps the listed characters when splitting text', () => {
    const terms = (keep: string) =>
      analyzeText('Thé Crème Ø', {
        separatorsToIndex: '',
        camelCase: false,
        keepDiacriticsOnCharacters: keep,
      }).map((word) => word.term);
    expect(terms('øé')).toEqual(['thé', 'creme', 'ø']);
    expect(terms('')).toEqual(['the', 'creme', 'o']);
  });

  it('folds every accent by default: é and e match each other', () => {
    const index = teaIndex();
    expect(ids(index.search({ text: 'thé' }))).toEqual(['article', 'tea']);
    expect(ids(index.search({ text: 'the' }))).toEqual(['article', 'tea']);
  });

  it('keeps é distinct from e in records and queries when listed', () => {
    const index = teaIndex('øé');
    expect(ids(index.search({ text: 'thé' }))).toEqual(['tea']);
    expect(ids(index.search({ text: 'THÉ' }))).toEqual(['tea']);
    expect(ids(index.search({ text: 'the' }))).toEqual(['article']);
    expect(ids(index.search({ text: 'færøerne' }))).toEqual(['island']);
    expect(ids(index.search({ text: 'faeroerne', typoTolerance: false }))).toEqual([]);
    expect(index.search({ text: 'thé' }).hits[0]?.highlight?.['name']).toMatchObject({
      value: '<em>Thé</em> vert',
      matchLevel: 'full',
    });
  });

  it('re-reads the records when the setting changes', () => {
    const index = teaIndex();
    index.setSettings({ keepDiacriticsOnCharacters: 'é' });
    expect(ids(index.search({ text: 'the' }))).toEqual(['article']);
    index.setSettings({ keepDiacriticsOnCharacters: '' });
    expect(ids(index.search({ text: 'the' }))).toEqual(['article', 'tea']);
  });
});

describe('keepDiacriticsOnCharacters in facet-value search and synonyms', () => {
  function shopIndex(keepDiacriticsOnCharacters: string): SearchIndex {
    const index = new SearchIndex({
      searchableAttributes: ['name'],
      attributesForFaceting: ['searchable(kind)'],
      keepDiacriticsOnCharacters,
      typoTolerance: false,
    });
    index.saveObjects([
      { objectID: 'tea', name: 'Thé vert', kind: 'Thé' },
      { objectID: 'article', name: 'The green', kind: 'The' },
      { objectID: 'ice', name: 'Iced drink', kind: 'Glacé' },
    ]);
    return index;
  }
  const facetValues = (index: SearchIndex, facetQuery: string) =>
    index
      .searchFacetValues('kind', facetQuery, { text: '' }, 10)
      .hits.map((hit) => `${hit.value}:${hit.highlighted}`)
      .sort();

  it('folds facet values and facet queries like record text', () => {
    expect(facetValues(shopIndex(''), 'the')).toEqual(['The:<em>The</em>', 'Thé:<em>Thé</em>']);
    const keeping = shopIndex('é');
    expect(facetValues(keeping, 'the')).toEqual(['The:<em>The</em>']);
    expect(facetValues(keeping, 'THÉ')).toEqual(['Thé:<em>Thé</em>']);
    expect(facetValues(keeping, 'glac')).toEqual(['Glacé:<em>Glac</em>é']);
    expect(facetValues(keeping, 'glace')).toEqual([]);
    expect(facetValues(keeping, 'glacé')).toEqual(['Glacé:<em>Glacé</em>']);
  });

  it('folds synonyms like the query words, and refolds them when the setting changes', () => {
    const index = shopIndex('é');
    index.setSynonyms([{ objectID: 's', type: 'onewaysynonym', input: 'thé', synonyms: ['iced'] }]);
    expect(ids(index.search({ text: 'thé' }))).toEqual(['ice', 'tea']);
    expect(ids(index.search({ text: 'the' }))).toEqual(['article']);
    index.setSettings({ keepDiacriticsOnCharacters: '' });
    expect(ids(index.search({ text: 'the' }))).toEqual(['article', 'ice', 'tea']);
    index.setSettings({ keepDiacriticsOnCharacters: 'É' });
    expect(ids(index.search({ text: 'THÉ' }))).toEqual(['ice', 'tea']);
  });
});
