import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJsonObject } from '../../protocol/decode-params.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { readCaller, readCredentials } from '../transport/credentials.ts';
import type { RouteAccess } from './api-key.ts';
import { type AuthContext, authenticate } from './authenticate.ts';
import type { KeyRing } from './key-ring.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ACL a route needs; routes without it (health, preflight) are public. */
    access?: RouteAccess;
    /** Insights routes answer any credentials failure with 401 `Invalid credentials` (PROTOCOL.md §2.12). */
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
 * parsed, counts its queries against the key's `maxQueriesPerIPPerHour` (per `userToken` when one is known: the
 * secured key's, the body's, then the `X-Algolia-UserToken` header; otherwise per IP).
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
    const auth = request.auth;
    if (!auth || auth.isAdmin || auth.key.maxQueriesPerIPPerHour <= 0) return;
    if (options.forwardLimited) return options.forwardLimited(request, reply);
    const { queries, userToken } = describeQueries(request.body);
    // Algolia documents the X-Algolia-UserToken header for API key rate limiting (backend searches for many users).
    const identity =
      auth.secured?.userToken ??
      userToken ??
      readCaller(request, 'x-algolia-usertoken') ??
      request.ip;
    options.rateLimiter.consume(
      auth.key.value,
      identity,
      auth.key.maxQueriesPerIPPerHour,
      queries,
      options.clock(),
    );
  });
}

function refererOf(request: FastifyRequest): string | undefined {
  return readCaller(request, 'referer') ?? readCaller(request, 'origin');
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
