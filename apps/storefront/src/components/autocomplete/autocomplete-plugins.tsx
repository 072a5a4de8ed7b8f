import type { AutocompletePlugin } from '@algolia/autocomplete-js';
import { createQuerySuggestionsPlugin } from '@algolia/autocomplete-plugin-query-suggestions';
import { createRecentSearchesPlugin } from '@algolia/autocomplete-plugin-recent-searches';
import {
  type SuggestionItem,
  suggestionAddress,
  suggestionItems,
  suggestionsIndexName,
} from '../../lib/search/autocomplete-items.ts';
import {
  browserRecentSearchStorage,
  type RecentSearch,
  recentSearchesStore,
} from '../../lib/search/recent-searches.ts';
import {
  type AutocompleteContext,
  analyticsParameters,
  type PanelItem,
} from './autocomplete-context.ts';
import { RecentRow, SectionHeader, SuggestionRow } from './autocomplete-items.tsx';

const suggestionsShown = 5;

type RecentSearchesPlugin = ReturnType<typeof createRecentSearchesPlugin<RecentSearch>>;

/** The shopper's recent searches, kept in this browser only (decision 0019). */
export function recentSearchesPlugin(context: AutocompleteContext): RecentSearchesPlugin {
  return createRecentSearchesPlugin<RecentSearch>({
    storage: recentSearchesStore(browserRecentSearchStorage()),
    transformSource({ source, onRemove }) {
      return {
        ...source,
        getItemUrl: ({ item }) => context.searchPage(item.label),
        onSelect: (params) => {
          source.onSelect?.(params);
          context.openOnClick(params);
        },
        templates: {
          header: () => <SectionHeader title={context.texts.recent} />,
          item: ({ item }) => (
            <RecentRow
              item={item}
              removeLabel={context.texts.removeRecent(item.label)}
              onRemove={() => onRemove(item.id)}
            />
          ),
        },
      };
    },
  });
}

/**
 * The suggestions index of the page's language (Algolia's Query Suggestions records), the first suggestions
 * also scoped to their top categories ("jacket in Jackets" / « veste dans Vestes »), leaving out what the
 * recent searches already show.
 */
export function querySuggestionsPlugin(
  context: AutocompleteContext,
  recent: RecentSearchesPlugin,
): ReturnType<typeof createQuerySuggestionsPlugin> {
  const { locale, categories } = context;
  return createQuerySuggestionsPlugin({
    searchClient: context.searchClient,
    indexName: suggestionsIndexName(locale),
    getSearchParams: () => ({
      ...recent.data?.getAlgoliaSearchParams({ hitsPerPage: suggestionsShown }),
      ...analyticsParameters(context),
    }),
    transformSource({ source }) {
      return {
        ...source,
        getItems(params) {
          // The plugin's request, its answer turned into our items (scopes from `exact_matches`).
          const request = source.getItems(params) as unknown as {
            transformResponse: (response: unknown) => unknown;
          };
          return {
            ...request,
            transformResponse: (response: unknown) =>
              suggestionItems(
                request.transformResponse(response) as readonly {
                  objectID: string;
                  query?: unknown;
                }[],
                locale,
              ),
          } as unknown as ReturnType<typeof source.getItems>;
        },
        getItemUrl: ({ item }) => suggestionAddress(item as SuggestionItem, locale, categories),
        onSelect: (params) => {
          source.onSelect?.(params);
          context.openOnClick(params);
        },
        templates: {
          header: () => <SectionHeader title={context.texts.suggestions} />,
          item: ({ item, components }) => (
            <SuggestionRow
              item={item as SuggestionItem}
              inCategory={context.texts.inCategory}
              highlighted={components.ReverseHighlight({ hit: item, attribute: 'query' })}
            />
          ),
        },
      };
    },
  });
}

/** A plugin as `autocomplete()` takes it, whatever its items (each source renders its own). */
export function asPanelPlugin(plugin: object): AutocompletePlugin<PanelItem, unknown> {
  return plugin as AutocompletePlugin<PanelItem, unknown>;
}
