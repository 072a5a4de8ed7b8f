import { useInstantSearch } from 'react-instantsearch';
import { categoryAttribute } from '../../lib/search/search-attributes.ts';
import { TrendingItemsRow } from './trending-items-row.tsx';

/**
 * In the no-results help: trending items of the category being browsed, or of the whole shop. Mounted inside
 * the listing's InstantSearch and loaded with `next/dynamic` only when a search finds nothing.
 */
export default function NoResultsTrending() {
  const { indexUiState } = useInstantSearch();
  const path = indexUiState.hierarchicalMenu?.[categoryAttribute] ?? [];
  return (
    <TrendingItemsRow
      key={path.join(' > ')}
      categoryPath={path.length > 0 ? path : undefined}
      id="no-results-trending-title"
    />
  );
}
