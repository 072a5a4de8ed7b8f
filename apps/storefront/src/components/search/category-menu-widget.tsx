import { label } from '@vitrine/catalogue/labels';
import type { HierarchicalMenuItem } from 'instantsearch.js/es/connectors/hierarchical-menu/connectHierarchicalMenu';
import { useHierarchicalMenu } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { categoryAttributes } from '../../lib/search/search-attributes.ts';
import { CategoryMenu, type CategoryMenuItem } from '../ui/category-menu.tsx';
import { FacetGroup } from '../ui/facet-group.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';

export interface CategoryMenuWidgetProps {
  /** The levels of the category tree (also how `DynamicWidgets` recognizes this widget). */
  readonly attributes: typeof categoryAttributes;
}

/** Categories of the results as a tree: choosing one opens its sub-categories. */
export function CategoryMenuWidget({ attributes }: CategoryMenuWidgetProps) {
  const { items, refine, createURL, canRefine } = useHierarchicalMenu({
    attributes: [...attributes],
    limit: 30,
  });
  const messages = useMessages().search;
  const locale = useLocale();
  const select = useLatestCallback(refine);
  if (!canRefine) return null;
  const toMenuItems = (level: readonly HierarchicalMenuItem[]): CategoryMenuItem[] =>
    level.map((item) => ({
      value: item.value,
      label: label(item.label, locale),
      count: formatNumber(item.count, locale),
      selected: item.isRefined,
      href: createURL(item.value),
      children: item.data ? toMenuItems(item.data) : null,
    }));
  return (
    <FacetGroup title={messages.facets.category}>
      <CategoryMenu title={messages.facets.category} items={toMenuItems(items)} onSelect={select} />
    </FacetGroup>
  );
}
