import '@algolia/autocomplete-theme-classic/dist/theme.min.css';
import {
  type AutocompleteApi,
  type AutocompletePlugin,
  type AutocompleteSource,
  autocomplete,
} from '@algolia/autocomplete-js';
import { createAlgoliaInsightsPlugin } from '@algolia/autocomplete-plugin-algolia-insights';
import { createElement, Fragment, type ReactNode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../i18n/locale.ts';
import type { Messages } from '../../i18n/messages.ts';
import { browserInsightsClient } from '../../lib/insights/insights-client.ts';
import { autocompleteAnalyticsTags } from '../../lib/search/analytics-tags.ts';
import { suggestionAddress } from '../../lib/search/autocomplete-items.ts';
import type { CategoryLookup } from '../../lib/search/category-lookup.ts';
import { createSearchClient } from '../../lib/search/search-client.ts';
import { fitQuery } from '../../lib/search/search-limits.ts';
import type { PublicConfig } from '../../lib/site/public-config.ts';
import styles from './autocomplete.module.css';
import type { AutocompleteContext, PanelItem } from './autocomplete-context.ts';
import {
  asPanelPlugin,
  querySuggestionsPlugin,
  recentSearchesPlugin,
} from './autocomplete-plugins.tsx';
import { categoriesSource, productsSource } from './autocomplete-sources.tsx';

/**
 * The header's autocomplete: Algolia's Autocomplete library (`@algolia/autocomplete-js`) with its Query
 * Suggestions, Recent Searches and Insights plugins, rendered with React. A module of its own, loaded when the
 * shopper first reaches for the header's search field, so it stays out of every page's first scripts.
 */

export interface HeaderAutocompleteOptions {
  /** Where the autocomplete's form goes (the server's plain form is hidden once it is there). */
  readonly container: HTMLElement;
  readonly locale: Locale;
  readonly texts: Messages['autocomplete'] & {
    readonly label: string;
    readonly placeholder: string;
  };
  /** With a search-only key. */
  readonly publicConfig: PublicConfig;
  readonly categories: CategoryLookup;
  /** The shopper accepted analytics: queries carry clickAnalytics, selections send click events. */
  readonly tracked: boolean;
  /**
   * What the field starts with: typed in the plain field before this module arrived, or in the autocomplete
   * this one replaces (after a change of consent or language).
   */
  readonly initialQuery: string;
  /** Told what the field holds after each change. */
  readonly onQueryChange?: (query: string) => void;
  /** Opens a page of the shop (the router's client-side navigation). */
  readonly navigate: (href: string) => void;
}

/** Below this width (the header's one-column layout) the panel opens full-screen (detached mode). */
export const detachedMediaQuery = '(max-width: 719px)';

export function mountHeaderAutocomplete(
  options: HeaderAutocompleteOptions,
): AutocompleteApi<PanelItem> {
  const context = autocompleteContext(options);
  const { texts } = options;
  const recent = recentSearchesPlugin(context);
  const plugins: AutocompletePlugin<PanelItem, unknown>[] = [
    asPanelPlugin(recent),
    asPanelPlugin(querySuggestionsPlugin(context, recent)),
  ];
  const insights = context.tracked ? browserInsightsClient(options.publicConfig) : undefined;
  if (insights) {
    // Clicks on suggestions and products: clickedObjectIDsAfterSearch with the panel search's queryID and
    // the item's position. Nothing is sent for items merely shown (they are not product views).
    plugins.push(
      asPanelPlugin(
        createAlgoliaInsightsPlugin({ insightsClient: insights.client, onItemsChange: () => {} }),
      ),
    );
  }
  const panel = panelRenderer();
  // The active option, for Shift+Delete on a recent search (the keyboard's way to remove one).
  let active: { sourceId: string; item: PanelItem } | undefined;
  const api = autocomplete<PanelItem>({
    container: options.container,
    placeholder: texts.placeholder,
    openOnFocus: true,
    detachedMediaQuery,
    initialState: { query: fitQuery(options.initialQuery) },
    translations: {
      submitButtonTitle: texts.label,
      clearButtonTitle: texts.clear,
      detachedCancelButtonText: texts.cancel,
      detachedSearchButtonTitle: texts.open,
    },
    classNames: {
      form: styles.form,
      panel: styles.panel,
      detachedContainer: styles.detached,
      detachedSearchButton: styles.detachedButton,
      item: styles.item,
    },
    insights: false,
    plugins,
    onStateChange: ({ state, prevState }) => {
      if (state.query !== prevState.query) options.onQueryChange?.(state.query);
      active = undefined;
      for (const collection of state.collections) {
        const item = collection.items.find(
          (each) => each['__autocomplete_id'] === state.activeItemId,
        );
        if (item) active = { sourceId: collection.source.sourceId, item };
      }
    },
    getInputProps: ({ props }) => ({
      ...props,
      onKeyDown: (event: KeyboardEvent) => {
        const recentId =
          active?.sourceId === 'recentSearchesPlugin' ? active.item['id'] : undefined;
        if (event.key === 'Delete' && event.shiftKey && typeof recentId === 'string') {
          event.preventDefault();
          recent.data?.removeItem(recentId);
          void api.refresh();
          return;
        }
        props.onKeyDown(event);
      },
    }),
    getSources: ({ query }) => {
      const fitted = fitQuery(query.trim());
      if (fitted === '') return [];
      // The keyboard's order is the panel's: suggestions and categories (left column), then products.
      return [
        categoriesSource(context, fitted),
        productsSource(context, fitted),
      ] as unknown as AutocompleteSource<PanelItem>[];
    },
    navigator: {
      navigate: ({ itemUrl }) => options.navigate(itemUrl),
      navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
      navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
    },
    onSubmit: ({ state }) => {
      const query = fitQuery(state.query.trim());
      if (query !== '') options.navigate(context.searchPage(query));
    },
    renderer: { createElement, Fragment, render: () => {} },
    render: ({ elements, state }, element) =>
      panel.render(elements, element, state.status === 'idle' ? state.query : undefined),
  });
  return {
    ...api,
    destroy: () => {
      api.destroy();
      panel.unmount();
    },
  };
}

function autocompleteContext(options: HeaderAutocompleteOptions): AutocompleteContext {
  const { locale, categories } = options;
  return {
    locale,
    texts: options.texts,
    categories,
    searchClient: createSearchClient(options.publicConfig),
    analyticsTags: autocompleteAnalyticsTags(locale),
    tracked: options.tracked,
    searchPage: (query) => suggestionAddress({ query }, locale, categories),
    openOnClick: ({ event, itemUrl }) => {
      // React's event for a click on an option (the keyboard's Enter is the navigator's): type and keys only.
      const pointer = event as {
        type?: string;
        metaKey?: boolean;
        ctrlKey?: boolean;
        shiftKey?: boolean;
      };
      if (!itemUrl || pointer.type !== 'click') return;
      if (pointer.metaKey || pointer.ctrlKey || pointer.shiftKey)
        window.open(itemUrl, '_blank', 'noopener');
      else options.navigate(itemUrl);
    },
  };
}

/**
 * The panel, rendered by a React root of its own (the library creates the panel's element, in the page's
 * body, and a new one for each full-screen opening): suggestions, recent searches and categories on one side,
 * products on the other.
 */
function panelRenderer() {
  let panel: { root: Root; element: HTMLElement; rendered: boolean } | undefined;
  const unmountLater = (previous: typeof panel) => queueMicrotask(() => previous?.root.unmount());
  return {
    render(elements: Record<string, ReactNode>, element: HTMLElement, query: string | undefined) {
      if (panel?.element !== element) {
        unmountLater(panel);
        panel = { root: createRoot(element), element, rendered: false };
      }
      const { recentSearchesPlugin: recent, querySuggestionsPlugin: suggestions } = elements;
      const first = !panel.rendered;
      panel.rendered = true;
      const content = (
        // `data-query`: the query these items answer, once they are in (bench/web times keystroke → painted).
        <div className={styles.layout} data-query={query}>
          <div className={styles.column}>
            {recent}
            {suggestions}
            {elements['categories']}
          </div>
          {elements['products'] && <div className={styles.products}>{elements['products']}</div>}
        </div>
      );
      // The library calls this from a timer after every change of its state. A query's items, once in, are
      // committed at once (a panel root's update is otherwise scheduled a task later); the renders while a
      // query is loading (the previous items, the active option reset) are a transition, which React renders
      // in slices and folds into the items' render when the answer comes first, so they never hold up the
      // answer's handling. The first call runs inside the page's effect, where React cannot flush synchronously.
      if (first) panel.root.render(content);
      else if (query === undefined) startTransition(() => panel?.root.render(content));
      else flushSync(() => panel?.root.render(content));
    },
    unmount() {
      unmountLater(panel);
      panel = undefined;
    },
  };
}
