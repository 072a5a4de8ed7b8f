import { label } from '@vitrine/catalogue/labels';
import { getHighlightedParts, unescape as unescapeHtml } from 'instantsearch.js/es/lib/utils';
import { type ReactNode, useRef, useState } from 'react';
import { useRefinementList } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { FacetGroup } from '../ui/facet-group.tsx';
import { FacetList, type FacetOption } from '../ui/facet-list.tsx';
import { facetName } from './facet-names.ts';

export interface ListFacetProps {
  readonly attribute: string;
  /** Adds a field that searches the facet's values (on the search service, and by French label). */
  readonly searchable?: boolean;
}

interface ListItem {
  readonly value: string;
  readonly count: number;
  readonly isRefined: boolean;
  readonly highlighted?: string;
}

/** A multi-choice facet (any chosen value matches) with counts, "show more" and optional value search. */
export function ListFacet({ attribute, searchable = false }: ListFacetProps) {
  const list = useRefinementList({
    attribute,
    operator: 'or',
    limit: 8,
    showMore: true,
    showMoreLimit: 50,
  });
  const messages = useMessages();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  // The values last shown without a search: French labels are matched against them locally, since the
  // search service searches the facet's values, which are English keys.
  const unsearched = useRef<readonly ListItem[]>([]);
  if (!list.isFromSearch) unsearched.current = list.items;
  if (!list.canRefine && query === '') return null;
  const title = facetName(attribute, messages);
  const shown = list.isFromSearch
    ? mergeLabelMatches(list.items, unsearched.current, query, locale)
    : list.items;
  const selected = list.items.filter((item) => item.isRefined).length;
  const options: FacetOption[] = shown.map((item) => ({
    value: item.value,
    label: itemLabel(item, locale, list.isFromSearch),
    count: formatNumber(item.count, locale),
    selected: item.isRefined,
  }));
  return (
    <FacetGroup title={title} {...(selected > 0 ? { badge: String(selected) } : {})}>
      <FacetList
        title={title}
        options={options}
        onToggle={(value) => {
          list.refine(value);
          if (query) {
            setQuery('');
            list.searchForItems('');
          }
        }}
        {...(searchable
          ? {
              search: {
                label: messages.search.facetSearch(title),
                value: query,
                maxLength: 100,
                onChange: (next: string) => {
                  setQuery(next);
                  list.searchForItems(next);
                },
              },
            }
          : {})}
        noMatchText={messages.search.facetNoMatch}
        {...(list.canToggleShowMore && !list.isFromSearch
          ? {
              showMore: {
                expanded: list.isShowingMore,
                onToggle: list.toggleShowMore,
                moreLabel: messages.search.showMore,
                lessLabel: messages.search.showLess,
              },
            }
          : {})}
      />
    </FacetGroup>
  );
}

function itemLabel(item: ListItem, locale: Locale, fromSearch: boolean): ReactNode {
  const text = label(item.value, locale);
  if (!fromSearch || !item.highlighted || text !== item.value) return text;
  return getHighlightedParts(unescapeHtml(item.highlighted)).map((part, index) =>
    part.isHighlighted ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in a fixed order
      <mark key={index}>{part.value}</mark>
    ) : (
      part.value
    ),
  );
}

/** Search results from the service, plus shown values whose label in the page's language matches. */
function mergeLabelMatches(
  found: readonly ListItem[],
  known: readonly ListItem[],
  query: string,
  locale: Locale,
): readonly ListItem[] {
  if (locale === 'en' || query.trim() === '') return found;
  const needle = fold(query.trim());
  const extra = known.filter(
    (item) =>
      fold(label(item.value, locale)).includes(needle) &&
      !found.some((match) => match.value === item.value),
  );
  return [...found, ...extra];
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
