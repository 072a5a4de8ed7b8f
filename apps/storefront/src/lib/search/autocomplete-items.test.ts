import { describe, expect, it } from 'vitest';
import { sampleCategories } from '../../../test/support/render-page.tsx';
import { buildCategoryTree } from '../catalogue/category-tree.ts';
import {
  categoryItems,
  exactMatchPaths,
  scopeLabels,
  suggestionAddress,
  suggestionItems,
  suggestionsIndexName,
} from './autocomplete-items.ts';
import { createCategoryLookup } from './category-lookup.ts';

const categories = createCategoryLookup(buildCategoryTree(sampleCategories));

const jacket = {
  objectID: 'jacket',
  query: 'jacket',
  __queryID: 'a'.repeat(32),
  products: {
    facets: {
      exact_matches: {
        'hierarchicalCategories.lvl0': [{ value: 'Women', count: 30 }],
        'hierarchicalCategories.lvl2': [
          { value: 'Men > Tops > Jackets', count: 12 },
          { value: 'Women > Tops > Jackets', count: 14 },
          { value: 'Women > Tops > Hoodies & Sweatshirts', count: 2 },
        ],
      },
    },
  },
};

describe('autocomplete suggestions', () => {
  it('reads the suggestions index of the page language', () => {
    expect(suggestionsIndexName('fr')).toBe('products_query_suggestions_fr');
  });

  it('offers the first suggestion in its top categories, most results first, and keeps its queryID', () => {
    const items = suggestionItems([jacket, { objectID: 'jacket men', query: 'jacket men' }], 'en');
    expect(items.map((item) => [item.query, item.categoryLabel])).toEqual([
      ['jacket', undefined],
      ['jacket', 'Jackets (Women)'],
      ['jacket', 'Jackets (Men)'],
      ['jacket men', undefined],
    ]);
    expect(items[1]).toMatchObject({
      __queryID: 'a'.repeat(32),
      category: ['Women', 'Tops', 'Jackets'],
    });
    expect(items[2]?.objectID).toBe('jacket');
  });

  it('names the scopes in French on a French page', () => {
    const [, first] = suggestionItems([jacket], 'fr');
    expect(first?.categoryLabel).toBe('Vestes (Femme)');
    expect(scopeLabels([['Men', 'Tops', 'Jackets']], 'fr')).toEqual(['Vestes']);
  });

  it('reads the deepest category level a suggestion has, and nothing from a record without one', () => {
    expect(
      exactMatchPaths({
        products: {
          facets: {
            exact_matches: { 'hierarchicalCategories.lvl0': [{ value: 'Gear', count: 3 }] },
          },
        },
      }),
    ).toEqual([['Gear']]);
    expect(exactMatchPaths({ query: 'bag' })).toEqual([]);
    expect(suggestionItems([{ objectID: 'x', query: 42 }], 'en')).toEqual([]);
  });

  it("leads a scoped suggestion to the search page of the page's language with its category", () => {
    expect(
      suggestionAddress(
        { query: 'jacket', category: ['Men', 'Tops', 'Jackets'] },
        'en',
        categories,
      ),
    ).toBe('/search?q=jacket&category=men/tops/jackets');
    expect(suggestionAddress({ query: 'veste' }, 'fr', categories)).toBe('/recherche?q=veste');
  });
});

describe('autocomplete categories', () => {
  it('lists the deepest categories first, most products first, each once, with its page', () => {
    const items = categoryItems(
      {
        'hierarchicalCategories.lvl1': { 'Men > Tops': 20, 'Gear > Bags': 4 },
        'hierarchicalCategories.lvl2': { 'Men > Tops > Jackets': 9, 'Men > Tops > Tees': 11 },
      },
      'fr',
      categories,
    );
    expect(items.map((item) => [item.label, item.href])).toEqual([
      ['Homme › Hauts › T-shirts', expect.stringMatching(/^\/categorie\/homme\/hauts\//)],
      ['Homme › Hauts › Vestes', '/categorie/homme/hauts/vestes'],
      ['Équipement › Sacs', expect.stringMatching(/^\/categorie\//)],
    ]);
  });

  it('lists nothing without facets', () => {
    expect(categoryItems(undefined, 'en', categories)).toEqual([]);
  });
});
