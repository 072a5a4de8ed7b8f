import type { LiteClient } from 'algoliasearch/lite';
import type { Locale } from '../../i18n/locale.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { CategoryLookup } from '../../lib/search/category-lookup.ts';

/** An item of any of the panel's sources, as the library types them. */
export type PanelItem = Record<string, unknown>;

/** What every source and plugin of the header's autocomplete shares. */
export interface AutocompleteContext {
  readonly locale: Locale;
  readonly texts: Messages['autocomplete'];
  readonly categories: CategoryLookup;
  readonly searchClient: LiteClient;
  /** The panel's searches' tags (`lang:<locale>`, `autocomplete`): not counted as shopper queries. */
  readonly analyticsTags: string[];
  /** The shopper accepted analytics: queries carry clickAnalytics, selections send click events. */
  readonly tracked: boolean;
  /** The search page of a query, in the page's language. */
  readonly searchPage: (query: string) => string;
  /**
   * Every source's `onSelect`: an item chosen with the pointer (click, tap) opens its address (the keyboard's
   * Enter goes through the library's navigator instead); with a modifier key, in a new tab.
   */
  readonly openOnClick: (params: {
    readonly event: unknown;
    readonly itemUrl?: string | undefined;
  }) => void;
}

/** The parameters that make a panel search a tracked one (clickAnalytics) only with the shopper's consent. */
export function analyticsParameters(context: AutocompleteContext): {
  analyticsTags: string[];
  clickAnalytics?: true;
} {
  return context.tracked
    ? { analyticsTags: context.analyticsTags, clickAnalytics: true }
    : { analyticsTags: context.analyticsTags };
}
