import { type AutocompleteSource, getAlgoliaResults } from '@algolia/autocomplete-js';
import { languageSearchParameters } from '@vitrine/catalogue/search-language';
import { productsIndex } from '@vitrine/catalogue/search-settings';
import { rememberQueryID, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { type CategoryItem, categoryItems } from '../../lib/search/autocomplete-items.ts';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { categoryAttributes, hitAttributes } from '../../lib/search/search-attributes.ts';
import {
  type AutocompleteContext,
  analyticsParameters,
  type PanelItem,
} from './autocomplete-context.ts';
import { CategoryRow, ProductRow, SectionHeader } from './autocomplete-items.tsx';

const productsShown = 4;
const categoriesShown = 3;

type ProductItem = ProductHitFields & PanelItem;

/** Products the typed words find, in the page's language: photo, name, price (as the search page's cards). */
export function productsSource(
  context: AutocompleteContext,
  query: string,
): AutocompleteSource<ProductItem> {
  const { locale } = context;
  return {
    sourceId: 'products',
    getItems: () =>
      getAlgoliaResults<ProductItem>({
        searchClient: context.searchClient,
        queries: [
          {
            indexName: productsIndex,
            params: {
              query,
              hitsPerPage: productsShown,
              attributesToRetrieve: hitAttributes,
              ...languageSearchParameters(locale),
              attributesToSnippet: [],
              ...analyticsParameters(context),
            },
          },
        ],
      }),
    getItemUrl: ({ item }) => toProductCard(item, locale).href,
    getItemInputValue: ({ state }) => state.query,
    onSelect(params) {
      context.openOnClick(params);
      const { item } = params;
      // As a click on a search result: "add to cart" on the product page carries this search's queryID.
      const queryID = item['__autocomplete_queryID'];
      const storage = tabStorage();
      const productId = typeof item.productId === 'string' ? item.productId : item.objectID;
      if (context.tracked && storage && typeof queryID === 'string') {
        rememberQueryID(storage, productId, queryID);
      }
    },
    templates: {
      header: () => <SectionHeader title={context.texts.products} />,
      item: ({ item }) => <ProductRow card={toProductCard(item, locale)} />,
    },
  };
}

type CategoryHit = CategoryItem & PanelItem;

/** The categories of the products the typed words find (their page in the page's language). */
export function categoriesSource(
  context: AutocompleteContext,
  query: string,
): AutocompleteSource<CategoryHit> {
  const { locale, categories } = context;
  const language = languageSearchParameters(locale);
  return {
    sourceId: 'categories',
    getItems: () =>
      getAlgoliaResults<CategoryHit>({
        searchClient: context.searchClient,
        queries: [
          {
            indexName: productsIndex,
            params: {
              query,
              hitsPerPage: 0,
              facets: categoryAttributes.slice(1),
              maxValuesPerFacet: 5,
              restrictSearchableAttributes: language.restrictSearchableAttributes,
              queryLanguages: language.queryLanguages,
              analyticsTags: context.analyticsTags,
            },
          },
        ],
        transformResponse: ({ results }) => {
          const first = results[0] as
            | { facets?: Record<string, Record<string, number>> }
            | undefined;
          return categoryItems(first?.facets, locale, categories, categoriesShown) as CategoryHit[];
        },
      }),
    getItemUrl: ({ item }) => item.href,
    getItemInputValue: ({ state }) => state.query,
    onSelect: context.openOnClick,
    templates: {
      header: () => <SectionHeader title={context.texts.categories} />,
      item: ({ item }) => <CategoryRow item={item} />,
    },
  };
}
