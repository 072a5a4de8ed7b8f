import Router from 'next/router';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const PagePathContext = createContext('/');

/**
 * The address the browser shows (path and query). Next's router reports `/404` on the server for a missing
 * page but the real address in the browser; reading it from here keeps server and client renders equal.
 * In the browser it follows the address after the first render: shallow route changes (the search page
 * writes its state to the address) and back/forward steps that the search router handles without Next, so
 * the language switch and hreflang links always carry the current search state.
 */
export function PagePathProvider({ path, children }: { path: string; children: ReactNode }) {
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
  return <PagePathContext.Provider value={livePath}>{children}</PagePathContext.Provider>;
}

function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function usePagePath(): string {
  return useContext(PagePathContext);
}
