import { memo, useEffect, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { fitQuery, maxQueryLength } from '../../lib/search/search-limits.ts';
import { SearchInput } from '../ui/search-input.tsx';

/** The search field: every keystroke searches; the reset button empties the query. */
export const SearchBoxWidget = memo(function SearchBoxWidget() {
  const { query, refine, clear } = useSearchBox();
  const messages = useMessages().search;
  const locale = useLocale();
  const [value, setValue] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  // Follow the query when it changes elsewhere (back button, "search instead" link), not while typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setValue(query);
  }, [query]);
  // The field is in the server's HTML before InstantSearch loads (its chunk comes after the page's first
  // scripts): what the shopper typed meanwhile is in the field (hydration keeps it) and is searched now.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) return;
    mounted.current = true;
    const typed = inputRef.current?.value;
    if (typed === undefined || typed === query) return;
    const fitted = fitQuery(typed);
    setValue(fitted);
    refine(fitted);
  }, [query, refine]);
  return (
    <SearchInput
      value={value}
      onChange={(next) => {
        // The field shows what is searched: a query is cut to the service's 512 bytes (accents take two).
        const fitted = fitQuery(next);
        setValue(fitted);
        refine(fitted);
      }}
      onReset={() => {
        setValue('');
        clear();
      }}
      label={messages.searchLabel}
      placeholder={messages.searchPlaceholder}
      submitLabel={messages.searchSubmit}
      resetLabel={messages.searchReset}
      maxLength={maxQueryLength}
      action={pathFor({ name: 'search' }, locale)}
      inputRef={inputRef}
    />
  );
});
