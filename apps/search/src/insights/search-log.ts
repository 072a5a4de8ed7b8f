import { toStorableText } from '../protocol/assert-storable.ts';
import type { SearchLogEntry, SearchStore } from '../store/search-store.ts';

/**
 * Each entry keeps the objectIDs of the first this-many hits only (the Analytics API's top hits count them), so a
 * search with a large `hitsPerPage` cannot bloat the log. Clicks at later positions still count in the rates.
 */
export const loggedHitsPerSearch = 20;

export interface SearchLogOptions {
  /** Flush period in ms (default 2,000). */
  readonly flushIntervalMS?: number;
  /** Flush as soon as this many entries wait (default 500). */
  readonly maxBuffered?: number;
  /** Entries kept while the store is failing, beyond which the oldest are dropped (default 50,000). */
  readonly maxRetained?: number;
  /** Called when a flush fails (the entries are kept and retried). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Records searches off the request path: `record` only pushes to a buffer; a timer (or a full buffer) writes the
 * buffer to the store in one insert. `close` writes what is left.
 */
export class SearchLog {
  readonly #store: SearchStore;
  readonly #maxBuffered: number;
  readonly #maxRetained: number;
  readonly #onError: (error: unknown) => void;
  readonly #timer: NodeJS.Timeout;
  #buffer: SearchLogEntry[] = [];
  #flushing: Promise<void> | undefined;

  constructor(store: SearchStore, options: SearchLogOptions = {}) {
    this.#store = store;
    this.#maxBuffered = options.maxBuffered ?? 500;
    this.#maxRetained = options.maxRetained ?? 50_000;
    this.#onError = options.onError ?? (() => undefined);
    this.#timer = setInterval(() => void this.flush(), options.flushIntervalMS ?? 2000);
    this.#timer.unref();
  }

  record(entry: SearchLogEntry): void {
    // A text column refuses NUL and unpaired surrogates: one bad query must not block every later flush.
    this.#buffer.push({
      ...entry,
      indexName: toStorableText(entry.indexName),
      query: toStorableText(entry.query),
      filters: toStorableText(entry.filters),
      ...(entry.userToken === undefined ? {} : { userToken: toStorableText(entry.userToken) }),
      ...(entry.analyticsTags === undefined
        ? {}
        : { analyticsTags: entry.analyticsTags.map(toStorableText) }),
      ...(entry.queryLanguages === undefined
        ? {}
        : { queryLanguages: entry.queryLanguages.map(toStorableText) }),
      ...(entry.objectIDs === undefined
        ? {}
        : { objectIDs: entry.objectIDs.slice(0, loggedHitsPerSearch) }),
    });
    if (this.#buffer.length >= this.#maxBuffered) void this.flush();
  }

  /** Writes the buffered entries; concurrent calls share one write. */
  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
    if (this.#buffer.length > 0) await this.flush();
  }

  async #write(): Promise<void> {
    const entries = this.#buffer;
    if (entries.length === 0) return;
    this.#buffer = [];
    try {
      await this.#store.appendSearchLog(entries);
    } catch (error) {
      this.#buffer = [...entries, ...this.#buffer].slice(-this.#maxRetained);
      this.#onError(error);
    }
  }
}
