import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser says the request comes from another site (`Sec-Fetch-Site`, else `Origin` against
 * `Host`). State-changing cart and checkout requests are refused then: the SameSite=Lax cookie already
 * stops most cross-site posts, and this also covers same-site subdomains and old browsers.
 */
export function isCrossOrigin(headers: IncomingHttpHeaders): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch (error) {
    if (error instanceof TypeError) return true; // `Origin: null` and other non-URLs
    throw error;
  }
}
