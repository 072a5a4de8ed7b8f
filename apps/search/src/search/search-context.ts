import type { IndexRegistry } from '../indices/index-registry.ts';
import type { SearchLog } from '../insights/search-log.ts';
import type { MultiQueryStrategy, QueryRequest } from '../protocol/parse-multi-query.ts';
import type { SearchConstraints } from './prepare-search.ts';
import type { SearchCache } from './search-cache.ts';

/** What a search call needs of the service (the routes' context has all of it). */
export interface SearchContext {
  readonly service: { readonly registry: IndexRegistry };
  readonly searchLog: SearchLog;
  /** Recent answers, dropped on every write (search-cache.ts). */
  readonly searchCache: SearchCache;
  readonly clock: () => Date;
  /** Time budget of one call, in ms: once spent, the call's remaining queries are not run. */
  readonly limits: { readonly searchTimeBudgetMS: number };
  /** Makes `queryID`s: 32 lowercase hex characters. */
  readonly generateQueryId: () => string;
}

/** Where a search call writes its debug lines (the request's logger). */
export interface SearchLogger {
  debug(fields: object, message: string): void;
}

/** One search call as the route parsed it, with what the caller's key and client bring to it. */
export interface SearchCall {
  readonly requests: readonly QueryRequest[];
  readonly strategy: MultiQueryStrategy;
  /** The caller key's forced parameters, filters and caps. */
  readonly constraints: SearchConstraints;
  /** The client takes gzip: each answer is compressed in a slice of its own. */
  readonly gzip: boolean;
  /** The server time spent on the request before the call (Fastify's `reply.elapsedTime`), in ms. */
  readonly serverElapsed: number;
  readonly log: SearchLogger;
}

export const elapsedMS = (): number => performance.now();
