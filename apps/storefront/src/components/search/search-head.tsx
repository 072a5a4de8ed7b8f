import Head from 'next/head';
import { memo, useEffect, useMemo, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { defaultLocale, type Locale, locales } from '../../i18n/locale.ts';
import { pathFor } from '../../i18n/routes.ts';
import { categoryPagePath } from '../../lib/catalogue/category-tree.ts';
import { addressWriteDelayMs, categoryAttribute } from '../../lib/search/search-attributes.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { categoryPathLabel } from './category-label.ts';
import { useIndexUiStateValue } from './use-search-snapshot.ts';

/**
 * Title, description, canonical address and language alternates of a listing, following the search state:
 * a search is canonically its query (`/search?q=veste`), a category without a query its category page.
 */
export const SearchHead = memo(function SearchHead() {
  // The document head is rewritten (Next's head manager replaces its tags) when the query or the category
  // has settled, as the address is: not on every keystroke (keystroke-to-results latency, bench/web).
  const query = useSettled(useIndexUiStateValue((state) => state.query?.trim() ?? ''));
  const categoryKey = useSettled(
    useIndexUiStateValue((state) =>
      JSON.stringify(state.hierarchicalMenu?.[categoryAttribute] ?? []),
    ),
  );
  return <SearchHeadTags query={query} categoryKey={categoryKey} />;
});

/** Next's `<Head>` rewrites the document's head on each of its renders: rendered when its values change. */
const SearchHeadTags = memo(function SearchHeadTags({
  query,
  categoryKey,
}: {
  query: string;
  /** The category path, as JSON. */
  categoryKey: string;
}) {
  const category = useMemo(() => JSON.parse(categoryKey) as string[], [categoryKey]);
  const messages = useMessages();
  const locale = useLocale();
  const { origin, navigation } = useSiteData();
  const categoryLabel = categoryPathLabel(category, locale);
  const isCategoryListing = category.length > 0 && query === '';
  const title = query
    ? messages.search.titleWithQuery(query)
    : isCategoryListing
      ? messages.search.categoryTitle(categoryLabel)
      : messages.search.title;
  const description = isCategoryListing
    ? messages.search.categoryDescription(categoryLabel)
    : messages.search.description;
  const canonical = (target: Locale) => {
    if (isCategoryListing) {
      return `${origin}${categoryPagePath(category, target, navigation)}`;
    }
    const path = pathFor({ name: 'search' }, target);
    return query ? `${origin}${path}?${new URLSearchParams({ q: query })}` : `${origin}${path}`;
  };
  return (
    <Head>
      <title key="title">{`${title} · ${messages.site.name}`}</title>
      <meta key="description" name="description" content={description} />
      <link key="canonical" rel="canonical" href={canonical(locale)} />
      {locales.map((target) => (
        <link
          key={`alternate-${target}`}
          rel="alternate"
          hrefLang={target}
          href={canonical(target)}
        />
      ))}
      <link
        key="alternate-default"
        rel="alternate"
        hrefLang="x-default"
        href={canonical(defaultLocale)}
      />
    </Head>
  );
});

/** `value` once it has stayed the same for the address's write delay (at once on the first render). */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), addressWriteDelayMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
