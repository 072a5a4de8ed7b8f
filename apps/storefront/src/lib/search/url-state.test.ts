import { describe, expect, it } from 'vitest';
import { sampleCategories } from '../../../test/support/render-page.tsx';
import { buildCategoryTree } from '../catalogue/category-tree.ts';
import { createCategoryLookup } from './category-lookup.ts';
import {
  parseSearchAddress,
  routeStateFromUiState,
  type SearchRouteState,
  searchAddress,
  uiStateFromRouteState,
} from './url-state.ts';

const categories = createCategoryLookup(buildCategoryTree(sampleCategories));
const searchPage = { locale: 'en', kind: 'search' } as const;

const fullState: SearchRouteState = {
  query: 'jacket',
  category: ['Men', 'Tops', 'Jackets'],
  lists: { color: ['Black', 'Blue'], size: ['M'], material: ['Organic Cotton'] },
  price: { min: 20, max: 80 },
  rating: 4,
  toggles: ['eco', 'new'],
  sort: 'price-asc',
  page: 2,
  perPage: 40,
};

function addressOf(url: string) {
  const parsed = new URL(url, 'https://shop.test');
  return parseSearchAddress({ pathname: parsed.pathname, search: parsed.search }, categories);
}

describe('the search address', () => {
  it('writes readable parameters and leaves defaults out', () => {
    expect(searchAddress(fullState, searchPage, categories)).toBe(
      '/search?q=jacket&category=men/tops/jackets&color=Black&color=Blue&size=M' +
        '&material=Organic+Cotton&price=20-80&rating=4&eco=1&new=1&sort=price-asc&page=2&perPage=40',
    );
    expect(searchAddress({}, searchPage, categories)).toBe('/search');
    expect(searchAddress({ query: 'veste' }, { locale: 'fr', kind: 'search' }, categories)).toBe(
      '/recherche?q=veste',
    );
  });

  it('reads back exactly what it wrote, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const written = searchAddress(fullState, { locale, kind: 'search' }, categories);
      expect(addressOf(written)).toEqual({ route: fullState, page: { locale, kind: 'search' } });
    }
  });

  it('puts the category in the path on a category page, and leaves it when the category is cleared', () => {
    const page = { locale: 'fr', kind: 'category' } as const;
    const written = searchAddress(fullState, page, categories);
    expect(written).toMatch(/^\/categorie\/homme\/hauts\/vestes\?q=jacket&color=Black/);
    expect(written).not.toContain('category=');
    expect(addressOf(written)).toEqual({ route: fullState, page });
    const { category: _category, ...withoutCategory } = fullState;
    expect(searchAddress(withoutCategory, page, categories)).toMatch(/^\/recherche\?q=jacket&/);
  });

  it('reads a facet value typed by hand as its French label or in another case', () => {
    expect(
      addressOf('/recherche?color=Noir&color=bleu&color=Black&size=m&material=Coton+bio').route,
    ).toEqual({ lists: { color: ['Black', 'Blue'], size: ['m'], material: ['Organic Cotton'] } });
  });

  it('ignores what it does not understand', () => {
    expect(
      addressOf(
        '/search?q=+&page=0&perPage=33&sort=cheapest&rating=9&price=abc&eco=maybe&category=nowhere&utm_source=x',
      ).route,
    ).toEqual({});
    expect(addressOf('/search?page=2.5&price=-80&color=Red&color=Red').route).toEqual({
      price: { max: 80 },
      lists: { color: ['Red'] },
    });
    expect(addressOf('/category/men/unknown').route).toEqual({});
    expect(addressOf('/product/x').page).toBeUndefined();
  });

  it('cuts a query longer than the search service accepts (512 bytes of UTF-8) at a character', () => {
    // 300 × "é" is 300 characters but 600 bytes: the service would refuse it with a 400.
    const long = addressOf(`/recherche?q=${encodeURIComponent('é'.repeat(300))}&color=Red`);
    expect(long.route).toEqual({ query: 'é'.repeat(256), lists: { color: ['Red'] } });
    // What the page writes back is the query it searched for.
    expect(searchAddress(long.route, { locale: 'fr', kind: 'search' }, categories)).toBe(
      `/recherche?q=${encodeURIComponent('é'.repeat(256))}&color=Red`,
    );
    expect(addressOf(`/search?q=${'a'.repeat(600)}`).route.query).toHaveLength(512);
  });
});

describe('the UI state mapping', () => {
  it('round-trips every refinement through InstantSearch’s state', () => {
    const uiState = uiStateFromRouteState(fullState, 'products');
    expect(uiState).toEqual({
      products: {
        query: 'jacket',
        hierarchicalMenu: { 'hierarchicalCategories.lvl0': ['Men', 'Tops', 'Jackets'] },
        refinementList: { colors: ['Black', 'Blue'], sizes: ['M'], material: ['Organic Cotton'] },
        range: { price: '20:80', rating: '4:' },
        toggle: { eco: true, new: true },
        sortBy: 'products_price_asc',
        page: 2,
        hitsPerPage: 40,
      },
    });
    expect(routeStateFromUiState(uiState, 'products')).toEqual(fullState);
  });

  it('drops defaults, empty refinements and other indices', () => {
    expect(
      routeStateFromUiState(
        {
          products: {
            query: '',
            page: 1,
            hitsPerPage: 20,
            sortBy: 'products',
            refinementList: { colors: [] },
            hierarchicalMenu: { 'hierarchicalCategories.lvl0': [] },
            range: { price: ':' },
            toggle: { eco: false },
          },
          relaxed: { query: 'jacket' },
        },
        'products',
      ),
    ).toEqual({});
    expect(uiStateFromRouteState({ price: { min: 10 } }, 'products')).toEqual({
      products: { range: { price: '10:' } },
    });
  });
});
