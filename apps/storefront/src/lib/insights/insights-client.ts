import type { InsightsClient, InsightsMethodMap } from 'search-insights';
import aa, { LocalStorage } from 'search-insights';
import type { PublicConfig } from '../site/public-config.ts';
import {
  analyticsCookie,
  type ConsentChoice,
  expiredAnalyticsCookie,
  newAnonymousToken,
  readAnalyticsToken,
  readConsent,
  setDocumentCookie,
} from './consent-cookies.ts';
import type { ConversionEvent } from './conversion-events.ts';

/** What `aa('init', …)` receives. */
export type InsightsInitParams = NonNullable<InsightsMethodMap['init'][0][0]>;

/** Six months, as search-insights counts them (30-day months), in milliseconds. */
export const analyticsCookieDurationMs = 180 * 24 * 60 * 60 * 1000;

/** A product page view: `viewedObjectIDs`. */
export interface ViewEvent {
  readonly method: 'viewedObjectIDs';
  readonly payload: { readonly eventName: string; readonly index: string; objectIDs: string[] };
}

/**
 * The init parameters for a search configuration: our service's origin as the events host (hosted Algolia,
 * `searchUrl: null`, keeps insights.algolia.io); the `_ALGOLIA` cookie only once analytics are accepted.
 */
export function insightsInitParams(
  config: PublicConfig & { readonly searchKey: string },
  useCookie: boolean,
): InsightsInitParams {
  const base: InsightsInitParams = {
    appId: config.appId,
    apiKey: config.searchKey,
    useCookie,
    cookieDuration: analyticsCookieDurationMs,
    anonymousUserToken: true,
  };
  return config.searchUrl === null ? base : { ...base, host: config.searchUrl.replace(/\/+$/, '') };
}

/** The page session's client, once initialised: its configuration and what it was initialised with. */
let session: { config: PublicConfig; initKey: string } | undefined;

/**
 * The page session's one insights client (the npm module's instance, never the CDN loader), initialised with
 * the current consent: before "accept", an anonymous token kept in memory only (a new one per page load,
 * no cookie); after, the `_ALGOLIA` cookie. `undefined` on the server and without a search-only key.
 */
export function browserInsightsClient(
  config: PublicConfig | null,
): { readonly client: InsightsClient; readonly params: InsightsInitParams } | undefined {
  if (typeof window === 'undefined' || !config?.searchKey) return undefined;
  const params = insightsInitParams(
    { ...config, searchKey: config.searchKey },
    readConsent(document.cookie) === 'accepted',
  );
  const initKey = JSON.stringify(params);
  if (session?.initKey !== initKey) {
    initialise(params);
    session = { config, initKey };
  }
  return { client: aa, params };
}

function initialise(params: InsightsInitParams): void {
  // search-insights' object → queryID cache lives in localStorage: the storefront carries queryIDs itself
  // (query-id-carry.ts) and stores nothing on the device for analytics before consent.
  LocalStorage.store = undefined;
  if (params.useCookie) {
    // Our cookie first (SameSite=Lax, Secure under HTTPS): search-insights then reads it instead of writing its own.
    const token = ensureAnalyticsCookie();
    aa('init', params);
    aa('setUserToken', token);
  } else {
    aa('init', params);
    if (!isAnonymousToken(aa('getUserToken'))) aa('setUserToken', freshToken());
  }
}

/**
 * Applies a new consent choice (called once the choice is stored): "accept" writes `_ALGOLIA` with the page's
 * current anonymous token; "refuse" deletes it and drops the persisted token for a new in-memory one.
 */
export function applyConsent(choice: ConsentChoice): void {
  if (typeof window === 'undefined') return;
  if (choice === 'accepted') {
    ensureAnalyticsCookie();
  } else if (readAnalyticsToken(document.cookie) !== undefined) {
    setDocumentCookie(expiredAnalyticsCookie(isSecurePage()));
    aa('setUserToken', freshToken());
  }
  if (session) browserInsightsClient(session.config);
}

/** Sends one event through the page session's client; nothing without consent or a search configuration. */
export function sendInsightsEvent(
  config: PublicConfig | null,
  event: ConversionEvent | ViewEvent,
): void {
  // Events only with the shopper's consent: before a choice and after "refuse", nothing is sent.
  if (typeof window === 'undefined' || readConsent(document.cookie) !== 'accepted') return;
  const insights = browserInsightsClient(config);
  if (!insights) return;
  const { client } = insights;
  let sent: unknown;
  switch (event.method) {
    case 'viewedObjectIDs':
      sent = client('viewedObjectIDs', event.payload);
      break;
    case 'addedToCartObjectIDsAfterSearch':
      sent = client('addedToCartObjectIDsAfterSearch', event.payload);
      break;
    case 'addedToCartObjectIDs':
      sent = client('addedToCartObjectIDs', event.payload);
      break;
    case 'purchasedObjectIDsAfterSearch':
      sent = client('purchasedObjectIDsAfterSearch', event.payload);
      break;
    case 'purchasedObjectIDs':
      sent = client('purchasedObjectIDs', event.payload);
      break;
  }
  // Analytics never break the page: a refused or lost event is only logged.
  Promise.resolve(sent).catch((error: unknown) => console.warn('Insights event not sent', error));
}

function ensureAnalyticsCookie(): string {
  const existing = readAnalyticsToken(document.cookie);
  if (existing) return existing;
  const current = aa('getUserToken');
  const token = isAnonymousToken(current) ? current : freshToken();
  setDocumentCookie(analyticsCookie(token, isSecurePage()));
  return token;
}

function isAnonymousToken(token: unknown): token is string {
  return typeof token === 'string' && token.startsWith('anonymous-');
}

function freshToken(): string {
  return newAnonymousToken((bytes) => crypto.getRandomValues(bytes));
}

function isSecurePage(): boolean {
  return window.location.protocol === 'https:';
}
