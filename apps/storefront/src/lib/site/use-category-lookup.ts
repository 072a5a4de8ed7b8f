import { useMemo } from 'react';
import { type CategoryLookup, createCategoryLookup } from '../search/category-lookup.ts';
import { useSiteData } from './site-context.tsx';

/** The shop's categories by address in each language (language switch, hreflang links), from the menu's tree. */
export function useCategoryLookup(): CategoryLookup {
  const { navigation } = useSiteData();
  return useMemo(() => createCategoryLookup(navigation), [navigation]);
}
