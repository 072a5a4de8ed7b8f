import type { Rule, SearchRecord, SynonymEntry } from '../engine/index.ts';
import type { JsonObject, StoredIndex } from '../store/search-store.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';
import { runInSlices } from './run-in-slices.ts';

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
  createIndices(registry, stored);
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

/** Reads one index's records a range at a time, in write order. */
export type RecordRanges = (index: string) => AsyncIterable<readonly JsonObject[]>;

/**
 * {@link hydrationSteps} with the records read a range at a time (`stored` carries none): each range is saved into
 * the index that stores it and every index that takes its records from it (its replicas), then dropped, so the
 * start never holds every record as an object at once (issue #26). The event loop is given back whenever a slice
 * ran `sliceMS`. The caller calls `changed` at the end.
 * @returns the time spent waiting for the store's ranges, ms.
 */
export async function hydrateInRanges(
  registry: IndexRegistry,
  stored: readonly StoredIndex[],
  ranges: RecordRanges,
  sliceMS: number,
): Promise<number> {
  createIndices(registry, stored);
  const readers = new Map<string, LiveIndex[]>();
  for (const entry of stored) {
    const index = registry.require(entry.name);
    index.replaceSynonyms(entry.synonyms as unknown as SynonymEntry[]);
    index.replaceRules(entry.rules as unknown as Rule[]);
    const primary = index.primary === undefined ? undefined : registry.get(index.primary);
    const source = primary?.name ?? entry.name;
    readers.set(source, [...(readers.get(source) ?? []), index]);
  }
  let readMS = 0;
  for (const [source, indices] of orderedReaders(readers)) {
    const iterator = ranges(source)[Symbol.asyncIterator]();
    for (;;) {
      const started = performance.now();
      const next = await iterator.next();
      readMS += performance.now() - started;
      if (next.done) break;
      await runInSlices(savingSteps(indices, next.value), sliceMS);
    }
  }
  return readMS;
}

/** The index that stores the records first, then the indices that read them (as a forwarded write runs). */
function orderedReaders(readers: Map<string, LiveIndex[]>): [string, LiveIndex[]][] {
  return [...readers].map(([source, indices]) => [
    source,
    [...indices].sort((a, b) => Number(b.name === source) - Number(a.name === source)),
  ]);
}

function* savingSteps(
  indices: readonly LiveIndex[],
  records: readonly JsonObject[],
): Generator<undefined> {
  for (let start = 0; start < records.length; start += recordsPerStep) {
    const slice = records.slice(start, start + recordsPerStep) as unknown as SearchRecord[];
    for (const index of indices) {
      index.saveRecords(slice);
      yield;
    }
  }
}

function createIndices(registry: IndexRegistry, stored: readonly StoredIndex[]): void {
  for (const entry of stored) {
    registry.set(new LiveIndex(entry.name, entry.settings, entry.createdAt, entry.updatedAt));
  }
  for (const entry of stored) {
    const index = registry.require(entry.name);
    if (index.primary !== undefined) registry.refreshEngine(index);
  }
}

function findStored(stored: readonly StoredIndex[], name: string): StoredIndex | undefined {
  return stored.find((entry) => entry.name === name);
}
