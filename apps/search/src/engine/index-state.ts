/**
 * The data one search reads: settings, records, text index, columns and synonyms, plus the reusable scratch
 * arrays. `SearchIndex` owns it; the search pipeline only reads it.
 */

import type { MatchScratch } from './match/match-scratch.ts';
import type { TextIndex } from './postings/text-index.ts';
import type { SynonymTable } from './query/synonyms.ts';
import type { SortOrderCache } from './rank/sort-order.ts';
import type { DocumentTable } from './records/document-table.ts';
import type { RecordColumns } from './records/record-columns.ts';
import type { FacetingAttribute } from './settings/attribute-settings.ts';
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
