/**
 * The two cookies of analytics consent, as `document.cookie` assignments.
 *
 * `vitrine_consent` holds ONLY the shopper's choice (`accepted` / `refused`) for 6 months, so that the banner
 * is not shown again on every page: it identifies no one, is never read by the server, and is the usual
 * way to remember a consent choice (CNIL allows keeping the choice, refusal included, for about 6 months).
 *
 * `_ALGOLIA` is search-insights' anonymous user token (`anonymous-<uuid>`), written only after "accept":
 * 180 days, SameSite=Lax, Secure under HTTPS. search-insights' own writer sets neither SameSite nor Secure,
 * so the storefront writes it before the library would.
 */

export type ConsentChoice = 'accepted' | 'refused';

export const consentCookieName = 'vitrine_consent';
export const analyticsCookieName = '_ALGOLIA';
/** 180 days (6 months of 30 days, as search-insights counts them), in seconds. */
export const consentMaxAgeSeconds = 180 * 24 * 60 * 60;
export const analyticsMaxAgeSeconds = consentMaxAgeSeconds;

/** The value of the cookie `name` in a `Cookie` header / `document.cookie` string, if present. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The stored choice; `undefined` when the shopper has not chosen (or the cookie was tampered with). */
export function readConsent(cookies: string): ConsentChoice | undefined {
  const value = readCookie(cookies, consentCookieName);
  return value === 'accepted' || value === 'refused' ? value : undefined;
}

/** The anonymous token kept in `_ALGOLIA`, if it holds one. */
export function readAnalyticsToken(cookies: string): string | undefined {
  const value = readCookie(cookies, analyticsCookieName);
  return value && /^anonymous-[0-9a-f-]{36}$/.test(value) ? value : undefined;
}

const attributes = (maxAge: number, secure: boolean) =>
  `; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${consentCookieName}=${choice}${attributes(consentMaxAgeSeconds, secure)}`;
}

export function analyticsCookie(token: string, secure: boolean): string {
  return `${analyticsCookieName}=${token}${attributes(analyticsMaxAgeSeconds, secure)}`;
}

/** Deletes `_ALGOLIA` (after a change of mind from "accept" to "refuse"). */
export function expiredAnalyticsCookie(secure: boolean): string {
  return `${analyticsCookieName}=${attributes(0, secure)}`;
}

/** A fresh anonymous user token, in search-insights' format (`anonymous-` and a v4 UUID). */
export function newAnonymousToken(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `anonymous-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes one cookie assignment built above (browser only). */
export function setDocumentCookie(assignment: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; the value is built above.
  document.cookie = assignment;
}
