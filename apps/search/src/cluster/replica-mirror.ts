import { isDeepStrictEqual } from 'node:util';
import type { Rule, SearchRecord, SynonymEntry } from '../engine/index.ts';
import type { KeyRing } from '../http/auth/key-ring.ts';
import { fromStoredKey } from '../http/auth/stored-keys.ts';
import { hydrateRegistry } from '../indices/hydrate.ts';
import { withReplicas } from '../indices/index-lifecycle.ts';
import type { IndexRegistry } from '../indices/index-registry.ts';
import { parseReplica, replicaList } from '../protocol/settings-wire.ts';
import type {
  EntryKind,
  JsonObject,
  StoreChange,
  StoredIndex,
  StoredState,
} from '../store/search-store.ts';

interface MirroredIndex {
  settings: JsonObject;
  readonly createdAt: Date;
  updatedAt: Date;
  readonly entries: Record<EntryKind, Map<string, JsonObject>>;
}

/**
 * A search worker's copy of what the store holds, kept by applying the owner's committed changes with the
 * store's own semantics (open-search-store.ts `applyChange`), and the worker's live indices and keys kept equal
 * to what a restart would load from it. Record writes reach the engines directly (as the owner applies them);
 * changes of an index's settings, existence or copied entries rebuild that index and its primary and replicas
 * from the mirror, exactly as `hydrateRegistry` does on start.
 */
export class ReplicaMirror {
  readonly #indices = new Map<string, MirroredIndex>();
  readonly #registry: IndexRegistry;
  readonly #ring: KeyRing;

  constructor(registry: IndexRegistry, ring: KeyRing, state: StoredState) {
    this.#registry = registry;
    this.#ring = ring;
    for (const index of state.indices) {
      const entries = emptyEntries();
      for (const kind of entryKinds)
        for (const body of index[kind]) entries[kind].set(objectIdOf(body), body);
      this.#indices.set(index.name, {
        settings: index.settings,
        createdAt: index.createdAt,
        updatedAt: index.updatedAt,
        entries,
      });
    }
  }

  /** Applies one committed task's changes, in order (and tells the registry its indices changed). */
  apply(changes: readonly StoreChange[]): void {
    try {
      this.#applyChanges(changes);
    } finally {
      this.#registry.changed();
    }
  }

  #applyChanges(changes: readonly StoreChange[]): void {
    const rebuild = new Set<string>();
    const refreshEntries = new Set<string>();
    for (const change of changes) {
      switch (change.kind) {
        case 'putIndex': {
          const existing = this.#indices.get(change.name);
          if (existing && isDeepStrictEqual(existing.settings, change.settings)) {
            // A record write "touches" its index: only the time changes.
            existing.updatedAt = change.at;
            const live = this.#registry.get(change.name);
            if (live) live.updatedAt = change.at;
            break;
          }
          if (existing) {
            existing.settings = change.settings;
            existing.updatedAt = change.at;
          } else {
            this.#indices.set(change.name, {
              settings: change.settings,
              createdAt: change.at,
              updatedAt: change.at,
              entries: emptyEntries(),
            });
          }
          rebuild.add(change.name);
          break;
        }
        case 'deleteIndex':
          this.#indices.delete(change.name);
          rebuild.add(change.name);
          break;
        case 'putEntries': {
          const target = this.#indices.get(change.index)?.entries[change.entries];
          // The store keeps the last write of each objectID; a rewritten record moves to the end (its new
          // position), synonyms and rules keep theirs.
          const latest = new Map<string, JsonObject>();
          for (const value of change.values) {
            latest.delete(value.objectID);
            latest.set(value.objectID, value.body);
          }
          for (const [objectID, body] of latest) {
            if (change.entries === 'records') target?.delete(objectID);
            target?.set(objectID, body);
          }
          if (change.entries !== 'records') refreshEntries.add(change.index);
          else if (!rebuild.has(change.index)) {
            const records = [...latest.values()] as unknown as SearchRecord[];
            for (const live of withReplicas(this.#registry, change.index))
              live.saveRecords(records);
          }
          break;
        }
        case 'deleteEntries': {
          const target = this.#indices.get(change.index)?.entries[change.entries];
          for (const objectID of change.objectIDs) target?.delete(objectID);
          if (change.entries !== 'records') refreshEntries.add(change.index);
          else if (!rebuild.has(change.index)) {
            for (const live of withReplicas(this.#registry, change.index))
              live.deleteRecords(change.objectIDs);
          }
          break;
        }
        case 'clearEntries':
          this.#indices.get(change.index)?.entries[change.entries].clear();
          if (change.entries === 'records') rebuild.add(change.index);
          else refreshEntries.add(change.index);
          break;
        case 'copyEntries': {
          if (change.source === change.destination) break;
          const source = this.#indices.get(change.source)?.entries[change.entries];
          const destination = this.#indices.get(change.destination)?.entries[change.entries];
          if (!destination) break;
          destination.clear();
          for (const [objectID, body] of source ?? []) destination.set(objectID, body);
          rebuild.add(change.destination);
          break;
        }
        case 'putKey':
          if (change.key.kind === 'custom') this.#ring.put(fromStoredKey(change.key));
          break;
        case 'deleteKey':
          this.#ring.delete(change.value);
          break;
      }
    }
    if (rebuild.size > 0) this.#rebuild(rebuild);
    for (const name of refreshEntries) {
      if (rebuild.has(name)) continue;
      const live = this.#registry.get(name);
      const mirrored = this.#indices.get(name);
      if (!live || !mirrored) continue;
      live.replaceSynonyms([...mirrored.entries.synonyms.values()] as unknown as SynonymEntry[]);
      live.replaceRules([...mirrored.entries.rules.values()] as unknown as Rule[]);
    }
  }

  /** Rebuilds `names` with every primary and replica related to them, before or after the change. */
  #rebuild(names: Set<string>): void {
    const pending = [...names];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      for (const related of this.#relatedTo(name)) {
        if (names.has(related)) continue;
        names.add(related);
        pending.push(related);
      }
    }
    for (const name of names) this.#registry.delete(name);
    const stored: StoredIndex[] = [...names]
      .filter((name) => this.#indices.has(name))
      .sort()
      .map((name) => this.#stored(name));
    hydrateRegistry(this.#registry, stored);
  }

  #relatedTo(name: string): string[] {
    const related: string[] = [];
    const live = this.#registry.get(name);
    if (live) {
      if (live.primary !== undefined) related.push(live.primary);
      related.push(...live.replicas.map((replica) => replica.name));
    }
    const settings = this.#indices.get(name)?.settings;
    if (settings === undefined) return related;
    if (typeof settings['primary'] === 'string') related.push(settings['primary']);
    related.push(...replicaList(settings).map((entry) => parseReplica(entry).name));
    return related;
  }

  #stored(name: string): StoredIndex {
    const index = this.#indices.get(name) as MirroredIndex;
    return {
      name,
      settings: index.settings,
      createdAt: index.createdAt,
      updatedAt: index.updatedAt,
      records: [...index.entries.records.values()],
      synonyms: [...index.entries.synonyms.values()],
      rules: [...index.entries.rules.values()],
    };
  }
}

const entryKinds: readonly EntryKind[] = ['records', 'synonyms', 'rules'];

function emptyEntries(): Record<EntryKind, Map<string, JsonObject>> {
  return { records: new Map(), synonyms: new Map(), rules: new Map() };
}

function objectIdOf(body: JsonObject): string {
  return String(body['objectID']);
}
