import { HomeRecommendationsPlaceholder } from './home-recommendations-placeholder.tsx';
import { RecommendProvider } from './recommend-provider.tsx';
import { TrendingCategories } from './trending-categories.tsx';
import { TrendingItemsRow } from './trending-items-row.tsx';

/** The home page's trending items and trending categories (one recommendations request for both). */
export function HomeRecommendations() {
  return (
    <RecommendProvider fallback={<HomeRecommendationsPlaceholder />}>
      <TrendingItemsRow />
      <TrendingCategories />
    </RecommendProvider>
  );
}
