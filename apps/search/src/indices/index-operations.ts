import { SearchApiError } from '../protocol/search-api-error.ts';
import { replicaList, type SettingsDocument } from '../protocol/settings-wire.ts';
import type { EntryKind, StoreChange } from '../store/search-store.ts';
import {
  planDeleteIndex,
  planTouch,
  refreshEngineSettings,
  withoutLinks,
  withReplicas,
} from './index-lifecycle.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';
import { PlanBuilder, type WritePlan } from './write-plan.ts';

export type CopyScope = 'settings' | 'synonyms' | 'rules';

/**
 * Plans `copy` (docs/api.md §2.8): without `scope`, the destination becomes a full copy (records, settings,
 * synonyms, rules; never `replicas`); with `scope`, only those parts are replaced and its records are kept.
 * A missing source is a no-op. Copying onto an index that has replicas, or onto a replica, is refused.
 */
export function planCopy(
  registry: IndexRegistry,
  sourceName: string,
  destinationName: string,
  scope: readonly CopyScope[] | undefined,
  at: Date,
): WritePlan {
  const builder = new PlanBuilder();
  const source = registry.get(sourceName);
  if (!source || sourceName === destinationName) return builder.build(destinationName, undefined);
  const destination = registry.get(destinationName);
  assertWritableDestination(destination, destinationName);
  const parts: readonly CopyScope[] = scope ?? ['settings', 'synonyms', 'rules'];
  const settings = parts.includes('settings')
    ? withoutLinks(source.effectiveSettings)
    : (destination?.settings ?? {});
  builder.add([
    { kind: 'putIndex', name: destinationName, settings, at },
    ...copyChanges(
      sourceName,
      destinationName,
      scope === undefined ? ['records', ...parts] : parts,
      // A replica's records are stored once, under its primary: copy them from there.
      source.primary,
    ),
  ]);
  builder.step(() => {
    const target =
      scope === undefined || !destination
        ? new LiveIndex(destinationName, settings, destination?.createdAt ?? at, at)
        : destination;
    target.updatedAt = at;
    if (target.settings !== settings) {
      target.settings = settings;
      refreshEngineSettings(registry, target);
    }
    if (parts.includes('synonyms')) target.replaceSynonyms(source.synonyms.values());
    if (parts.includes('rules')) target.replaceRules(source.rules.values());
    if (scope === undefined) target.saveRecords([...source.records.values()]);
    registry.set(target);
  });
  return builder.build(destinationName, undefined);
}

/**
 * Plans `move`: the destination is replaced by the source (its `replicas` are kept and receive the new
 * records), then the source disappears. A missing source is a no-op.
 */
export function planMove(
  registry: IndexRegistry,
  sourceName: string,
  destinationName: string,
  at: Date,
): WritePlan {
  const builder = new PlanBuilder();
  const source = registry.get(sourceName);
  if (!source || sourceName === destinationName) return builder.build(destinationName, undefined);
  if (source.primary !== undefined || replicaList(source.settings).length > 0) {
    throw new SearchApiError(400, `${sourceName} has replicas or is a replica: it cannot be moved`);
  }
  const destination = registry.get(destinationName);
  if (destination?.primary !== undefined) {
    throw new SearchApiError(
      400,
      `${destinationName} is a replica: it cannot be overwritten by a move`,
    );
  }
  const replicas = replicaList(destination?.settings ?? {});
  const settings: SettingsDocument =
    replicas.length > 0 ? { ...source.settings, replicas } : source.settings;
  builder.add([
    { kind: 'putIndex', name: destinationName, settings, at },
    ...copyChanges(sourceName, destinationName, ['records', 'settings', 'synonyms', 'rules']),
    { kind: 'deleteIndex', name: sourceName },
  ]);
  builder.step(() => {
    const moved = new LiveIndex(
      destinationName,
      settings,
      destination?.createdAt ?? at,
      at,
      source.ownIndex,
    );
    moved.takeRecordsOf(source);
    moved.replaceSynonyms(source.synonyms.values());
    moved.replaceRules(source.rules.values());
    registry.delete(sourceName);
    registry.set(moved);
    registry.refreshEngine(moved);
    for (const replica of registry.replicasOf(moved)) {
      replica.clearRecords();
      replica.saveRecords([...moved.records.values()]);
    }
  });
  return builder.build(destinationName, undefined);
}

/** Plans `DELETE /1/indexes/{index}`; an unknown index is not an error. */
export function planDelete(registry: IndexRegistry, name: string, at: Date): WritePlan {
  const builder = new PlanBuilder();
  planDeleteIndex(builder, registry, name, at);
  return builder.build(name, undefined);
}

/** Plans `POST /clear`: removes every record, keeps settings, synonyms and rules. */
export function planClear(registry: IndexRegistry, name: string, at: Date): WritePlan {
  const builder = new PlanBuilder();
  const index = registry.get(name);
  if (index?.primary !== undefined) {
    throw new SearchApiError(
      400,
      `${name} is a replica of ${index.primary}: clear the primary index`,
    );
  }
  planTouch(builder, registry, name, at);
  builder.add({ kind: 'clearEntries', entries: 'records', index: name }, () => {
    for (const live of withReplicas(registry, name)) live.clearRecords();
  });
  return builder.build(name, undefined);
}

function assertWritableDestination(destination: LiveIndex | undefined, name: string): void {
  if (destination && replicaList(destination.settings).length > 0) {
    throw new SearchApiError(400, `${name} has replicas: copying onto it is not allowed`);
  }
  if (destination?.primary !== undefined) {
    throw new SearchApiError(400, `${name} is a replica: copying onto it is not allowed`);
  }
}

function copyChanges(
  source: string,
  destination: string,
  parts: readonly (CopyScope | 'records')[],
  recordsSource: string = source,
): StoreChange[] {
  return parts
    .filter((part): part is EntryKind => part !== 'settings')
    .map((entries) => ({
      kind: 'copyEntries',
      entries,
      source: entries === 'records' ? recordsSource : source,
      destination,
    }));
}
