import { createContext, type ReactNode, useContext } from 'react';

const PagePathContext = createContext('/');

/**
 * The address the browser shows (path and query). Next's router reports `/404` on the server for a missing
 * page but the real address in the browser; reading it from here keeps server and client renders equal.
 */
export function PagePathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <PagePathContext.Provider value={path}>{children}</PagePathContext.Provider>;
}

export function usePagePath(): string {
  return useContext(PagePathContext);
}
