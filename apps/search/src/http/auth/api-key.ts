/** The service's model of an API key (docs/api.md §7.1), independent of the table row. */
import { type Acl, aclValues, type KeyView } from '../../protocol/api-key-wire.ts';

export type { Acl };

/** What a route requires: an ACL, or the admin key itself (key management). */
export type RouteAccess = Acl | 'admin';

/** A key with its origin; `indexes` holds names or patterns (`prefix*`, `*suffix`, `*infix*`), empty = all. */
export interface ApiKey extends KeyView {
  /** `admin`: the admin key; `search`: the service's search-only key; `custom`: created with the keys API. */
  readonly kind: 'admin' | 'search' | 'custom';
}

/**
 * Whether `name` matches an index pattern: exact, `prefix*`, `*suffix` or `*infix*`.
 * `matchesIndexPattern('products*', 'products_price_asc')` → true.
 */
export function matchesIndexPattern(pattern: string, name: string): boolean {
  if (pattern === '*') return true;
  const starts = pattern.startsWith('*');
  const ends = pattern.endsWith('*') && pattern.length > 1;
  const core = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (starts && ends) return name.includes(core);
  if (starts) return name.endsWith(core);
  if (ends) return name.startsWith(core);
  return name === pattern;
}

/** Whether an index list allows `name`; an empty list allows every index. */
export function allowsIndex(patterns: readonly string[], name: string): boolean {
  return patterns.length === 0 || patterns.some((pattern) => matchesIndexPattern(pattern, name));
}

/**
 * Whether a referer URL matches a key's `referers` pattern, as Algolia documents it: `*` matches any run of
 * characters and the pattern covers the whole of what it is matched against, so a leading `*` means "ends with",
 * a trailing one "starts with", both "contains". A pattern with a path (`https://shop.example/*`) is matched
 * against the whole referer URL (without a scheme it also matches after any `scheme://`); a pattern without one
 * names a host (`*.shop.example`, `*shop.example*`, `https://shop.example`) and is matched against the referer's
 * host (and scheme, when it names one). `*.shop.example` accepts `https://a.shop.example/fr` but neither
 * `https://a.shop.example.evil.net/` nor `https://evil.net/?from=a.shop.example`.
 */
export function matchesReferer(pattern: string, referer: string): boolean {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(pattern)?.[0];
  const rest = pattern.slice(scheme?.length ?? 0);
  if (rest.includes('/')) {
    const anyScheme =
      scheme === undefined && !pattern.startsWith('*') ? '(?:[a-z][a-z0-9+.-]*://)?' : '';
    return wholeMatch(`${anyScheme}${wildcardSource(pattern)}`, referer);
  }
  const url = urlOf(referer);
  if (!url) return wholeMatch(wildcardSource(pattern), referer);
  if (scheme === undefined) return wholeMatch(wildcardSource(rest), url.host);
  return wholeMatch(wildcardSource(pattern), `${url.protocol}//${url.host}`);
}

/** A pattern as a regular-expression source: `*` is any run of characters, everything else literal. */
function wildcardSource(pattern: string): string {
  return pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
}

function wholeMatch(source: string, text: string): boolean {
  return new RegExp(`^${source}$`, 'i').test(text);
}

function urlOf(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.host === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

/** Whether a key has expired at `now` (validity counts seconds from creation, 0 = never). */
export function isExpired(key: ApiKey, now: Date): boolean {
  return key.validity > 0 && now.getTime() >= key.createdAt.getTime() + key.validity * 1000;
}

/** Every ACL for the admin key; nothing for any other kind (their ACL is stored). */
export function aclOf(kind: 'admin'): readonly Acl[] {
  return kind === 'admin' ? aclValues : [];
}
