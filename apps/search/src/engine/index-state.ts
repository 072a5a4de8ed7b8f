/**
 * The data one search reads: settings, records, text index, columns and synonyms, plus the reusable scratch
 * arrays. `SearchIndex` owns it; the search pipeline only reads it.
 */
import type { FacetingAttribute } from './attribute-settings.ts';
import type { DocumentTable } from './document-table.ts';
import type { MatchScratch } from './match-scratch.ts';
import type { RecordColumns } from './record-columns.ts';
import type { SortOrderCache } from './sort-order.ts';
import type { SynonymTable } from './synonyms.ts';
import type { TextIndex } from './text-index.ts';
import type { IndexSettings } from './types.ts';

/** A read-only snapshot of one index for the duration of a search. */
export interface IndexState {
  readonly settings: IndexSettings;
  readonly documents: DocumentTable;
  readonly text: TextIndex;
  readonly columns: RecordColumns;
  readonly synonyms: SynonymTable;
  readonly scratch: MatchScratch;
  /** Parsed `attributesForFaceting`. */
  readonly faceting: readonly FacetingAttribute[];
  /** Changes on every write and settings change (cache key). */
  readonly version: number;
  /** Global orders under sort criteria, rebuilt when `version` moves. */
  readonly sortOrders: SortOrderCache;
  /** Matched documents scored before trying the top from a prefix (`SearchIndexOptions.scoringPrefix`). */
  readonly scoringPrefix: number | undefined;
}
