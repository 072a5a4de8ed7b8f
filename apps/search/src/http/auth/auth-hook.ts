import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJsonObject } from '../../protocol/decode-params.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { readCaller, readCredentials } from '../transport/credentials.ts';
import type { ApiKey, RouteAccess } from './api-key.ts';
import { type AuthContext, authenticate } from './authenticate.ts';
import type { KeyRing } from './key-ring.ts';
import type { SecuredRestrictions } from './secured-api-key.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ACL a route needs; routes without it (health, preflight) are public. */
    access?: RouteAccess;
    /** Insights routes answer any credentials failure with 401 `Invalid credentials` (docs/api.md §2.12). */
    insights?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

export interface AuthHookOptions {
  readonly ring: KeyRing;
  readonly appId: string;
  readonly clock: () => Date;
  readonly rateLimiter: RateLimiter;
  /**
   * In a search worker (cluster/): a request under a rate-limited key is answered by the owner process, which
   * holds the one count of every worker's traffic.
   */
  readonly forwardLimited?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/**
 * Authenticates every route that declares `config.access` (before the body is read), then, once the body is
 * parsed, counts its queries against the key's `maxQueriesPerIPPerHour`: per IP, or per the `userToken` a
 * secured key carries (Algolia: "by default, rate limits are set based on IP addresses … add a user token to
 * each generated API key"). A `userToken` the caller sends itself (body or `X-Algolia-UserToken`) does not
 * replace the IP: anyone could send a new one with each request and never be limited.
 *
 * A backend that proxies its users' searches calls with the admin key, the user's rate-limited key in
 * `X-Forwarded-API-Key` and the user's IP in `X-Forwarded-For`, as Algolia documents for
 * `maxQueriesPerIPPerHour`: the queries then count against that key's limit, per that IP, or per the user token
 * the backend names (the secured key's, the body's, then `X-Algolia-UserToken`, which Algolia documents for
 * rate limiting backend searches). Only the admin key may do so, and the forwarded key only rate-limits: access
 * stays the admin key's.
 */
export function registerAuth(app: FastifyInstance, options: AuthHookOptions): void {
  app.decorateRequest('auth', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    const { appId, apiKey } = readCredentials(request);
    const caller = {
      appId,
      apiKey,
      ip: request.ip,
      referer: refererOf(request),
      now: options.clock(),
    };
    try {
      request.auth = authenticate(options.ring, options.appId, caller, access);
    } catch (error) {
      if (request.routeOptions.config.insights && error instanceof SearchApiError) {
        throw new SearchApiError(401, 'Invalid credentials', { cause: error });
      }
      throw error;
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const limited = rateLimitedCaller(options.ring, request);
    if (!limited) return;
    if (options.forwardLimited) return options.forwardLimited(request, reply);
    const { queries, userToken } = describeQueries(request.body);
    // Only a trusted backend (the admin key) may name its user's token; a client's own token is its choice.
    const namedByBackend = limited.proxied
      ? (userToken ?? readCaller(request, 'x-algolia-usertoken'))
      : undefined;
    const identity = limited.secured?.userToken ?? namedByBackend ?? limited.ip;
    options.rateLimiter.consume(
      limited.key.value,
      identity,
      limited.key.maxQueriesPerIPPerHour,
      queries,
      options.clock(),
    );
  });
}

interface LimitedCaller {
  /** The key whose `maxQueriesPerIPPerHour` counts the request (a secured key's parent). */
  readonly key: ApiKey;
  readonly secured: SecuredRestrictions | undefined;
  /** The caller's IP: the connection's, or `X-Forwarded-For`'s on a proxied admin call. */
  readonly ip: string;
  /** An admin-key call naming the limited key in `X-Forwarded-API-Key`. */
  readonly proxied: boolean;
}

/**
 * The rate-limited key a request counts against, if any: the caller's own key, or, for the admin key, the key
 * named by `X-Forwarded-API-Key` (regular or secured; an unknown or admin one is ignored), with the client IP
 * taken from the last `X-Forwarded-For` entry (the one the proxy added).
 */
function rateLimitedCaller(ring: KeyRing, request: FastifyRequest): LimitedCaller | undefined {
  const auth = request.auth;
  if (!auth) return undefined;
  let limited: LimitedCaller | undefined;
  if (!auth.isAdmin) {
    limited = { key: auth.key, secured: auth.secured, ip: request.ip, proxied: false };
  } else {
    const forwarded = readCaller(request, 'x-forwarded-api-key');
    if (forwarded === undefined) return undefined;
    const resolved = resolveForwardedKey(ring, forwarded);
    if (!resolved || resolved.parent.kind === 'admin') return undefined;
    const forwardedFor = readCaller(request, 'x-forwarded-for')
      ?.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .at(-1);
    limited = {
      key: resolved.parent,
      secured: resolved.restrictions,
      ip: forwardedFor ?? request.ip,
      proxied: true,
    };
  }
  return limited.key.maxQueriesPerIPPerHour > 0 ? limited : undefined;
}

/** A regular or secured key named by `X-Forwarded-API-Key`; `undefined` when it is none of this ring's. */
function resolveForwardedKey(
  ring: KeyRing,
  value: string,
): { parent: ApiKey; restrictions: SecuredRestrictions | undefined } | undefined {
  const own = ring.get(value);
  if (own) return { parent: own, restrictions: undefined };
  try {
    return ring.resolveSecured(value);
  } catch {
    // A secured key signed by a key of the ring but without valid restrictions: not a key to count against.
    return undefined;
  }
}

/**
 * The page the call comes from: the `Referer` header, else `Origin`. Never the query string: a page that
 * suppresses its own Referer (`Referrer-Policy: no-referrer`) must not be able to name another one in the URL.
 */
function refererOf(request: FastifyRequest): string | undefined {
  return headerOf(request, 'referer') ?? headerOf(request, 'origin');
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === '' ? undefined : first;
}

/** How many queries a body holds (a multi-query counts each entry) and the first `userToken` sent. */
function describeQueries(body: unknown): { queries: number; userToken: string | undefined } {
  if (!isJsonObject(body)) return { queries: 1, userToken: undefined };
  const requests = body['requests'];
  const entries = Array.isArray(requests) ? requests : [body];
  const token = entries
    .map((entry) => (isJsonObject(entry) ? entry['userToken'] : undefined))
    .find(Boolean);
  return {
    queries: Math.max(1, entries.length),
    userToken: typeof token === 'string' ? token : undefined,
  };
}
