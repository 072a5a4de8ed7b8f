import { label } from '@vitrine/catalogue/labels';
import { memo } from 'react';
import { useBreadcrumb } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { categoryAttributes } from '../../lib/search/search-attributes.ts';
import { BreadcrumbTrail } from '../ui/breadcrumb-trail.tsx';

/** `All categories › Men › Tops › Jackets`, each step choosing that category. */
export const BreadcrumbWidget = memo(function BreadcrumbWidget() {
  const { items, refine, createURL } = useBreadcrumb({ attributes: [...categoryAttributes] });
  const messages = useMessages().search;
  const locale = useLocale();
  if (items.length === 0) return null;
  const steps = [
    {
      id: '',
      label: messages.allCategories,
      href: createURL(null),
      onSelect: () => refine(null),
    },
    ...items.map((item, depth) => ({
      id: `${depth}:${item.label}`,
      label: label(item.label, locale),
      href: createURL(item.value),
      onSelect: () => refine(item.value),
    })),
  ];
  return <BreadcrumbTrail label={messages.breadcrumbLabel} steps={steps} />;
});
