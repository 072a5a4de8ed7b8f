import { describe, expect, it } from 'vitest';
import products from './fixtures/off-fr-sample.json' with { type: 'json' };
import { SearchIndex } from './search-index.ts';
import type { SearchRecord } from './types.ts';

function index(): SearchIndex {
  const search = new SearchIndex({
    searchableAttributes: ['name', 'brand', 'category'],
    attributesForFaceting: ['searchable(brand)', 'category'],
    queryLanguages: ['fr'],
    ignorePlurals: true,
    removeStopWords: true,
  });
  search.saveObjects(products as SearchRecord[]);
  return search;
}

const names = (result: { hits: readonly { record: SearchRecord }[] }) =>
  result.hits.map((hit) => String(hit.record['name']));

describe('French products (Open Food Facts sample)', () => {
  it('matches without accents and across ligatures', () => {
    const search = index();
    expect(names(search.search({ text: 'cereales', hitsPerPage: 100 }))).toContain(
      'Céréales fourrées chocolat noisettes',
    );
    expect(names(search.search({ text: 'oeufs frais' }))).toContain(
      'Boudoir au Œufs Frais et Sucre de Canne',
    );
    expect(names(search.search({ text: 'pepites chocolat', hitsPerPage: 50 }))).toContain(
      'Biscuits Pépites de Chocolat',
    );
  });

  it("drops elided articles: d'orange and l'ancienne match orange and ancienne", () => {
    const search = index();
    expect(names(search.search({ text: 'jus orange', hitsPerPage: 100 }))).toContain(
      "Pur Jus d'Orange",
    );
    expect(names(search.search({ text: 'ancienne' }))).toContain("Chips à l'ancienne");
  });

  it('ignores French plurals and stop words', () => {
    const search = index();
    expect(
      names(search.search({ text: 'pomme', queryType: 'prefixNone', hitsPerPage: 100 })),
    ).toContain('Pur Jus de Pommes');
    const withStopWords = search.search({ text: 'jus de pomme', hitsPerPage: 100 }).totalHits;
    expect(withStopWords).toBe(search.search({ text: 'jus pomme', hitsPerPage: 100 }).totalHits);
  });

  it('tolerates typos and highlights the folded prefix in the original text', () => {
    const search = index();
    expect(names(search.search({ text: 'chocolta', hitsPerPage: 100 }))).toContain(
      'Biscuit Fourré chocolat',
    );
    const [hit] = search.search({
      text: 'crem',
      filter: { kind: 'facet', attribute: 'category', value: 'soupes' },
    }).hits;
    expect(hit?.highlight?.['name']).toMatchObject({
      value: expect.stringContaining('<em>Crèm</em>e'),
    });
  });

  it('counts brands and searches their values', () => {
    const search = index();
    const result = search.search({ text: 'jus', facets: ['brand'], maxValuesPerFacet: 3 });
    expect(Object.keys(result.facetCounts['brand'] ?? {})).toHaveLength(3);
    expect(search.searchFacetValues('brand', 'carref', { text: '' }, 5).hits[0]).toMatchObject({
      value: 'Carrefour',
      highlighted: '<em>Carref</em>our',
    });
  });
});
