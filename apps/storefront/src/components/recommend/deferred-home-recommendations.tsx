import { useEffect } from 'react';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { useDeferredModule } from '../ui/use-deferred-module.ts';
import { HomeRecommendationsPlaceholder } from './home-recommendations-placeholder.tsx';

const loadHomeRecommendations = () => import('./home-recommendations.tsx');

/**
 * The home page's trending rows, their code (InstantSearch and the Recommend widgets) loaded once the page
 * has hydrated rather than with it: the rows draw nothing on the server anyway (InstantSearch starts in the
 * browser), so the page keeps their room with the same placeholders until they arrive.
 */
export function DeferredHomeRecommendations() {
  const { publicConfig } = useSiteData();
  const rows = useDeferredModule(loadHomeRecommendations);
  const { request } = rows;
  const enabled = Boolean(publicConfig?.searchKey);
  useEffect(() => {
    if (enabled) request();
  }, [enabled, request]);
  // Without a search-only key there are no rows (as `RecommendProvider` renders nothing then).
  if (!enabled) return null;
  const Rows = rows.module?.HomeRecommendations;
  return Rows ? <Rows /> : <HomeRecommendationsPlaceholder />;
}
