import { memo } from 'react';
import { useHitsPerPage } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { defaultHitsPerPage, hitsPerPageOptions } from '../../lib/search/search-attributes.ts';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { SelectField } from '../ui/select-field.tsx';

/** 20 (default), 40 or 60 products per page. */
export const HitsPerPageWidget = memo(function HitsPerPageWidget() {
  const messages = useMessages().search;
  const { items, refine } = useHitsPerPage({
    items: hitsPerPageOptions.map((count) => ({
      value: count,
      label: messages.hitsPerPage(count),
      default: count === defaultHitsPerPage,
    })),
  });
  const select = useLatestCallback((value: string) => refine(Number(value)));
  const current = items.find((item) => item.isRefined)?.value ?? defaultHitsPerPage;
  return (
    <SelectField
      label={messages.hitsPerPageLabel}
      compact
      value={String(current)}
      options={items.map((item) => ({ value: String(item.value), label: item.label }))}
      onChange={select}
    />
  );
});
