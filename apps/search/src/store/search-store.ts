/**
 * The one persistence interface of the search service. The live indices are rebuilt from it at start; every
 * write is committed here (one transaction, one global task id) before it is applied in memory and
 * acknowledged. Types are the store's own: JSON bodies keyed by index and objectID, nothing Algolia-shaped.
 */

import type { AnalyticsWindow } from './analytics-queries.ts';

/** A JSON object as stored in a `jsonb` column. */
export type JsonObject = { readonly [key: string]: unknown };

/** What an index entry table holds: records, synonyms or rules. */
export type EntryKind = 'records' | 'synonyms' | 'rules';

export interface StoredEntry {
  readonly objectID: string;
  readonly body: JsonObject;
  /**
   * `JSON.stringify(body)`, when the writer already made it (a record's size check): the store writes this text
   * instead of serializing the body again. Not sent to search workers (they read `body`).
   */
  readonly json?: string;
}

export interface StoredIndex {
  readonly name: string;
  readonly settings: JsonObject;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** In insertion order (the order they were first written). */
  readonly records: readonly JsonObject[];
  readonly synonyms: readonly JsonObject[];
  readonly rules: readonly JsonObject[];
}

/** `admin` and `search` are the service's own two keys; `custom` keys come from the keys API. */
export type StoredKeyKind = 'admin' | 'search' | 'custom';

export interface StoredKey {
  readonly value: string;
  readonly kind: StoredKeyKind;
  readonly body: JsonObject;
  readonly createdAt: Date;
}

export interface StoredState {
  readonly indices: readonly StoredIndex[];
  readonly keys: readonly StoredKey[];
}

/** One change inside a committed write; a write is an ordered list of them, applied atomically. */
export type StoreChange =
  | {
      readonly kind: 'putIndex';
      readonly name: string;
      readonly settings: JsonObject;
      readonly at: Date;
    }
  /** Deletes the index row and all its records, synonyms and rules. */
  | { readonly kind: 'deleteIndex'; readonly name: string }
  | {
      readonly kind: 'putEntries';
      readonly entries: EntryKind;
      readonly index: string;
      readonly values: readonly StoredEntry[];
    }
  | {
      readonly kind: 'deleteEntries';
      readonly entries: EntryKind;
      readonly index: string;
      readonly objectIDs: readonly string[];
    }
  | { readonly kind: 'clearEntries'; readonly entries: EntryKind; readonly index: string }
  /** Replaces the destination's entries of that kind with a copy of the source's. */
  | {
      readonly kind: 'copyEntries';
      readonly entries: EntryKind;
      readonly source: string;
      readonly destination: string;
    }
  | { readonly kind: 'putKey'; readonly key: StoredKey }
  | { readonly kind: 'deleteKey'; readonly value: string };

export interface CommittedTask {
  /** Global, increasing across every index. */
  readonly taskID: number;
}

export interface SearchLogEntry {
  readonly indexName: string;
  readonly query: string;
  /** The filters as received (filters string and array forms, serialized), `''` when none. */
  readonly filters: string;
  readonly hitCount: number;
  readonly queryID: string | undefined;
  readonly userToken: string | undefined;
  readonly searchedAt: Date;
  readonly processingTimeMS: number;
  /** The objectIDs of the hits returned, in order (the Analytics API's top hits; the log keeps the first 20). */
  readonly objectIDs?: readonly string[] | undefined;
  /** The search's `analyticsTags` (the Analytics API's `tags`, the Query Suggestions sources' `analyticsTags`). */
  readonly analyticsTags?: readonly string[] | undefined;
  /** The search's `queryLanguages` as sent. */
  readonly queryLanguages?: readonly string[] | undefined;
}

/** One accepted Insights event (docs/api.md §2.12), kept whole as received. */
export interface StoredEvent {
  /** `undefined` for `instantsearch` telemetry events. */
  readonly indexName: string | undefined;
  readonly eventType: string;
  /** When the event happened (its `timestamp`, or the receive time when it had none). */
  readonly occurredAt: Date;
  readonly receivedAt: Date;
  /** The event as sent, unknown fields included. */
  readonly body: JsonObject;
}

/** A Query Suggestions configuration as stored: the configuration as validated, and its builds' state. */
export interface StoredSuggestionsConfig {
  readonly indexName: string;
  readonly config: JsonObject;
  /** Status and logs of the last builds (suggestions/build-state.ts). */
  readonly state: JsonObject;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Which logged searches count for a Query Suggestions source. */
export interface LoggedQueryFilter {
  /** The source index (and its replicas when the source says so). */
  readonly indexNames: readonly string[];
  /** Searches logged from this time on. */
  readonly since: Date;
  /** Every one of these tags must be on the search; `[]` = any search. */
  readonly tags: readonly string[];
  /** Searches carrying this tag are left out (the autocomplete panel's keystrokes). */
  readonly withoutTag: string;
  /** At most this many queries, the most searched first. */
  readonly limit: number;
}

/** A query as shoppers typed it (lower-cased, trimmed) and how many logged searches sent it. */
export interface LoggedQueryCount {
  readonly query: string;
  readonly count: number;
}

/** The latest committed task: what a persisted build of the indices is stamped with. */
export interface StoredTask {
  readonly taskID: number;
  readonly at: Date;
}

export interface SearchStore {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Everything needed to rebuild the live indices and keys.
   * @param options - `records: false` leaves every index's `records` empty (a start from a persisted build).
   */
  load(options?: { readonly records?: boolean }): Promise<StoredState>;
  /**
   * One index's records in write order, `size` at a time (keyset ranges over `position`), so that a start can
   * build its indices range by range instead of holding every record as an object at once (issue #26). Absent
   * where the records come another way (a search worker's copy from its owner).
   */
  readRecordRanges?(index: string, size: number): AsyncGenerator<JsonObject[]>;
  /** The latest task `commit` handed out; `undefined` when none was. */
  lastTask(): Promise<StoredTask | undefined>;
  /** Only the keys (cheap: main.ts reads the service's own keys before building the app). */
  loadKeys(): Promise<StoredKey[]>;
  /**
   * Applies the changes in one transaction and records a task.
   * @param indexName - the index the task is about (informational; task ids are global).
   * @returns the task id, only once the transaction is committed.
   */
  commit(
    changes: readonly StoreChange[],
    indexName: string | undefined,
    at: Date,
  ): Promise<CommittedTask>;
  /** Whether a task id was ever handed out by `commit`. */
  hasTask(taskID: number): Promise<boolean>;
  appendSearchLog(entries: readonly SearchLogEntry[]): Promise<void>;
  /** Most recent entries first. */
  readSearchLog(limit: number): Promise<SearchLogEntry[]>;
  /** Stores Insights events in one statement batch; resolves once they are durable. */
  appendEvents(events: readonly StoredEvent[]): Promise<void>;
  /** Every stored event, in the order it was received (oldest first). */
  readEvents(): Promise<StoredEvent[]>;
  /**
   * The latest `limit` stored events, most recent first, of one index when `indexName` is given (filtered and cut
   * in the database, not in memory).
   */
  readRecentEvents(limit: number, indexName?: string): Promise<StoredEvent[]>;
  /**
   * The searches of one index logged in `[from, to)` and the click and conversion events carrying their queryIDs
   * (the Analytics API's input).
   */
  readAnalyticsWindow(indexName: string, from: Date, to: Date): Promise<AnalyticsWindow>;
  /** When the latest search of an index was logged; `undefined` when none was. */
  readLastSearchAt(indexName: string): Promise<Date | undefined>;
  /** The logged queries a Query Suggestions source counts, grouped, the most searched first. */
  countLoggedQueries(filter: LoggedQueryFilter): Promise<LoggedQueryCount[]>;
  /** Every Query Suggestions configuration, by index name. */
  readSuggestionsConfigs(): Promise<StoredSuggestionsConfig[]>;
  /** Inserts or replaces a configuration (its `createdAt` is kept when it existed). */
  putSuggestionsConfig(config: StoredSuggestionsConfig): Promise<void>;
  /** Replaces the state of a configuration; nothing when it was deleted meanwhile. */
  putSuggestionsState(indexName: string, state: JsonObject): Promise<void>;
  deleteSuggestionsConfig(indexName: string): Promise<void>;
  close(): Promise<void>;
}
