import { useCallback } from 'react';
import { useSiteData } from '../site/site-context.tsx';
import type { ConversionEvent } from './conversion-events.ts';
import { sendInsightsEvent, type ViewEvent } from './insights-client.ts';

/** Sends Insights events (views, conversions) through the page session's client. Browser only. */
export function useSendInsightsEvent(): (event: ConversionEvent | ViewEvent) => void {
  const { publicConfig } = useSiteData();
  return useCallback((event) => sendInsightsEvent(publicConfig, event), [publicConfig]);
}
