import { recommendLimits } from '../../lib/recommend/recommend-settings.ts';
import { RowPlaceholder } from './recommend-carousel.tsx';
import { TrendingCategoriesPlaceholder } from './trending-categories-list.tsx';

/** The room the home page's trending rows take until they are drawn (server render, and while they load). */
export function HomeRecommendationsPlaceholder() {
  return (
    <>
      <RowPlaceholder />
      <TrendingCategoriesPlaceholder placeholders={recommendLimits.trendingCategories} />
    </>
  );
}
