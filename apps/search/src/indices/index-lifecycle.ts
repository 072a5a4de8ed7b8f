import { parseReplica, replicaList, type SettingsDocument } from '../protocol/settings-wire.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';
import type { PlanBuilder } from './write-plan.ts';

/**
 * Plans "this index was written at `at`": creates it with default settings when missing, otherwise bumps its
 * `updatedAt`.
 * @param exists - whether the index exists at this point of the plan (a batch may delete it first).
 */
export function planTouch(
  builder: PlanBuilder,
  registry: IndexRegistry,
  name: string,
  at: Date,
  exists = registry.get(name) !== undefined,
): void {
  const settings = exists ? (registry.get(name)?.settings ?? {}) : {};
  builder.add({ kind: 'putIndex', name, settings, at }, () => {
    const index = registry.get(name);
    if (index) index.updatedAt = at;
    else registry.set(new LiveIndex(name, {}, at, at));
  });
}

/** An index and its replicas, read when the step runs. */
export function withReplicas(registry: IndexRegistry, name: string): LiveIndex[] {
  const index = registry.get(name);
  return index ? [index, ...registry.replicasOf(index)] : [];
}

/**
 * Plans deleting an index with its records, synonyms and rules. A replica is first removed from its primary's
 * `replicas`; the replicas of a deleted primary become ordinary indices.
 */
export function planDeleteIndex(
  builder: PlanBuilder,
  registry: IndexRegistry,
  name: string,
  at: Date,
): void {
  const index = registry.get(name);
  if (!index) return;
  const primary = index.primary === undefined ? undefined : registry.get(index.primary);
  if (primary) {
    const replicas = replicaList(primary.settings).filter(
      (entry) => parseReplica(entry).name !== name,
    );
    planReplaceSettings(builder, registry, primary, { ...primary.settings, replicas }, at);
  }
  for (const replica of registry.replicasOf(index))
    planDetachReplica(builder, registry, replica, at);
  builder.add({ kind: 'deleteIndex', name }, () => registry.delete(name));
}

/**
 * Plans a replica leaving its primary: it becomes an ordinary index that keeps the records it served. Those
 * were stored once, under the primary: the store copies them to it, so that a restart loads them too.
 */
export function planDetachReplica(
  builder: PlanBuilder,
  registry: IndexRegistry,
  replica: LiveIndex,
  at: Date,
): void {
  const primary = replica.primary;
  planReplaceSettings(builder, registry, replica, detachedSettings(registry, replica), at);
  if (primary === undefined) return;
  builder.add({
    kind: 'copyEntries',
    entries: 'records',
    source: primary,
    destination: replica.name,
  });
}

/** A replica's settings once it no longer follows a primary (a virtual replica keeps what it inherited). */
export function detachedSettings(registry: IndexRegistry, replica: LiveIndex): SettingsDocument {
  const primary = replica.primary === undefined ? undefined : registry.get(replica.primary);
  const inherited =
    primary && registry.isVirtualReplica(replica) ? withoutLinks(primary.settings) : {};
  const { primary: _primary, ...own } = { ...inherited, ...replica.settings };
  return own;
}

/** Plans new settings for an index and refreshes its engine (and its virtual replicas' engines). */
export function planReplaceSettings(
  builder: PlanBuilder,
  registry: IndexRegistry,
  index: LiveIndex,
  settings: SettingsDocument,
  at: Date,
): void {
  builder.add({ kind: 'putIndex', name: index.name, settings, at }, () => {
    const live = registry.get(index.name);
    if (!live) return;
    live.settings = settings;
    live.updatedAt = at;
    refreshEngineSettings(registry, live);
  });
}

/** Pushes an index's effective settings to its engine, and to its virtual replicas' engines. */
export function refreshEngineSettings(registry: IndexRegistry, index: LiveIndex): void {
  registry.refreshEngine(index);
}

/** Settings without the primary/replica links (what copy carries over). */
export function withoutLinks(settings: SettingsDocument): SettingsDocument {
  const { replicas: _replicas, primary: _primary, ...rest } = settings;
  return rest;
}
