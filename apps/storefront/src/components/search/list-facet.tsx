import { label } from '@vitrine/catalogue/labels';
import { getHighlightedParts, unescape as unescapeHtml } from 'instantsearch.js/es/lib/utils';
import type { ReactNode } from 'react';
import { useRefinementList } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { FacetGroup } from '../ui/facet-group.tsx';
import { FacetList, type FacetOption } from '../ui/facet-list.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { facetName } from './facet-names.ts';
import type { LabelMatch } from './facet-value-search.ts';
import { useFacetSearch } from './use-facet-search.ts';

export interface ListFacetProps {
  readonly attribute: string;
  /**
   * Adds a field that searches the facet's values in the page's language (see use-facet-search.ts), shown
   * when the facet has more values than the list shows (a field over two values is noise).
   */
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
  const search = useFacetSearch(attribute, list);
  // Of constant identity: the list below renders again only when its values change (memo-by-value.ts).
  const toggle = useLatestCallback((value: string) => {
    list.refine(value);
    search.reset();
  });
  const toggleShowMore = useLatestCallback(() => list.toggleShowMore());
  if (!list.canRefine && search.query === '') return null;
  const title = facetName(attribute, messages);
  const selected = list.items.filter((item) => item.isRefined).length;
  const options: FacetOption[] = search.labelMatches
    ? search.labelMatches.map((match) => ({
        value: match.value,
        label: highlightedLabel(match.parts),
        count: formatNumber(match.count, locale),
        selected: match.isRefined,
      }))
    : list.items.map((item) => ({
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
        onToggle={toggle}
        {...(searchable && (list.canToggleShowMore || search.query !== '')
          ? {
              search: {
                label: messages.search.facetSearch(title),
                value: search.query,
                maxLength: 100,
                onChange: search.change,
              },
            }
          : {})}
        noMatchText={messages.search.facetNoMatch}
        {...(list.canToggleShowMore && !search.searching
          ? {
              showMore: {
                expanded: list.isShowingMore,
                onToggle: toggleShowMore,
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
  return highlightedLabel(
    getHighlightedParts(unescapeHtml(item.highlighted)).map((part) => ({
      text: part.value,
      highlighted: part.isHighlighted,
    })),
  );
}

function highlightedLabel(parts: LabelMatch['parts']): ReactNode {
  return parts.map((part, index) =>
    part.highlighted ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in a fixed order
      <mark key={index}>{part.text}</mark>
    ) : (
      part.text
    ),
  );
}
