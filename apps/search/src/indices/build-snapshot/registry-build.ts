import {
  BuildFormatError,
  type ImportedPart,
  type Rule,
  type SynonymEntry,
} from '../../engine/index.ts';
import type { StoredIndex } from '../../store/search-store.ts';
import type { IndexRegistry } from '../index-registry.ts';
import { LiveIndex } from '../live-index.ts';
import type { IndexParts } from './snapshot-file.ts';

/**
 * The built state of every index that owns structures: primaries and standard replicas that build their own. A
 * replica sharing its primary's structures (decision 0015) and a virtual replica have nothing of their own: they are
 * not written twice. Valid until the next write (the parts are the engines' own arrays).
 */
export function exportRegistryBuild(registry: IndexRegistry): IndexParts[] {
  return registry.list().flatMap((index) => {
    const parts = index.ownIndex?.exportBuild();
    return parts === undefined ? [] : [{ name: index.name, parts }];
  });
}

/**
 * Fills an empty registry from the store's indices (settings, synonyms, rules: read without their records) and a
 * persisted build of their engines, wired as a start from the store wires them (replicas on their primaries).
 * @throws BuildFormatError when the build does not fit: an index without its build or a build without its index,
 *   another engine version, other indexing settings. The registry is then left empty.
 */
export function importRegistryBuild(
  registry: IndexRegistry,
  stored: readonly StoredIndex[],
  builds: ReadonlyMap<string, ImportedPart[]>,
): void {
  try {
    for (const entry of stored)
      registry.set(new LiveIndex(entry.name, entry.settings, entry.createdAt, entry.updatedAt));
    for (const entry of stored) {
      const index = registry.require(entry.name);
      if (index.primary !== undefined) registry.refreshEngine(index);
      index.replaceSynonyms(entry.synonyms as unknown as SynonymEntry[]);
      index.replaceRules(entry.rules as unknown as Rule[]);
    }
    for (const index of registry.list()) {
      const own = index.ownIndex;
      const parts = builds.get(index.name);
      const expected = own !== undefined && !own.sharing;
      if (expected !== (parts !== undefined))
        throw new BuildFormatError(
          `index ${index.name} ${expected ? 'has no build' : 'has a build it cannot take'}`,
        );
      if (own && parts) own.importBuild(parts);
    }
    if (builds.size !== registry.list().filter((index) => builds.has(index.name)).length)
      throw new BuildFormatError('the build holds an index the store does not');
  } catch (error) {
    for (const index of registry.list()) registry.delete(index.name);
    throw error;
  }
}

/** Records held by the indices that store them (primaries and ordinary indices, not replicas). */
export function storedRecordCount(registry: IndexRegistry): number {
  let records = 0;
  for (const index of registry.list())
    if (index.primary === undefined) records += index.recordCount;
  return records;
}
