import { createContext, type ReactNode, useContext } from 'react';
import { emptySiteData, type SiteData } from './site-data.ts';

const SiteContext = createContext<SiteData>(emptySiteData);

export function SiteProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSiteData(): SiteData {
  return useContext(SiteContext);
}
