import type { Locale } from '../../i18n/locale.ts';

/**
 * The `analyticsTags` the storefront's searches carry, so that the Analytics API can tell them apart (Algolia's
 * segments): every search names its page's language (`lang:en`, `lang:fr`); the header panel's searches also
 * carry `autocomplete`, so that a keystroke in the panel is not counted as a shopper's query.
 */
export const autocompleteTag = 'autocomplete';

/** `lang:fr`: the tag of every search made from a page in that language. */
export function languageTag(locale: Locale): string {
  return `lang:${locale}`;
}

/** Tags of the search and category listings' searches. */
export function pageAnalyticsTags(locale: Locale): string[] {
  return [languageTag(locale)];
}

/** Tags of the autocomplete panel's searches (suggestions, products, categories). */
export function autocompleteAnalyticsTags(locale: Locale): string[] {
  return [languageTag(locale), autocompleteTag];
}

/**
 * The Analytics API segment of the shoppers' own searches, in either language: `lang:en OR lang:fr`. The
 * search service leaves `autocomplete`-tagged searches out of a segment that does not name `autocomplete`.
 */
export function shopperSearchesSegment(locales: readonly Locale[]): string {
  return locales.map(languageTag).join(' OR ');
}
