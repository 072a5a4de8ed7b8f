import type { Rule, SearchRecord, SynonymEntry } from '../engine/index.ts';
import type { StoredIndex } from '../store/search-store.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';

/**
 * Rebuilds the live indices from the store: primaries first, then replicas, which get their primary's records
 * (records are stored once, under the primary). Bodies were validated before they were stored.
 */
export function hydrateRegistry(registry: IndexRegistry, stored: readonly StoredIndex[]): void {
  for (const entry of stored) {
    registry.set(new LiveIndex(entry.name, entry.settings, entry.createdAt, entry.updatedAt));
  }
  for (const entry of stored) {
    const index = registry.require(entry.name);
    if (index.primary !== undefined) registry.refreshEngine(index);
  }
  for (const entry of stored) {
    const index = registry.require(entry.name);
    index.replaceSynonyms(entry.synonyms as unknown as SynonymEntry[]);
    index.replaceRules(entry.rules as unknown as Rule[]);
    const primary = index.primary === undefined ? undefined : registry.get(index.primary);
    const records = primary ? findStored(stored, primary.name)?.records : entry.records;
    index.saveRecords((records ?? []) as unknown as SearchRecord[]);
  }
  registry.changed();
}

function findStored(stored: readonly StoredIndex[], name: string): StoredIndex | undefined {
  return stored.find((entry) => entry.name === name);
}
