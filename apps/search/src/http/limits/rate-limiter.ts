import { SearchApiError } from '../../protocol/search-api-error.ts';

const hourMS = 3_600_000;

/**
 * Counts queries per key and caller (IP or userToken) in fixed one-hour windows, for keys with
 * `maxQueriesPerIPPerHour` (docs/api.md §7.1). Over the limit → 429 with `Retry-After` = seconds until the
 * window ends.
 */
export class RateLimiter {
  #window = -1;
  #counts = new Map<string, number>();

  /**
   * Counts `queries` more for `identity` under `keyValue`.
   * @param limit - the key's `maxQueriesPerIPPerHour`; 0 = unlimited (nothing is counted).
   * @throws RateLimitError when the count would exceed `limit`.
   */
  consume(keyValue: string, identity: string, limit: number, queries: number, now: Date): void {
    if (limit <= 0) return;
    const window = Math.floor(now.getTime() / hourMS);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const bucket = `${keyValue}\u0000${identity}`;
    const count = (this.#counts.get(bucket) ?? 0) + queries;
    if (count > limit) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil(((window + 1) * hourMS - now.getTime()) / 1000),
      );
      throw new RateLimitError(retryAfterSeconds);
    }
    this.#counts.set(bucket, count);
  }
}

/** A 429 that carries the `Retry-After` value. */
export class RateLimitError extends SearchApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, 'Too Many Requests');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
