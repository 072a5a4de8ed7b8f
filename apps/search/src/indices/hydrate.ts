import type { Rule, SearchRecord, SynonymEntry } from '../engine/index.ts';
import type { StoredIndex } from '../store/search-store.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';

/** Records saved between two points where a start may give the event loop back (`/health` answers 503). */
const recordsPerStep = 500;

/**
 * Rebuilds the live indices from the store: primaries first, then replicas, which get their primary's records
 * (records are stored once, under the primary). Bodies were validated before they were stored.
 */
export function hydrateRegistry(registry: IndexRegistry, stored: readonly StoredIndex[]): void {
  for (const _ of hydrationSteps(registry, stored)) {
    // every step, without pausing
  }
  registry.changed();
}

/** {@link hydrateRegistry} as steps, yielding every few hundred records (the caller calls `changed` at the end). */
export function* hydrationSteps(
  registry: IndexRegistry,
  stored: readonly StoredIndex[],
): Generator<undefined> {
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
    const records = (primary ? findStored(stored, primary.name)?.records : entry.records) ?? [];
    for (let start = 0; start < records.length; start += recordsPerStep) {
      index.saveRecords(records.slice(start, start + recordsPerStep) as unknown as SearchRecord[]);
      yield;
    }
  }
}

function findStored(stored: readonly StoredIndex[], name: string): StoredIndex | undefined {
  return stored.find((entry) => entry.name === name);
}
