/** The service's model of an API key (PROTOCOL.md §7.1), independent of the table row. */
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
 * Whether a referer URL matches a key's `referers` pattern (`*` matches any run of characters; a pattern
 * without a scheme also matches `http(s)://`).
 */
export function matchesReferer(pattern: string, referer: string): boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  const withScheme = /^[a-z]+:\/\//i.test(pattern) ? escaped : `(?:[a-z]+://)?${escaped}`;
  return new RegExp(`^${withScheme}`, 'i').test(referer);
}

/** Whether a key has expired at `now` (validity counts seconds from creation, 0 = never). */
export function isExpired(key: ApiKey, now: Date): boolean {
  return key.validity > 0 && now.getTime() >= key.createdAt.getTime() + key.validity * 1000;
}

/** Every ACL for the admin key; nothing for any other kind (their ACL is stored). */
export function aclOf(kind: 'admin'): readonly Acl[] {
  return kind === 'admin' ? aclValues : [];
}
