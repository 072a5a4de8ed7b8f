import type { RecommendRegistry } from '../indices/recommend-registry.ts';
import type { SearchService } from '../indices/search-service.ts';
import type { SearchLog } from '../insights/search-log.ts';
import type { SearchCache } from '../search/search-cache.ts';
import type { SearchStore } from '../store/search-store.ts';
import type { QuerySuggestions } from '../suggestions/query-suggestions.ts';
import type { KeyRing } from './auth/key-ring.ts';

/** Limits the service enforces (docs/api.md §8); every one has a default in `defaultLimits`. */
export interface ServiceLimits {
  /** Largest record, in bytes of JSON (default 10,000; Algolia plans go up to 100 KB). */
  readonly maxRecordBytes: number;
  /** Body cap of read routes (default 1 MB). */
  readonly searchBodyBytes: number;
  /** Body cap of indexing routes (default 50 MB). */
  readonly indexingBodyBytes: number;
  /**
   * Time budget of one HTTP search call, in ms (default 1,000). The engine call itself is synchronous and is
   * never interrupted; once the budget is spent, the remaining queries of a multi-query are not run and come
   * back as empty results flagged non-exhaustive.
   */
  readonly searchTimeBudgetMS: number;
  /** Body cap of `POST /1/events`, inclusive (default 2 MB − 1 byte: Insights refuses 2 MB and more). */
  readonly eventsBodyBytes: number;
  /** Writes allowed to wait in the queue before new ones get 429 (default 5,000). */
  readonly maxPendingWrites: number;
  /** Answers kept by the search cache (default 10,000; 0 turns it off: search/search-cache.ts). */
  readonly searchCacheEntries: number;
}

export const defaultLimits: ServiceLimits = {
  maxRecordBytes: 10_000,
  searchBodyBytes: 1024 * 1024,
  indexingBodyBytes: 50 * 1024 * 1024,
  searchTimeBudgetMS: 1000,
  eventsBodyBytes: 2 * 1024 * 1024 - 1,
  maxPendingWrites: 5000,
  searchCacheEntries: 10_000,
};

/** What route modules need: the live service, keys, the search log, time and limits. */
export interface RouteContext {
  readonly service: SearchService;
  readonly ring: KeyRing;
  readonly searchLog: SearchLog;
  /** Insights events are stored through it before they are acknowledged. */
  readonly store: SearchStore;
  /** The Recommend models of each index, fed with the stored events. */
  readonly recommend: RecommendRegistry;
  readonly clock: () => Date;
  readonly limits: ServiceLimits;
  /** Seals browse cursors (`protocol/browse-cursor.ts`). */
  readonly cursorKey: Buffer;
  /** Recent answers, dropped on every write (search/search-cache.ts). */
  readonly searchCache: SearchCache;
  /** Makes objectIDs for records sent without one, and API key values. */
  readonly generateId: () => string;
  /** Makes `queryID`s: 32 lowercase hex characters. */
  readonly generateQueryId: () => string;
  /** The Query Suggestions configurations and their builds. */
  readonly suggestions: QuerySuggestions;
}
