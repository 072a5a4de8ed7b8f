import type { Rule, SynonymEntry } from '../engine/index.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import type { EntryKind } from '../store/search-store.ts';
import { planTouch } from './index-lifecycle.ts';
import type { IndexRegistry } from './index-registry.ts';
import type { LiveIndex } from './live-index.ts';
import { PlanBuilder, type WritePlan } from './write-plan.ts';

/** How to read and replace one kind of index entry (synonyms or rules). */
export interface EntryAccess<TEntry extends { readonly objectID: string }> {
  readonly kind: Exclude<EntryKind, 'records'>;
  /** Most entries of this kind an index may hold. */
  readonly limit: number;
  read(index: LiveIndex): ReadonlyMap<string, TEntry>;
  replace(index: LiveIndex, entries: Iterable<TEntry>): void;
}

export const synonymEntries: EntryAccess<SynonymEntry> = {
  kind: 'synonyms',
  limit: 10_000,
  read: (index) => index.synonyms,
  replace: (index, entries) => index.replaceSynonyms(entries),
};

export const ruleEntries: EntryAccess<Rule> = {
  kind: 'rules',
  limit: 10_000,
  read: (index) => index.rules,
  replace: (index, entries) => index.replaceRules(entries),
};

export interface EntryWriteOptions {
  /** Also write to the index's replicas. */
  readonly forwardToReplicas: boolean;
  /** Drop the existing entries first (`replaceExistingSynonyms`, `clearExistingRules`). */
  readonly replaceExisting: boolean;
}

/**
 * Plans saving synonyms or rules on an index (created when missing) and, when forwarded, its replicas.
 * @throws SearchApiError 400 when an index would hold more than the kind's limit.
 */
export function planSaveEntries<TEntry extends { readonly objectID: string }>(
  registry: IndexRegistry,
  access: EntryAccess<TEntry>,
  name: string,
  entries: readonly TEntry[],
  options: EntryWriteOptions,
  at: Date,
): WritePlan {
  const builder = new PlanBuilder();
  for (const target of targets(registry, name, options.forwardToReplicas)) {
    const current = registry.get(target);
    const merged = new Map(options.replaceExisting || !current ? [] : access.read(current));
    for (const entry of entries) merged.set(entry.objectID, entry);
    if (merged.size > access.limit) {
      throw new SearchApiError(400, `An index can hold at most ${access.limit} ${access.kind}`);
    }
    planTouch(builder, registry, target, at);
    if (options.replaceExisting)
      builder.add({ kind: 'clearEntries', entries: access.kind, index: target });
    builder.add(
      {
        kind: 'putEntries',
        entries: access.kind,
        index: target,
        values: entries.map((entry) => ({ objectID: entry.objectID, body: entry })),
      },
      () => {
        const live = registry.get(target);
        if (live) access.replace(live, merged.values());
      },
    );
  }
  return builder.build(name, undefined);
}

/** Plans deleting one synonym or rule (a missing one is not an error). */
export function planDeleteEntry<TEntry extends { readonly objectID: string }>(
  registry: IndexRegistry,
  access: EntryAccess<TEntry>,
  name: string,
  objectID: string,
  forwardToReplicas: boolean,
  at: Date,
): WritePlan {
  return planRewrite(registry, access, name, forwardToReplicas, at, (entries) => {
    entries.delete(objectID);
    return { kind: 'deleteEntries', entries: access.kind, index: '', objectIDs: [objectID] };
  });
}

/** Plans removing every synonym or rule of an index. */
export function planClearEntries<TEntry extends { readonly objectID: string }>(
  registry: IndexRegistry,
  access: EntryAccess<TEntry>,
  name: string,
  forwardToReplicas: boolean,
  at: Date,
): WritePlan {
  return planRewrite(registry, access, name, forwardToReplicas, at, (entries) => {
    entries.clear();
    return { kind: 'clearEntries', entries: access.kind, index: '' };
  });
}

function planRewrite<TEntry extends { readonly objectID: string }>(
  registry: IndexRegistry,
  access: EntryAccess<TEntry>,
  name: string,
  forwardToReplicas: boolean,
  at: Date,
  edit: (entries: Map<string, TEntry>) =>
    | {
        kind: 'deleteEntries';
        entries: EntryAccess<TEntry>['kind'];
        index: string;
        objectIDs: string[];
      }
    | { kind: 'clearEntries'; entries: EntryAccess<TEntry>['kind']; index: string },
): WritePlan {
  const builder = new PlanBuilder();
  for (const target of targets(registry, name, forwardToReplicas)) {
    const current = registry.get(target);
    if (!current) continue;
    const entries = new Map(access.read(current));
    const change = edit(entries);
    planTouch(builder, registry, target, at);
    builder.add({ ...change, index: target }, () => {
      const live = registry.get(target);
      if (live) access.replace(live, entries.values());
    });
  }
  return builder.build(name, undefined);
}

function targets(registry: IndexRegistry, name: string, forwardToReplicas: boolean): string[] {
  const index = registry.get(name);
  if (!forwardToReplicas || !index) return [name];
  return [name, ...registry.replicasOf(index).map((replica) => replica.name)];
}
