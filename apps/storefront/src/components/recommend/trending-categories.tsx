import { useTrendingFacets } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import {
  recommendLimits,
  recommendThreshold,
  trendingCategoryFacet,
} from '../../lib/recommend/recommend-settings.ts';
import { toTrendingCategory } from '../../lib/recommend/trending-category.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { TrendingCategoriesList } from './trending-categories-list.tsx';
import { useRowState } from './use-row-state.ts';

type TrendingFacetItem = ReturnType<typeof useTrendingFacets>['items'][number];

/** "Trending categories": the category values that trend most, linked to their pages in the page's language. */
export function TrendingCategories() {
  const messages = useMessages().recommend;
  const locale = useLocale();
  const { navigation } = useSiteData();
  const row = useRowState<TrendingFacetItem>();
  const { items } = useTrendingFacets({
    facetName: trendingCategoryFacet,
    limit: recommendLimits.trendingCategories,
    threshold: recommendThreshold,
    // Rendered as text by React: no HTML escaping (`Men > Tops` must stay as it is to be split).
    escapeHTML: false,
    transformItems: row.transformItems,
  });
  const state = row.stateOf(items.length);
  if (state === 'empty') return null;
  return (
    <TrendingCategoriesList
      id="trending-categories-title"
      title={messages.trendingCategories}
      state={state}
      placeholders={recommendLimits.trendingCategories}
      categories={items.map((item) => toTrendingCategory(item.facetValue, navigation, locale))}
    />
  );
}
