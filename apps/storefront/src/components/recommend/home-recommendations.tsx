import { recommendLimits } from '../../lib/recommend/recommend-settings.ts';
import { RowPlaceholder } from './recommend-carousel.tsx';
import { RecommendProvider } from './recommend-provider.tsx';
import { TrendingCategories } from './trending-categories.tsx';
import { TrendingCategoriesPlaceholder } from './trending-categories-list.tsx';
import { TrendingItemsRow } from './trending-items-row.tsx';

/** The home page's trending items and trending categories (one recommendations request for both). */
export function HomeRecommendations() {
  return (
    <RecommendProvider
      fallback={
        <>
          <RowPlaceholder />
          <TrendingCategoriesPlaceholder placeholders={recommendLimits.trendingCategories} />
        </>
      }
    >
      <TrendingItemsRow />
      <TrendingCategories />
    </RecommendProvider>
  );
}
