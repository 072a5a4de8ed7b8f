/**
 * A least-recently-used map bounded by the summed size of its values (and, if asked, by their count): the
 * engine's per-index caches of broad words (word matches, merged postings, whole-index word scans) each keep
 * what a few thousand searches reuse, within memory a few times the index's own.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, V>();
  private held = 0;
  private readonly sizeOf: (value: V) => number;

  /** @param sizeOf - a value's size, in whatever unit the budgets count. */
  constructor(sizeOf: (value: V) => number) {
    this.sizeOf = sizeOf;
  }

  /** The value under `key`, made the most recently used. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /**
   * Stores `value` under `key` (replacing what was there) as the most recently used, after evicting the least
   * recently used entries until the sizes fit `budget` and there are fewer than `maxEntries`.
   */
  set(key: string, value: V, budget: number, maxEntries = Number.POSITIVE_INFINITY): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.held -= this.sizeOf(previous);
      this.entries.delete(key);
    }
    const size = this.sizeOf(value);
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size < maxEntries && this.held + size <= budget) break;
      this.held -= this.sizeOf(old);
      this.entries.delete(oldKey);
    }
    this.entries.set(key, value);
    this.held += size;
  }
}
