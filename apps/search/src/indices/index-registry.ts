import { SearchApiError } from '../protocol/search-api-error.ts';
import { withoutLinks } from './index-lifecycle.ts';
import type { LiveIndex } from './live-index.ts';

/** The live indices by name, with the primary ⇄ replica relations read from their settings. */
export class IndexRegistry {
  readonly #indices = new Map<string, LiveIndex>();
  readonly #changeListeners: (() => void)[] = [];
  #generation = 0;

  /** Moves on every change applied to any index (what `SearchCache` answers are checked against). */
  get generation(): number {
    return this.#generation;
  }

  /** Called after every write applied in memory (and after a rebuild from the store). */
  changed(): void {
    this.#generation += 1;
    for (const listener of this.#changeListeners) listener();
  }

  /** Calls `listener` after every {@link changed}. */
  onChanged(listener: () => void): void {
    this.#changeListeners.push(listener);
  }

  get(name: string): LiveIndex | undefined {
    return this.#indices.get(name);
  }

  /** @throws SearchApiError 404 `Index does not exist`. */
  require(name: string): LiveIndex {
    const index = this.#indices.get(name);
    if (!index) throw new SearchApiError(404, 'Index does not exist');
    return index;
  }

  list(): LiveIndex[] {
    return [...this.#indices.values()];
  }

  set(index: LiveIndex): void {
    this.#indices.set(index.name, index);
  }

  delete(name: string): void {
    this.#indices.delete(name);
  }

  /** The existing replicas of a primary, in its `replicas` order. */
  replicasOf(index: LiveIndex): LiveIndex[] {
    return index.replicas.flatMap(({ name }) => {
      const replica = this.#indices.get(name);
      return replica && replica.primary === index.name ? [replica] : [];
    });
  }

  /** Whether `index` is listed as `virtual(name)` by its primary. */
  isVirtualReplica(index: LiveIndex): boolean {
    const primary = index.primary === undefined ? undefined : this.#indices.get(index.primary);
    return primary?.replicas.some((entry) => entry.virtual && entry.name === index.name) ?? false;
  }

  /**
   * Puts an index on the right engine for its role: a virtual replica becomes a view over its primary's
   * `SearchIndex` (with its own settings as overrides), anything else owns an index with exactly its settings;
   * a standard replica's shares its primary's records and structures while their indexing settings are equal.
   * A primary's replicas are re-pointed too (its `SearchIndex` may have changed).
   */
  refreshEngine(index: LiveIndex): void {
    const own = index.stored.engine;
    const primary = index.primary === undefined ? undefined : this.#indices.get(index.primary);
    const primaryIndex = primary?.ownIndex;
    if (primary && primaryIndex && this.isVirtualReplica(index))
      index.attachVirtualEngine(primaryIndex, own, withoutLinks(primary.settings));
    else {
      const follows = primary !== undefined && this.replicasOf(primary).includes(index);
      index.attachOwnEngine(own, follows ? primaryIndex : undefined);
    }
    const ownIndex = index.ownIndex;
    if (!ownIndex) return;
    for (const replica of this.replicasOf(index)) {
      if (this.isVirtualReplica(replica))
        replica.attachVirtualEngine(ownIndex, replica.stored.engine, withoutLinks(index.settings));
      else replica.ownIndex?.shareWith(ownIndex);
    }
  }
}
