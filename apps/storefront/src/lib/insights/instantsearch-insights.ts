import { createInsightsMiddleware } from 'instantsearch.js/es/middlewares';
import { useEffect } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';
import { useSiteData } from '../site/site-context.tsx';
import { useConsent } from './consent-store.ts';
import { browserInsightsClient } from './insights-client.ts';

/**
 * Put inside an `<InstantSearch>` (whose own `insights` option stays `false`): while the shopper has accepted
 * analytics, InstantSearch runs the insights middleware with the page session's client (events go to our
 * search service, or to Algolia when hosted), so that queries carry `clickAnalytics` and the user token and
 * widgets' `sendEvent` reaches the service. Before a choice and after "refuse" there is no middleware at all:
 * no event, no usage telemetry, nothing kept in session storage. A choice made on the page applies at once
 * (the middleware is added or removed; the instance and its state stay). It reads the instance from the
 * context rather than `useInstantSearch()`, which would re-render it on every result (every keystroke).
 */
export function InsightsMiddleware(): null {
  const { publicConfig } = useSiteData();
  const accepted = useConsent().choice === 'accepted';
  const search = useInstantSearchContext();
  useEffect(() => {
    if (!accepted) return;
    const insights = browserInsightsClient(publicConfig);
    if (!insights) return;
    const middleware = createInsightsMiddleware({
      insightsClient: insights.client,
      insightsInitParams: insights.params,
    });
    search.use(middleware);
    return () => {
      search.unuse(middleware);
    };
  }, [accepted, publicConfig, search]);
  return null;
}
