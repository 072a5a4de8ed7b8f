/**
 * The in-memory search index the HTTP layer calls: records in, Algolia-semantics searches out. Writes are
 * incremental (a saved record is appended to every structure; a replaced or deleted one is masked and
 * reclaimed by an occasional compaction), and each search is synchronous, so it sees one consistent snapshot.
 */

import { type ObjectIdOrder, objectIdOrder } from './browse/object-id-order.ts';
import {
  BuildFormatError,
  BuildReader,
  BuildWriter,
  type ExportedPart,
  engineBuildVersion,
  type ImportedPart,
} from './build/engine-build.ts';
import { executeSearch } from './execute-search.ts';
import { facetValuesByFolding } from './facets/facet-value-lookup.ts';
import { searchFacetValues } from './facets/facet-value-search.ts';
import type { FilterExpression } from './filters/filter-expression.ts';
import type { IndexState } from './index-state.ts';
import { MatchScratch } from './match/match-scratch.ts';
import { compileIndexFilter } from './match/prepare-match.ts';
import { TextIndex } from './postings/text-index.ts';
import { SynonymTable } from './query/synonyms.ts';
import { QueryError } from './query-error.ts';
import { SortOrderCache } from './rank/sort-order.ts';
import { DocumentTable } from './records/document-table.ts';
import { RecordColumns } from './records/record-columns.ts';
import type { SearchExtras } from './search/search-plan.ts';
import {
  type FacetingAttribute,
  parseFacetingAttributes,
  parseSearchableAttributes,
  parseSortCriterion,
} from './settings/attribute-settings.ts';
import { defaultIndexSettings } from './settings/default-settings.ts';
import {
  columnSettings,
  differIn,
  sameIndexing,
  textSettings,
} from './settings/indexing-settings.ts';
import type {
  BrowsePosition,
  FacetValueHit,
  IndexSettings,
  SearchQuery,
  SearchRecord,
  SearchResult,
  SynonymEntry,
} from './types.ts';

/** Where a browse continues: the previous page's last record (keyset) and how many pages came before. */
export interface BrowseCursor {
  readonly after: BrowsePosition;
  readonly page: number;
}

/** A browse page: a search result plus the cursor of the next page (absent on the last page). */
export type BrowseResult = SearchResult & { readonly cursor?: BrowseCursor };

/** Engine tuning that is not an Algolia setting. */
export interface SearchIndexOptions {
  /**
   * Deleted and replaced records keep their document number (masked) until the index is compacted, which
   * happens when such dead numbers exceed both this threshold and the number of live records. Default 1,024.
   */
  readonly compactionThreshold?: number;
  /**
   * A search matching more than twice this many documents (default: 256 or 16 per hit of the page, whichever
   * is more) first scores only the lowest-numbered ones, and ranks everything only when those do not already
   * hold a full page of documents that no other can outrank (see `optimal-top.ts`, `exact-first-top.ts`).
   * Results are identical; `Infinity` always ranks everything.
   */
  readonly scoringPrefix?: number;
}

/** The first characters (letters and digits) of the sorted `terms`, each once. */
function broadPrefixes(terms: readonly string[]): string[] {
  const prefixes: string[] = [];
  let previous = -1;
  for (const term of terms) {
    const code = term.charCodeAt(0);
    if (code === previous) continue;
    previous = code;
    const character = term.charAt(0);
    if (/[\p{L}\p{N}]/u.test(character)) prefixes.push(character);
  }
  return prefixes;
}

/** The structures built from an index's records: what a standard replica can share with its primary. */
interface IndexData {
  readonly documents: DocumentTable;
  readonly text: TextIndex;
  readonly columns: RecordColumns;
}

/** An index: records, settings, synonyms, and the search operations over them. */
export class SearchIndex {
  private current: IndexSettings;
  private documents = new DocumentTable();
  private text: TextIndex;
  private columns: RecordColumns;
  private synonymTable = new SynonymTable([]);
  private synonymEntries: readonly SynonymEntry[] = [];
  private readonly scratch = new MatchScratch();
  private readonly sortOrders = new SortOrderCache();
  private version = 0;
  private idOrder:
    | { readonly version: number; readonly table: DocumentTable; readonly order: ObjectIdOrder }
    | undefined;
  private faceting: readonly FacetingAttribute[] = [];
  /** The primary this standard replica follows (`shareWith`). */
  private source: SearchIndex | undefined;
  /** True while the records and structures read are the source's (this index's own are then empty). */
  private shared = false;
  /** The source's version last seen, so that its writes move this index's version too. */
  private sourceVersion = -1;
  /** The two settings objects last compared and the answer (settings are replaced, never changed in place). */
  private compared:
    | { readonly own: IndexSettings; readonly theirs: IndexSettings; readonly same: boolean }
    | undefined;

  /** The columns and settings {@link prepareSortColumns} last prepared. */
  private sortColumnsPrepared:
    | { readonly columns: RecordColumns; readonly settings: IndexSettings }
    | undefined;

  private readonly compactionThreshold: number;
  private readonly scoringPrefix: number | undefined;

  /**
   * @param settings - overrides of {@link defaultIndexSettings} (Algolia setting names).
   * @param options - engine tuning (compaction threshold, scoring prefix).
   */
  constructor(settings: Partial<IndexSettings> = {}, options: SearchIndexOptions = {}) {
    this.compactionThreshold = options.compactionThreshold ?? 1024;
    this.scoringPrefix = options.scoringPrefix;
    this.current = { ...defaultIndexSettings(), ...settings };
    this.text = this.createTextIndex();
    this.columns = new RecordColumns(this.documents);
    this.columns.configureFacets(this.facetPaths());
    this.faceting = parseFacetingAttributes(this.current.attributesForFaceting);
  }

  /** The complete current settings (a copy). */
  get settings(): IndexSettings {
    return { ...this.current };
  }

  /** Number of records. */
  get size(): number {
    return this.data().documents.size;
  }

  /** Whether this index reads its source's records and structures at this moment (see {@link shareWith}). */
  get sharing(): boolean {
    this.follow();
    return this.shared;
  }

  /**
   * Makes this index a standard replica of `source`: whenever both have the same indexing settings
   * (`searchableAttributes`, tokenizing, `attributesForFaceting`, `attributeForDistinct`), it reads the
   * source's records, text index, columns and per-document scratch arrays instead of its own, and keeps only
   * what its own settings rank and sort by (sort orders, caches). When they differ (now or after a settings
   * change of either), it builds its own from the source's records. Writes to this index are then expected to mirror
   * the source's (as a replica's do): while sharing they change nothing but its caches.
   * `undefined` stops following: the index keeps the records it served, in its own structures.
   */
  shareWith(source: SearchIndex | undefined): void {
    const previous = this.source;
    if (source === previous) {
      this.follow();
      return;
    }
    const next = source === this ? undefined : source;
    // Re-pointed to a source it can share at once (a move replaced the primary's engine): nothing to build.
    const sharesNext = next !== undefined && next.source === undefined && this.sameIndexingAs(next);
    if (this.shared && previous !== undefined && !sharesNext) this.ownCopyOf(previous);
    this.source = next;
    this.follow();
  }

  /** The synonyms last given to {@link setSynonyms}. */
  get synonyms(): readonly SynonymEntry[] {
    return this.synonymEntries;
  }

  /**
   * Changes some settings; keys absent from `partial` keep their value. Records are re-read only when a
   * text-affecting setting (`searchableAttributes`, `camelCaseAttributes`, `separatorsToIndex`) changed, and
   * facet columns are rebuilt only for new `attributesForFaceting` / `attributeForDistinct` entries.
   */
  setSettings(partial: Partial<IndexSettings>): void {
    const previous = this.current;
    this.current = { ...previous, ...partial };
    this.faceting = parseFacetingAttributes(this.current.attributesForFaceting);
    this.version++;
    if (this.shared) {
      this.follow();
      return;
    }
    if (differIn(textSettings, previous, this.current)) {
      this.text = this.createTextIndex();
      this.documents.forEachLive((documentNumber, record) =>
        this.text.addDocument(documentNumber, record),
      );
    }
    if (differIn(columnSettings, previous, this.current)) {
      this.columns.configureFacets(this.facetPaths());
    }
    this.follow();
  }

  /**
   * Adds or replaces records by `objectID`, in order (a later duplicate wins). Records are stored encoded as
   * JSON: what is kept is the record as `JSON.stringify` writes it, and later changes to the objects are not seen.
   * @throws QueryError when a record has no string `objectID`.
   */
  saveObjects(records: readonly SearchRecord[]): void {
    records.forEach((record, position) => {
      if (typeof record.objectID !== 'string' || record.objectID === '') {
        throw new QueryError(
          'objectID',
          `Record at the position ${position} has no string objectID.`,
        );
      }
    });
    this.follow();
    this.version++;
    if (this.shared) return;
    for (const record of records) {
      const { documentNumber, replaced } = this.documents.add(record);
      if (replaced !== undefined) this.columns.removeDocument(replaced);
      this.text.addDocument(documentNumber, record);
      this.columns.addDocument(documentNumber, record);
    }
    this.compactIfNeeded();
  }

  /** Deletes records by `objectID`; unknown ids are ignored. */
  deleteObjects(objectIDs: readonly string[]): void {
    this.follow();
    this.version++;
    if (this.shared) return;
    for (const objectID of objectIDs) {
      const removed = this.documents.remove(objectID);
      if (removed !== undefined) this.columns.removeDocument(removed);
    }
    this.compactIfNeeded();
  }

  /** Removes every record; settings and synonyms are kept. */
  clear(): void {
    this.follow();
    if (this.shared) this.version++;
    else this.rebuild([]);
  }

  /** The stored record `objectID` (unprojected, decoded: a new object on every call), or undefined. */
  getObject(objectID: string): SearchRecord | undefined {
    return this.data().documents.get(objectID);
  }

  /** Whether a record `objectID` is stored. */
  hasObject(objectID: string): boolean {
    return this.data().documents.numberOf(objectID) !== undefined;
  }

  /**
   * Every record, in write order (a rewritten record comes after the others), each decoded when the iteration
   * reaches it. Do not write to the index while iterating (copy the records first).
   */
  allObjects(): IterableIterator<SearchRecord> {
    return this.data().documents.liveRecords();
  }

  /** Bytes of the records as minified UTF-8 JSON (Algolia's `dataSize`). */
  get dataSize(): number {
    return this.data().documents.dataSize;
  }

  /** Replaces the index's synonyms. */
  setSynonyms(entries: readonly SynonymEntry[]): void {
    this.synonymEntries = [...entries];
    this.synonymTable = new SynonymTable(entries);
  }

  /**
   * After a bulk load: releases the spare capacity of postings lists and builds what searches otherwise build
   * lazily after writes (every step of {@link preparationSteps}).
   */
  prepare(): void {
    for (const step of [...this.trimmingSteps(), ...this.preparationSteps()]) step();
  }

  /**
   * Releases the spare capacity writes left, cut into steps a server runs between requests (each copies at most
   * a few megabytes). Postings lists, the forward index and
   * facet columns grow by doubling, so after a bulk load up to half of their memory is unused (issue #26). Nothing
   * while sharing a source's structures (the source trims them).
   */
  trimmingSteps(): (() => void)[] {
    if (this.sharing) return [];
    return [...this.text.trimSteps(), ...this.columns.trimSteps()];
  }

  /**
   * Bytes the index's own structures reserve outside the JS heap (typed arrays, spare capacity included): the
   * stored records, the text index (postings lists and forward index), the facet columns and the search
   * scratch arrays of its own. Zero for what a sharing replica reads from its source.
   */
  reservedBytes(): {
    readonly records: number;
    readonly text: number;
    readonly facets: number;
    readonly scratch: number;
  } {
    const scratch = this.scratch.ownBytes;
    if (this.sharing) return { records: 0, text: 0, facets: 0, scratch };
    return {
      records: this.documents.reservedBytes,
      text: this.text.reservedBytes,
      facets: this.columns.reservedFacetBytes,
      scratch,
    };
  }

  /**
   * What the first searches after a write would otherwise build — the sorted word dictionary, the global orders
   * of `customRanking` and sort criteria, the scans of the one-character prefixes every new query starts with —
   * cut into steps (one search each) that a server runs between requests. A write between two steps only makes
   * the remaining ones useless, not wrong.
   */
  preparationSteps(): (() => void)[] {
    const steps: (() => void)[] = [
      () => {
        this.search({ text: '', hitsPerPage: 1 });
      },
    ];
    const { terms } = this.data().text.dictionary.sorted();
    const [someWord] = terms;
    if (someWord === undefined) return steps;
    steps.push(() => {
      this.search({ text: someWord, hitsPerPage: 1, typoTolerance: false });
    });
    // A one-character prefix expands to a large share of the dictionary; its scan over every document is cached
    // (word-score-cache.ts) once built, alone ("j") and as the last word of a longer query ("jacket b"). Searched
    // with the index's page size: whether a one-word search takes the cached single scan or the two-pass matcher
    // depends on the page size (`match-single-word.ts`), and a page of 1 left the scan of "p" (on the bench's
    // real catalogues: 0.5 ms instead of 0.15) for the first shopper to build.
    // One search per step: each scans every record holding a word of the prefix (issue #26: steps bounded).
    for (const character of broadPrefixes(terms)) {
      steps.push(
        () => {
          this.search({ text: character });
        },
        () => {
          this.search({ text: `${someWord} ${character}`, typoTolerance: false });
        },
      );
    }
    return steps;
  }

  /**
   * The structures built from the records — the records themselves (as stored), their numbering, the text
   * index, the facet and numeric columns — as parts a caller can persist and give to {@link importBuild} on a
   * later start instead of saving every record again (`build/engine-build.ts`). No copy: the parts are valid
   * until the next write. `undefined` for a replica reading its primary's structures (it has none of its own).
   */
  exportBuild(): ExportedPart[] | undefined {
    if (this.sharing) return undefined;
    const build = new BuildWriter();
    build.json({ version: engineBuildVersion, indexing: this.indexingKey() });
    this.documents.exportBuild(build);
    this.text.exportBuild(build);
    this.columns.exportBuild(build);
    return build.parts;
  }

  /**
   * Replaces this index's records and structures with an exported build's (settings and synonyms stay).
   * @throws BuildFormatError when the build is of another engine version, was made with other indexing settings
   *   (searchable attributes, tokenizing, faceting, distinct) or does not hold the parts it should; the index is
   *   then unchanged. A replica reading its primary's structures takes no build.
   */
  importBuild(parts: readonly ImportedPart[]): void {
    if (this.sharing) throw new BuildFormatError('A sharing replica takes no build of its own');
    const build = new BuildReader(parts);
    const header = build.json() as { version?: unknown; indexing?: unknown } | null;
    if (header?.version !== engineBuildVersion)
      throw new BuildFormatError(`The build is of engine version ${String(header?.version)}`);
    if (header.indexing !== this.indexingKey())
      throw new BuildFormatError('The build was made with other indexing settings');
    const documents = new DocumentTable();
    const text = this.createTextIndex();
    const columns = new RecordColumns(documents);
    columns.configureFacets(this.facetPaths());
    documents.importBuild(build);
    text.importBuild(build);
    columns.importBuild(build);
    if (!build.done) throw new BuildFormatError('The build holds more parts than the index reads');
    this.documents = documents;
    this.text = text;
    this.columns = columns;
    this.version++;
  }

  /**
   * Searches the index.
   * @param extras - `relevantSort` to search as a virtual replica (see {@link VirtualReplica}).
   * @throws QueryError for caller mistakes (filters on undeclared attributes, …).
   */
  search(query: SearchQuery, extras?: SearchExtras): SearchResult {
    return executeSearch(this.state(), query, extras);
  }

  /**
   * Searches the values of a `searchable()` facet in the context of `query`.
   * @param maxFacetHits - 1–100.
   * @throws QueryError when the attribute is not `searchable()`.
   */
  searchFacetValues(
    attribute: string,
    facetQuery: string,
    query: SearchQuery,
    maxFacetHits: number,
  ): { hits: FacetValueHit[] } {
    return searchFacetValues(this.state(), attribute, facetQuery, query, maxFacetHits);
  }

  /**
   * Whether the record `objectID` exists and passes `filter` (what a key's filters allow it to read).
   * @throws QueryError when the index cannot evaluate the filter (an attribute not declared for faceting).
   */
  recordPasses(objectID: string, filter: FilterExpression): boolean {
    const state = this.state();
    const documentNumber = state.documents.numberOf(objectID);
    if (documentNumber === undefined) return false;
    const compiled = compileIndexFilter(state, filter, 'filters');
    return compiled === undefined || compiled.test(documentNumber);
  }

  /**
   * Values of the faceted `attribute` (declared in `attributesForFaceting`) whose rule folding is `phrase`:
   * what a rule's `{facet:attribute}` placeholder matches.
   */
  facetValuesFor(attribute: string, phrase: string): string[] {
    const declared = this.faceting.some((entry) => entry.path === attribute);
    const column = declared ? this.data().columns.facet(attribute) : undefined;
    return column === undefined ? [] : facetValuesByFolding(column, phrase);
  }

  /**
   * Reads every matching record page by page: no highlighting, facets, distinct or pagination limit; ranked by
   * attribute then custom ranking. `query.hitsPerPage` defaults to 1,000.
   * @param cursor - the `cursor` of the previous page; absent for the first page.
   */
  browse(query: SearchQuery, cursor?: BrowseCursor): BrowseResult {
    const page = cursor?.page ?? 0;
    const { offset: _offset, length: _length, ...rest } = query;
    const result = executeSearch(
      this.state(),
      { ...rest, browse: true, page, hitsPerPage: query.hitsPerPage ?? 1000, facets: [] },
      { browseFrom: { order: this.objectIdOrder(), ...(cursor && { after: cursor.after }) } },
    );
    const { browseNext, ...found } = result;
    return browseNext === undefined
      ? found
      : { ...found, cursor: { after: browseNext, page: page + 1 } };
  }

  /** The live records' `objectID` order, kept until the next write. */
  private objectIdOrder(): ObjectIdOrder {
    const { documents } = this.data();
    const cached = this.idOrder;
    if (cached?.version === this.version && cached.table === documents) return cached.order;
    // After a compaction the table is new and its numbers start again: sort from scratch.
    const previous = cached?.table === documents ? cached.order : undefined;
    const order = objectIdOrder(documents, previous);
    this.idOrder = { version: this.version, table: documents, order };
    return order;
  }

  /** The records and structures searches read: the source's while sharing, else this index's own. */
  private data(): IndexData {
    this.follow();
    const { source } = this;
    if (this.shared && source !== undefined) return source.data();
    return { documents: this.documents, text: this.text, columns: this.columns };
  }

  /**
   * Shares the source's structures when the indexing settings allow it, builds its own from the source's
   * records when they stopped allowing it, and moves the version when the source changed.
   */
  private follow(): void {
    const { source } = this;
    if (source !== undefined) {
      // A source that follows an index itself is not shared (no chains): this index keeps its own.
      const canShare = source.source === undefined && this.sameIndexingAs(source);
      if (canShare && !this.shared) {
        this.shared = true;
        this.version++;
        this.documents = new DocumentTable();
        this.text = this.createTextIndex();
        this.columns = new RecordColumns(this.documents);
        this.columns.configureFacets(this.facetPaths());
      } else if (!canShare && this.shared) {
        this.ownCopyOf(source);
      }
      if (this.shared && source.version !== this.sourceVersion) {
        this.sourceVersion = source.version;
        this.version++;
      }
    }
    // A sharing replica also uses its source's per-document scratch arrays (one search runs at a time).
    this.scratch.shareArraysOf(
      this.shared && source !== undefined ? source.scratch.documentArrays : undefined,
    );
    this.prepareSortColumns();
  }

  /**
   * Creates the columns this index's sort criteria (`ranking`, `customRanking`) read, in the columns it reads
   * (its source's while sharing), as soon as the settings or the columns change: they are then kept up to date by
   * every write (and carried by an exported build) instead of built by the first search that sorts, which decodes
   * every record in one turn (seconds at 241,402 records, issue #26). On an empty index, as at a start, it costs
   * nothing.
   */
  private prepareSortColumns(): void {
    const columns = this.shared && this.source !== undefined ? this.source.columns : this.columns;
    const prepared = this.sortColumnsPrepared;
    if (prepared?.columns === columns && prepared.settings === this.current) return;
    this.sortColumnsPrepared = { columns, settings: this.current };
    for (const entry of [...this.current.ranking, ...this.current.customRanking]) {
      const sort = parseSortCriterion(entry);
      if (sort === undefined) continue;
      columns.numeric(sort.path);
      columns.sortText(sort.path);
    }
  }

  private sameIndexingAs(source: SearchIndex): boolean {
    const { compared } = this;
    if (compared?.own === this.current && compared.theirs === source.current) return compared.same;
    const same = sameIndexing(this.current, source.current);
    this.compared = { own: this.current, theirs: source.current, same };
    return same;
  }

  /** Stops sharing: builds this index's own structures from `source`'s records, in its order. */
  private ownCopyOf(source: SearchIndex): void {
    this.shared = false;
    this.sourceVersion = -1;
    this.rebuild(source.data().documents.liveRecords());
  }

  private state(): IndexState {
    const { documents, text, columns } = this.data();
    return {
      settings: this.current,
      documents,
      text,
      columns,
      synonyms: this.synonymTable.keeping(this.current.keepDiacriticsOnCharacters),
      scratch: this.scratch,
      faceting: this.faceting,
      version: this.version,
      sortOrders: this.sortOrders,
      scoringPrefix: this.scoringPrefix,
    };
  }

  /** The settings the structures are built from, as one comparable string. */
  private indexingKey(): string {
    return JSON.stringify(
      [...textSettings, ...columnSettings].map((key) => this.current[key] ?? null),
    );
  }

  private createTextIndex(): TextIndex {
    return new TextIndex({
      attributes: parseSearchableAttributes(this.current.searchableAttributes),
      camelCaseAttributes: this.current.camelCaseAttributes,
      separatorsToIndex: this.current.separatorsToIndex,
      keepDiacriticsOnCharacters: this.current.keepDiacriticsOnCharacters,
    });
  }

  private facetPaths(): string[] {
    const paths = parseFacetingAttributes(this.current.attributesForFaceting).map(
      (attribute) => attribute.path,
    );
    const distinct = this.current.attributeForDistinct;
    return distinct === undefined ? paths : [...paths, distinct];
  }

  private compactIfNeeded(): void {
    const dead = this.documents.deadDocuments;
    if (dead > this.compactionThreshold && dead > this.documents.size)
      this.rebuild(this.documents.liveRecords());
  }

  /** Starts new structures from `records` (read one at a time: they may be the old table's, decoded). */
  private rebuild(records: Iterable<SearchRecord>): void {
    this.version++;
    this.documents = new DocumentTable();
    this.text = this.createTextIndex();
    this.columns = new RecordColumns(this.documents);
    this.columns.configureFacets(this.facetPaths());
    for (const record of records) {
      const { documentNumber } = this.documents.add(record);
      this.text.addDocument(documentNumber, record);
      this.columns.addDocument(documentNumber, record);
    }
  }
}
