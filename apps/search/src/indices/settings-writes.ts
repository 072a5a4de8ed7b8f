import { SearchIndex } from '../engine/index.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import {
  parseReplica,
  replicaList,
  type SettingsDocument,
  type SettingsUpdate,
  toEngineSettings,
} from '../protocol/settings-wire.ts';
import {
  planDetachReplica,
  planReplaceSettings,
  refreshEngineSettings,
  withoutLinks,
} from './index-lifecycle.ts';
import type { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';
import { PlanBuilder, type WritePlan } from './write-plan.ts';

/**
 * Plans `PUT /settings`: merges the update into the index's settings (creating the index when missing), attaches
 * new replicas (a new standard replica starts with a copy of the primary's settings, a virtual one inherits
 * them), detaches dropped ones, and with `forwardToReplicas` applies the same update to every replica.
 * @throws SearchApiError 400 when the replica list is inconsistent (self, a replica of another index, a primary).
 */
export function planSetSettings(
  registry: IndexRegistry,
  name: string,
  update: SettingsUpdate,
  forwardToReplicas: boolean,
  at: Date,
): WritePlan {
  const builder = new PlanBuilder();
  const index = registry.get(name);
  const current = index?.settings ?? {};
  const next = mergeSettings(current, update);
  assertEngineAccepts(next);
  const changesReplicas = 'replicas' in update.set || update.reset.includes('replicas');
  if (changesReplicas && index?.primary !== undefined && replicaList(next).length > 0) {
    throw new SearchApiError(400, `${name} is a replica: a replica cannot have replicas`);
  }
  if (index) planReplaceSettings(builder, registry, index, next, at);
  else {
    builder.add({ kind: 'putIndex', name, settings: next, at }, () =>
      registry.set(new LiveIndex(name, next, at, at)),
    );
  }
  if (changesReplicas) planReplicaChanges(builder, registry, name, current, next, at);
  if (forwardToReplicas) {
    const forwarded: SettingsUpdate = {
      set: withoutLinks(update.set),
      reset: update.reset.filter(notLink),
    };
    for (const { name: replicaName } of replicaList(next).map(parseReplica)) {
      const replica = registry.get(replicaName);
      const base = replica?.primary === name ? replica.settings : undefined;
      if (!replica || !base) continue;
      planReplaceSettings(builder, registry, replica, mergeSettings(base, forwarded), at);
    }
  }
  return builder.build(name, undefined);
}

/**
 * The other indices `planSetSettings` writes to: the replicas the update links, unlinks or switches between
 * standard and virtual (a linked index gets the primary's records) and, with `forwardToReplicas`, every
 * replica it forwards the update to. A restricted key must be allowed on each of them, as on the index itself
 * (docs/api.md §1.6, §7.1).
 */
export function replicasWritten(
  current: SettingsDocument,
  update: SettingsUpdate,
  forwardToReplicas: boolean,
): string[] {
  // Replica name → virtual: a replica turned from standard to virtual or back is detached and attached again.
  const entries = (settings: SettingsDocument) =>
    new Map(
      replicaList(settings)
        .map(parseReplica)
        .map((entry) => [entry.name, entry.virtual]),
    );
  const before = entries(current);
  const after = entries(mergeSettings(current, update));
  const written = new Set<string>();
  for (const [name, virtual] of after)
    if (forwardToReplicas || before.get(name) !== virtual) written.add(name);
  for (const name of before.keys()) if (!after.has(name)) written.add(name);
  return [...written];
}

function notLink(name: string): boolean {
  return name !== 'replicas' && name !== 'primary';
}

function mergeSettings(current: SettingsDocument, update: SettingsUpdate): SettingsDocument {
  const next: Record<string, unknown> = { ...current, ...update.set };
  for (const name of update.reset) delete next[name];
  return next;
}

function planReplicaChanges(
  builder: PlanBuilder,
  registry: IndexRegistry,
  primaryName: string,
  before: SettingsDocument,
  after: SettingsDocument,
  at: Date,
): void {
  const oldEntries = replicaList(before).map(parseReplica);
  const newEntries = replicaList(after).map(parseReplica);
  for (const old of oldEntries) {
    const kept = newEntries.find((entry) => entry.name === old.name);
    const replica = registry.get(old.name);
    if (kept?.virtual === old.virtual || !replica || replica.primary !== primaryName) continue;
    planDetachReplica(builder, registry, replica, at);
  }
  for (const entry of newEntries) {
    const old = oldEntries.find((candidate) => candidate.name === entry.name);
    if (old?.virtual === entry.virtual && registry.get(entry.name)?.primary === primaryName)
      continue;
    planAttachReplica(builder, registry, primaryName, after, entry, at);
  }
}

function planAttachReplica(
  builder: PlanBuilder,
  registry: IndexRegistry,
  primaryName: string,
  primarySettings: SettingsDocument,
  entry: { readonly name: string; readonly virtual: boolean },
  at: Date,
): void {
  const existing = registry.get(entry.name);
  if (entry.name === primaryName)
    throw new SearchApiError(400, 'An index cannot be its own replica');
  if (existing?.primary !== undefined && existing.primary !== primaryName) {
    throw new SearchApiError(400, `${entry.name} is already a replica of ${existing.primary}`);
  }
  if (existing && replicaList(existing.settings).length > 0) {
    throw new SearchApiError(
      400,
      `${entry.name} has replicas of its own and cannot become a replica`,
    );
  }
  const own = entry.virtual
    ? withoutLinks(existing?.settings ?? {})
    : withoutLinks(existing?.settings ?? primarySettings);
  const settings: SettingsDocument = { ...own, primary: primaryName };
  builder.add(
    [
      { kind: 'putIndex', name: entry.name, settings, at },
      // A replica mirrors its primary: its own stored records are dropped, the primary's are served.
      { kind: 'clearEntries', entries: 'records', index: entry.name },
    ],
    () => {
      const replica = new LiveIndex(entry.name, settings, existing?.createdAt ?? at, at);
      if (existing) {
        replica.replaceSynonyms(existing.synonyms.values());
        replica.replaceRules(existing.rules.values());
      }
      registry.set(replica);
      refreshEngineSettings(registry, replica);
      const primary = registry.get(primaryName);
      if (primary) replica.saveRecordsOf(primary);
    },
  );
}

/**
 * Builds an empty engine index with the settings, so a setting the engine cannot use is refused with a 400 now
 * rather than failing after the write was committed.
 */
function assertEngineAccepts(settings: SettingsDocument): void {
  try {
    new SearchIndex(toEngineSettings(settings)).search({ text: '' });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SearchApiError(400, `Invalid settings: ${detail}`, { cause: error });
  }
}
