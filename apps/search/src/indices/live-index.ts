import type {
  BrowseCursor,
  BrowseResult,
  FacetValueHit,
  FilterExpression,
  IndexSettings,
  Rule,
  SearchQuery,
  SearchRecord,
  SearchResult,
  SynonymEntry,
} from '../engine/index.ts';
import { defaultIndexSettings, SearchIndex, VirtualReplica } from '../engine/index.ts';
import {
  type ReplicaEntry,
  readStoredSettings,
  type SettingsDocument,
  type StoredSettings,
} from '../protocol/settings-wire.ts';

/**
 * One index in memory: its records (in write order), settings, synonyms, rules and engine. A regular index or
 * standard replica owns a `SearchIndex`; a virtual replica is a `VirtualReplica` view over its primary's.
 */
export class LiveIndex {
  readonly name: string;
  readonly createdAt: Date;
  updatedAt: Date;
  /** Mirrors the engine's records (a replica mirrors its primary's). */
  readonly records = new Map<string, SearchRecord>();
  readonly synonyms = new Map<string, SynonymEntry>();
  readonly rules = new Map<string, Rule>();
  #own: SearchIndex | undefined;
  #view: VirtualReplica | undefined;
  /** Its own settings, read. */
  #settings: StoredSettings;
  /** A virtual replica's primary settings (without its links), under its own; `{}` otherwise. */
  #inherited: SettingsDocument = {};
  /** A virtual replica's effective settings, read on first use after each change. */
  #effective: StoredSettings | undefined;
  /** Sum of the records' JSON sizes, kept up to date by every record write (`GET /1/indexes` reads it). */
  #dataSize = 0;
  #lastBuildMS = 0;

  /** @param own - a built `SearchIndex` to take over (a move keeps the source's) instead of a new one. */
  constructor(
    name: string,
    settings: SettingsDocument,
    createdAt: Date,
    updatedAt: Date,
    own?: SearchIndex,
  ) {
    this.name = name;
    this.#settings = readStoredSettings(settings);
    this.createdAt = createdAt;
    this.updatedAt = updatedAt;
    this.#own = own ?? new SearchIndex(this.#settings.engine);
  }

  /** The stored settings document, including `replicas` and, on a replica, `primary`. */
  get settings(): SettingsDocument {
    return this.#settings.document;
  }

  set settings(document: SettingsDocument) {
    this.#settings = readStoredSettings(document);
    this.#effective = undefined;
  }

  /** Its own settings, read (`settings` typed). */
  get stored(): StoredSettings {
    return this.#settings;
  }

  /**
   * The settings this index searches with and `GET /settings` returns, read: a virtual replica's primary settings
   * (Algolia: "replicas start with the same settings as their primary") overlaid with its own; for any other
   * index, its own.
   */
  get effective(): StoredSettings {
    if (!this.#view) return this.#settings;
    this.#effective ??= readStoredSettings({ ...this.#inherited, ...this.#settings.document });
    return this.#effective;
  }

  /** The document of `effective`. */
  get effectiveSettings(): SettingsDocument {
    return this.effective.document;
  }

  /** The primary's name when this index is a replica. */
  get primary(): string | undefined {
    return this.#settings.primary;
  }

  /** Replica entries of this primary: `[{ name, virtual }]`. */
  get replicas(): readonly ReplicaEntry[] {
    return this.#settings.replicas;
  }

  /** The `SearchIndex` this index owns; `undefined` for a virtual replica. */
  get ownIndex(): SearchIndex | undefined {
    return this.#own;
  }

  search(query: SearchQuery): SearchResult {
    return this.#view ? this.#view.search(query) : this.#requireOwn().search(query);
  }

  searchFacetValues(facet: string, facetQuery: string, query: SearchQuery): FacetValueHit[] {
    const maxFacetHits = query.maxFacetHits ?? this.#effectiveSettings().maxFacetHits;
    const searcher = this.#view ?? this.#requireOwn();
    return searcher.searchFacetValues(facet, facetQuery, query, maxFacetHits).hits;
  }

  /** Whether the record `objectID` passes `filter` (a virtual replica reads its primary's records). */
  recordPasses(objectID: string, filter: FilterExpression): boolean {
    return (this.#view ?? this.#requireOwn()).recordPasses(objectID, filter);
  }

  /** Facet values a rule's `{facet:attribute}` placeholder matches for the folded `phrase`. */
  facetValuesFor(attribute: string, phrase: string): string[] {
    return (this.#view ?? this.#requireOwn()).facetValuesFor(attribute, phrase);
  }

  /**
   * Browses a virtual replica through its primary: records and ranking alike (browse ranks by the primary's
   * customRanking, not the replica's relevant sort; Algolia's behaviour here is not documented).
   */
  browse(
    query: SearchQuery,
    cursor: BrowseCursor | undefined,
    primary: SearchIndex | undefined,
  ): BrowseResult {
    const index = this.#own ?? primary;
    if (!index) throw new Error(`Virtual replica ${this.name} has no primary to browse`);
    return index.browse(query, cursor);
  }

  /** Bytes of the records as minified JSON (what `GET /1/indexes` reports as `dataSize`). */
  get dataSize(): number {
    return this.#dataSize;
  }

  /** `dataSize` plus the settings, synonyms and rules as JSON: an approximation of Algolia's `fileSize`. */
  get fileSize(): number {
    return (
      this.dataSize +
      jsonBytes(this.settings) +
      jsonBytes([...this.synonyms.values()]) +
      jsonBytes([...this.rules.values()])
    );
  }

  /** How long the last record write took to apply to the engine, in ms. */
  get lastBuildMS(): number {
    return this.#lastBuildMS;
  }

  saveRecords(records: readonly SearchRecord[]): void {
    if (records.length === 0) return;
    this.#timeBuild(() => {
      // A rewritten record moves to the end, as in the engine and the store: ranking ties follow the order of
      // the last writes, the same live, in a rebuild, in a search worker and after a restart.
      for (const record of records) {
        const previous = this.records.get(record.objectID);
        if (previous) this.#dataSize -= recordBytes(previous);
        this.records.delete(record.objectID);
        this.records.set(record.objectID, record);
        this.#dataSize += recordBytes(record);
      }
      this.#own?.saveObjects(records);
    });
  }

  /** Holds `source`'s records (a move: the engine they are in was handed over with `own`). */
  takeRecordsOf(source: LiveIndex): void {
    for (const [objectID, record] of source.records) this.records.set(objectID, record);
    this.#dataSize = source.dataSize;
  }

  deleteRecords(objectIDs: readonly string[]): void {
    this.#timeBuild(() => {
      const present = objectIDs.filter((objectID) => {
        const previous = this.records.get(objectID);
        if (previous) this.#dataSize -= recordBytes(previous);
        return this.records.delete(objectID);
      });
      if (present.length > 0) this.#own?.deleteObjects(present);
    });
  }

  clearRecords(): void {
    this.#timeBuild(() => {
      this.records.clear();
      this.#dataSize = 0;
      this.#own?.clear();
    });
  }

  replaceSynonyms(synonyms: Iterable<SynonymEntry>): void {
    this.synonyms.clear();
    for (const synonym of synonyms) this.synonyms.set(synonym.objectID, synonym);
    this.#own?.setSynonyms([...this.synonyms.values()]);
  }

  replaceRules(rules: Iterable<Rule>): void {
    this.rules.clear();
    for (const rule of rules) this.rules.set(rule.objectID, rule);
  }

  /**
   * Runs on an owned `SearchIndex` with exactly these settings (unset ones back to their defaults). A former
   * virtual replica gets a new index filled with its mirrored records.
   * @param primary - a standard replica's primary engine: while their indexing settings are equal, the replica
   *   reads the primary's records, text index and columns instead of building its own (`SearchIndex.shareWith`).
   */
  attachOwnEngine(settings: Partial<IndexSettings>, primary?: SearchIndex): void {
    const complete = { ...defaultIndexSettings(), ...settings };
    this.#timeBuild(() => {
      if (this.#own) {
        this.#own.setSettings(complete);
        this.#own.shareWith(primary);
        return;
      }
      this.#view = undefined;
      this.#inherited = {};
      this.#effective = undefined;
      const own = new SearchIndex(complete);
      own.setSynonyms([...this.synonyms.values()]);
      own.shareWith(primary);
      own.saveObjects([...this.records.values()]);
      this.#own = own;
    });
  }

  /**
   * Becomes (or re-points) a virtual replica view over `primary` with its own settings as overrides.
   * @param inherited - the primary's settings document without its links, returned under the replica's own.
   */
  attachVirtualEngine(
    primary: SearchIndex,
    settings: Partial<IndexSettings>,
    inherited: SettingsDocument = {},
  ): void {
    this.#own = undefined;
    this.#view = new VirtualReplica(primary, settings);
    this.#inherited = inherited;
    this.#effective = undefined;
  }

  #timeBuild(build: () => void): void {
    const started = performance.now();
    build();
    this.#lastBuildMS = performance.now() - started;
  }

  #requireOwn(): SearchIndex {
    if (!this.#own) throw new Error(`Index ${this.name} has no engine`);
    return this.#own;
  }

  #effectiveSettings(): IndexSettings {
    return this.#view ? this.#view.settings : this.#requireOwn().settings;
  }
}

/**
 * Each record's JSON size, measured once: a primary and its replicas hold the same record objects, and records
 * are never changed in place (a write saves a new object).
 */
const sizes = new WeakMap<SearchRecord, number>();

function recordBytes(record: SearchRecord): number {
  let bytes = sizes.get(record);
  if (bytes === undefined) {
    bytes = jsonBytes(record);
    sizes.set(record, bytes);
  }
  return bytes;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
