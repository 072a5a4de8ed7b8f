import { memo } from 'react';
import { useSortBy } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { sortOptions } from '../../lib/search/search-attributes.ts';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { SelectField } from '../ui/select-field.tsx';

/** Relevance, price up or down, rating or newest: each sort is a replica index. */
export const SortByWidget = memo(function SortByWidget() {
  const messages = useMessages().search;
  const { currentRefinement, options, refine } = useSortBy({
    items: sortOptions.map((option) => ({
      value: option.indexName,
      label: messages.sorts[option.key],
    })),
  });
  const select = useLatestCallback(refine);
  return (
    <SelectField
      label={messages.sortLabel}
      value={currentRefinement}
      options={options}
      onChange={select}
    />
  );
});
