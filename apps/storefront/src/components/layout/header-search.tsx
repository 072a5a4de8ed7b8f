import Router from 'next/router';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { useConsent } from '../../lib/insights/consent-store.ts';
import {
  browserRecentSearchStorage,
  recentSearchesStore,
} from '../../lib/search/recent-searches.ts';
import { fitQuery } from '../../lib/search/search-limits.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { useCategoryLookup } from '../../lib/site/use-category-lookup.ts';
import { SearchField, type SearchFieldProps } from '../ui/search-field.tsx';
import styles from './header-search.module.css';

type AutocompleteModule = typeof import('../autocomplete/header-autocomplete.tsx');

/**
 * The header's search field. The server sends a plain GET form (it works without JavaScript, to `/search` or
 * `/recherche`); the autocomplete's code is fetched only when the shopper reaches for the field (pointer
 * down, focus or typing, also before the page's scripts ran), then takes the form's place with what was typed, focused, its panel open (full-screen on
 * phones). Keeps the autocomplete out of every page's first scripts (bench/web: first-load JS).
 */
export function HeaderSearch(field: SearchFieldProps) {
  const locale = useLocale();
  const messages = useMessages();
  const { publicConfig } = useSiteData();
  const categories = useCategoryLookup();
  const tracked = useConsent().choice === 'accepted';
  const holder = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<AutocompleteModule>();
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  // What the autocomplete's field holds, and whether it had the focus when it was last taken down: a new one
  // (consent or language changed) starts where it left off.
  const typed = useRef('');
  const hadFocus = useRef(false);

  const load = useCallback(() => {
    if (loading.current || !publicConfig?.searchKey) return;
    loading.current = true;
    import('../autocomplete/header-autocomplete.tsx').then(setLoaded, (error: unknown) => {
      // The plain form keeps working.
      console.warn('The search suggestions could not load', error);
    });
  }, [publicConfig]);

  // The field focused before the page's scripts ran (they start after its first paint): load now.
  useEffect(() => {
    if (holder.current?.contains(document.activeElement)) load();
  }, [load]);

  // Mounts the autocomplete once its code is in, and hands over to it in one go (no key typed meanwhile can
  // fall between the two fields): what was typed, the plain form hidden, the focus if the field had it.
  // A change of consent or language mounts it anew, with what its field held and the focus if it had it.
  useEffect(() => {
    const target = container.current;
    const plain = holder.current?.querySelector<HTMLInputElement>('input[name="q"]');
    if (!loaded || !target || !publicConfig?.searchKey) return;
    const focused = plain ? document.activeElement === plain : hadFocus.current;
    if (plain) typed.current = plain.value;
    const api = loaded.mountHeaderAutocomplete({
      container: target,
      locale,
      texts: {
        ...messages.autocomplete,
        label: messages.header.searchLabel,
        placeholder: messages.header.searchPlaceholder,
      },
      publicConfig,
      categories,
      tracked,
      initialQuery: typed.current,
      onQueryChange: (query) => {
        typed.current = query;
      },
      navigate: (href) => void Router.push(href),
    });
    const plainForm = plain?.closest('search');
    if (plainForm instanceof HTMLElement) plainForm.hidden = true;
    target.hidden = false;
    if (focused) {
      const detachedButton = target.querySelector<HTMLElement>('.aa-DetachedSearchButton');
      if (detachedButton) detachedButton.click();
      else target.querySelector<HTMLInputElement>('.aa-Input')?.focus();
    }
    setReady(true);
    return () => {
      hadFocus.current = target.contains(document.activeElement);
      api.destroy();
    };
  }, [loaded, locale, messages, publicConfig, categories, tracked]);

  return (
    <div
      ref={holder}
      className={styles.holder}
      onPointerDownCapture={load}
      onFocusCapture={load}
      onInputCapture={load}
      onSubmitCapture={rememberPlainSearch}
      data-autocomplete={ready ? 'ready' : 'plain'}
    >
      {!ready && <SearchField {...field} />}
      <div ref={container} className={styles.autocomplete} hidden={!ready} />
    </div>
  );
}

/**
 * The plain form submitted before the autocomplete arrived (a quick Enter): its query becomes a recent search
 * too, as one submitted from the autocomplete does.
 */
function rememberPlainSearch(event: FormEvent<HTMLDivElement>) {
  const field = (event.target as HTMLFormElement).elements.namedItem('q');
  const query = field instanceof HTMLInputElement ? fitQuery(field.value.trim()) : '';
  if (query !== '')
    recentSearchesStore(browserRecentSearchStorage()).onAdd({ id: query, label: query });
}
