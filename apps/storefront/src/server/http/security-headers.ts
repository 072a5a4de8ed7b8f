import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PublicConfig } from '../../lib/site/public-config.ts';

/**
 * The security headers of every storefront answer (pages, API routes, files), set by the listener before Next
 * runs. Pages get a Content-Security-Policy with a nonce made for the request: every page is rendered per
 * request (`_app` has `getInitialProps`), and the inline scripts differ by page (Turbopack's bootstrap, the
 * after-first-paint loader's list of chunks), so hashes would have to be computed per build and per page.
 * The nonce travels to Next in the request's own `Content-Security-Policy` header, where Next's pages router
 * reads it (`getScriptNonceFromHeaders`: `next/script`, styled-jsx) and where `_document` reads it for
 * `<Head nonce>` and `<NextScript nonce>` (`nonceOfRequest`).
 */
export interface SecurityHeaderOptions {
  /** `next dev`: its runtime evaluates code (`'unsafe-eval'`), never allowed in production. */
  readonly dev: boolean;
  /**
   * The origins the page's scripts call besides the storefront (the search service, which also takes the
   * insights events, or hosted Algolia's hosts), read per request: `PUBLIC_SEARCH_URL` is known at run time only.
   */
  readonly connectOrigins: () => readonly string[];
}

/** Hosted Algolia's search hosts (`{appId}-dsn.algolia.net`, `{appId}-1.algolianet.com`…) and Insights (`insights.algolia.io`, regional ones). */
export const algoliaOrigins = [
  'https://*.algolia.net',
  'https://*.algolianet.com',
  'https://*.algolia.io',
] as const;

/** Where the browser's search client and insights client send their requests, for `connect-src`. */
export function searchConnectOrigins(config: PublicConfig): readonly string[] {
  if (config.searchUrl === null) return algoliaOrigins;
  return URL.canParse(config.searchUrl) ? [new URL(config.searchUrl).origin] : [];
}

/** A fresh nonce: 128 random bits, base64 (the characters a CSP nonce source allows). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy of an HTML page whose inline scripts carry `nonce`. */
export function pagePolicy(nonce: string, options: SecurityHeaderOptions): string {
  const scripts = ["'self'", `'nonce-${nonce}'`, ...(options.dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React renders `style` attributes (next/image, the charts of the merchant pages), which a nonce cannot cover.
    "style-src 'self' 'unsafe-inline'",
    // Product photos are the shop's own (`/images`, `/_next/image`); a merchant banner's image may be any https:// address.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${["'self'", ...options.connectOrigins()].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON answers run nothing and embed nothing. */
export const apiPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const commonHeaders = {
  'x-content-type-options': 'nosniff',
  // No page of the shop is meant to be framed: the checkout and the merchant pages least of all.
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
} as const;

/** Whether `path` (without its query string) is one of the API routes'. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The headers of the answer to `path` (without its query string). */
export function securityHeaders(
  path: string,
  nonce: string,
  options: SecurityHeaderOptions,
): Record<string, string> {
  return {
    ...commonHeaders,
    'content-security-policy': isApiPath(path) ? apiPolicy : pagePolicy(nonce, options),
  };
}

const nonceSource = /(?:^|[\s;])script-src\s[^;]*'nonce-([A-Za-z0-9+/_-]+={0,2})'/;

/** The nonce the listener put in the request's `Content-Security-Policy` header, for `_document`. */
export function nonceOfRequest(headers: IncomingHttpHeaders | undefined): string | undefined {
  const policy = headers?.['content-security-policy'];
  return typeof policy === 'string' ? nonceSource.exec(policy)?.[1] : undefined;
}
