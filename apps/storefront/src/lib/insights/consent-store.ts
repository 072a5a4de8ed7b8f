import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { clearAnalyticsStorage, tabAnalyticsStorage } from './analytics-storage.ts';
import {
  type ConsentChoice,
  consentCookie,
  readConsent,
  setDocumentCookie,
} from './consent-cookies.ts';

export interface ConsentState {
  /** `undefined` until the shopper chooses. */
  readonly choice: ConsentChoice | undefined;
  /** The banner shows until a choice is made, and again when reopened from the footer. */
  readonly bannerOpen: boolean;
}

/**
 * What the server read from the request's consent cookie: `'none'` when the shopper has not chosen yet (the
 * banner is then in the HTML, painted with the page rather than after hydration), `'unknown'` when the
 * server could not tell (the banner appears once the browser has read the cookie).
 */
export type ServerConsent = ConsentChoice | 'none' | 'unknown';

/** Provided by `_app` from the request; the server render and the hydration use the same state. */
export const ServerConsentContext = createContext<ServerConsent>('unknown');

function serverStateFor(consent: ServerConsent): ConsentState {
  if (consent === 'unknown') return { choice: undefined, bannerOpen: false };
  if (consent === 'none') return { choice: undefined, bannerOpen: true };
  return { choice: consent, bannerOpen: false };
}

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function snapshot(): ConsentState {
  if (!state) {
    const choice = readConsent(document.cookie);
    state = { choice, bannerOpen: choice === undefined };
  }
  return state;
}

function update(next: ConsentState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stores the choice (6 months), applies it to the insights client and closes the banner. "Refuse" also
 * forgets what the tab kept for analytics while they were accepted (session storage; `_ALGOLIA` is deleted
 * by `applyConsent`).
 */
export function chooseConsent(choice: ConsentChoice): void {
  setDocumentCookie(consentCookie(choice, window.location.protocol === 'https:'));
  if (choice === 'refused') clearAnalyticsStorage(tabAnalyticsStorage());
  // search-insights is loaded only now (it stays out of every page's first scripts).
  void import('./insights-client.ts').then(({ applyConsent }) => applyConsent(choice));
  update({ choice, bannerOpen: false });
}

/** Shows the banner again (the footer's "Cookie preferences"). */
export function reopenConsent(): void {
  update({ ...snapshot(), bannerOpen: true });
}

/** The consent choice and banner state, shared by the banner and the footer button. */
export function useConsent(): ConsentState {
  const serverConsent = useContext(ServerConsentContext);
  const serverSnapshot = useCallback(() => serverStateFor(serverConsent), [serverConsent]);
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
