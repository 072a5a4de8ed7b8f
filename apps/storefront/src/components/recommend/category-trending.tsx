import { useInstantSearch } from 'react-instantsearch';
import { categoryAttribute } from '../../lib/search/search-attributes.ts';
import { TrendingItemsRow } from './trending-items-row.tsx';

/**
 * Under a category listing: trending items of that category. Mounted inside the listing's own InstantSearch
 * (loaded with `next/dynamic`, the search page never loads it); hidden while the listing is empty, where the
 * no-results help shows the same row.
 */
export default function CategoryTrending() {
  const { indexUiState, results } = useInstantSearch();
  const path = indexUiState.hierarchicalMenu?.[categoryAttribute] ?? [];
  if (path.length === 0 || (!results.__isArtificial && results.nbHits === 0)) return null;
  return (
    <TrendingItemsRow key={path.join(' > ')} categoryPath={path} id="category-trending-title" />
  );
}
