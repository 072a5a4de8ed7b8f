import { decodeParamsString, type RawParams } from '../../protocol/decode-params.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import {
  type ApiKey,
  allowsIndex,
  isExpired,
  matchesReferer,
  type RouteAccess,
} from './api-key.ts';
import type { KeyRing } from './key-ring.ts';
import { invalidKeyMessage, isInSource, type SecuredRestrictions } from './secured-api-key.ts';

/** Who is calling, resolved once per request. */
export interface AuthContext {
  /** The key that grants access (the parent key for a secured key). */
  readonly key: ApiKey;
  readonly isAdmin: boolean;
  /** The API key string as received. */
  readonly apiKey: string;
  readonly secured: SecuredRestrictions | undefined;
}

export interface CallerInfo {
  readonly appId: string | undefined;
  readonly apiKey: string | undefined;
  readonly ip: string;
  readonly referer: string | undefined;
  readonly now: Date;
}

const methodNotAllowed = 'Method not allowed with this API key';

/**
 * Resolves credentials to a key and checks it may call a route needing `access`.
 * @throws SearchApiError 403 for a wrong app id, unknown/expired/tampered key, a disallowed referer or
 *   source, or a missing ACL.
 */
export function authenticate(
  ring: KeyRing,
  appId: string,
  caller: CallerInfo,
  access: RouteAccess,
): AuthContext {
  if (caller.appId !== appId || !caller.apiKey) throw new SearchApiError(403, invalidKeyMessage);
  const context = resolveKey(ring, caller.apiKey);
  if (context.isAdmin) return context;
  const { key, secured } = context;
  if (isExpired(key, caller.now)) throw new SearchApiError(403, invalidKeyMessage);
  if (secured?.validUntil !== undefined && caller.now.getTime() >= secured.validUntil * 1000) {
    throw new SearchApiError(403, invalidKeyMessage);
  }
  if (secured?.restrictSources !== undefined && !isInSource(caller.ip, secured.restrictSources)) {
    throw new SearchApiError(403, invalidKeyMessage);
  }
  if (key.referers.length > 0) {
    const referer = caller.referer;
    if (!referer || !key.referers.some((pattern) => matchesReferer(pattern, referer))) {
      throw new SearchApiError(403, invalidKeyMessage);
    }
  }
  if (access === 'admin' || !key.acl.includes(access))
    throw new SearchApiError(403, methodNotAllowed);
  return context;
}

function resolveKey(ring: KeyRing, apiKey: string): AuthContext {
  const key = ring.get(apiKey);
  if (key) return { key, isAdmin: key.kind === 'admin', apiKey, secured: undefined };
  const resolved = ring.resolveSecured(apiKey);
  if (!resolved) throw new SearchApiError(403, invalidKeyMessage);
  return { key: resolved.parent, isAdmin: false, apiKey, secured: resolved.restrictions };
}

/**
 * Checks that the caller's key (and secured restrictions) allow an index.
 * @throws SearchApiError 403 `Index not allowed with this API key`.
 */
export function assertIndexAllowed(auth: AuthContext, indexName: string): void {
  if (!isIndexAllowed(auth, indexName)) {
    throw new SearchApiError(403, 'Index not allowed with this API key');
  }
}

export function isIndexAllowed(auth: AuthContext, indexName: string): boolean {
  if (auth.isAdmin) return true;
  if (!allowsIndex(auth.key.indexes, indexName)) return false;
  const restricted = auth.secured?.restrictIndices;
  return restricted === undefined || allowsIndex(restricted, indexName);
}

/** Parameters the key imposes on every search: forced values, plus filters ANDed with the request's. */
export interface ForcedSearchParams {
  readonly params: RawParams;
  readonly filters: readonly string[];
  readonly userToken: string | undefined;
  /** 0 = no cap on hitsPerPage / length. */
  readonly maxHitsPerQuery: number;
  /** Admin key or `seeUnretrievableAttributes` ACL. */
  readonly canSeeUnretrievable: boolean;
}

/**
 * Collects what the key's `queryParameters` and a secured key's restrictions force on a search. A secured key
 * only narrows its parent: both `filters` apply (ANDed), and where both force the same parameter the parent's
 * value wins, so a secured key can never lift a restriction of its parent.
 */
export function forcedSearchParams(auth: AuthContext): ForcedSearchParams {
  if (auth.isAdmin) {
    return {
      params: {},
      filters: [],
      userToken: undefined,
      maxHitsPerQuery: 0,
      canSeeUnretrievable: true,
    };
  }
  const { filters: keyFilters, ...keyParams } = auth.key.queryParameters
    ? decodeParamsString(auth.key.queryParameters, 'queryParameters')
    : {};
  const filters = [keyFilters, auth.secured?.filters].filter(
    (filter): filter is string => filter !== undefined && filter.trim() !== '',
  );
  return {
    params: { ...auth.secured?.searchParams, ...keyParams },
    filters,
    userToken: auth.secured?.userToken,
    maxHitsPerQuery: auth.key.maxHitsPerQuery,
    canSeeUnretrievable: auth.key.acl.includes('seeUnretrievableAttributes'),
  };
}
