import { queryIDKeyPrefix } from './query-id-carry.ts';

/**
 * The session id of InstantSearch's usage telemetry: its insights middleware writes it to session storage
 * (instantsearch.js `helpers/insights.js`, `getUsageSessionId`) when it starts, which happens only once
 * analytics are accepted (see `InsightsMiddleware`).
 */
export const usageSessionKey = 'ais.usage.sessionId';

/** What is used of `window.sessionStorage` (any `Storage`). */
export type AnalyticsStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/**
 * Forgets what the tab keeps for analytics, on "refuse": InstantSearch's usage session id and the queryIDs
 * carried from search hits to product pages (query-id-carry.ts; hits carry one only while analytics are
 * accepted). Other keys are left alone.
 */
export function clearAnalyticsStorage(storage: AnalyticsStorage | undefined): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key === usageSessionKey || key?.startsWith(queryIDKeyPrefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

/** The tab's session storage, or `undefined` on the server and when the browser refuses it. */
export function tabAnalyticsStorage(): AnalyticsStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
