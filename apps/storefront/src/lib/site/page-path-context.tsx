import Router from 'next/router';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locale.ts';

const PagePathContext = createContext('/');
const AlternatesContext = createContext<Readonly<Partial<Record<Locale, string>>> | undefined>(
  undefined,
);

/**
 * The address the browser shows (path and query). Next's router reports `/404` on the server for a missing
 * page but the real address in the browser; reading it from here keeps server and client renders equal.
 * In the browser it follows the address after the first render: shallow route changes (the search page
 * writes its state to the address) and back/forward steps that the search router handles without Next, so
 * the language switch and hreflang links always carry the current search state.
 */
export function PagePathProvider({
  path,
  alternates,
  children,
}: {
  path: string;
  /** The page's address in each language, when its segments differ by language (a product's slugs). */
  alternates?: Readonly<Partial<Record<Locale, string>>> | undefined;
  children: ReactNode;
}) {
  const [livePath, setLivePath] = useState(path);
  useEffect(() => {
    setLivePath(path);
    const follow = () => setLivePath(currentAddress());
    Router.events.on('routeChangeComplete', follow);
    Router.events.on('hashChangeComplete', follow);
    window.addEventListener('popstate', follow);
    return () => {
      Router.events.off('routeChangeComplete', follow);
      Router.events.off('hashChangeComplete', follow);
      window.removeEventListener('popstate', follow);
    };
  }, [path]);
  return (
    <PagePathContext.Provider value={livePath}>
      <AlternatesContext.Provider value={alternates}>{children}</AlternatesContext.Provider>
    </PagePathContext.Provider>
  );
}

function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function usePagePath(): string {
  return useContext(PagePathContext);
}

/** The page's address in each language, when the page gave them (see `equivalentPath`). */
export function usePageAlternates(): Readonly<Partial<Record<Locale, string>>> | undefined {
  return useContext(AlternatesContext);
}
