/** What the matchers (`match-documents.ts`, `match-single-word.ts`) are given and what they return. */
import type { CompiledFilter } from '../filters/evaluate-filter.ts';
import type { SlotRules } from '../postings/slot-rules.ts';
import type { TextIndex } from '../postings/text-index.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { RemoveWordsIfNoResults, TypoTolerance } from '../types.ts';

/** Inputs of {@link matchDocuments}. */
export interface MatchInput {
  readonly text: TextIndex;
  readonly live: Bitset;
  /** Number of document slots. */
  readonly capacity: number;
  readonly words: readonly ExpandedWord[];
  readonly filter: CompiledFilter | undefined;
  readonly optionalFilter: CompiledFilter | undefined;
  readonly sumOrFiltersScores: boolean;
  /** Documents removed whatever they match (rules' `hide`). */
  readonly hidden: readonly number[];
  readonly rules: SlotRules;
  readonly removeWordsIfNoResults: RemoveWordsIfNoResults;
  readonly typoTolerance: TypoTolerance;
  readonly exactOnSingleWordQuery: 'attribute' | 'word' | 'none';
  /** The index version (changes with every write): the text phase is shared only within one version. */
  readonly version: number;
  /** Gather word positions (proximity is ranked, or the query has phrases). */
  readonly needsOccurrences: boolean;
  /**
   * The ranking criteria of the matched documents will be read (a page of hits is returned). When false (a
   * `hitsPerPage: 0` facet sub-query), only the matched set is computed, unless phrases or `typoTolerance:
   * min|strict` need the criteria to decide what matches.
   */
  readonly scoring: boolean;
  /**
   * Score only this many matched documents (the lowest numbered) at first, when the query has words and
   * matches more than twice as many: the caller ranks them with {@link MatchOutput.completeScoring} as the way
   * back (see `optimal-top.ts`). Undefined: score every matched document.
   */
  readonly scoringPrefix?: number | undefined;
}

/** The matched set and what ranking needs to know about it. */
export interface MatchOutput {
  /** Matched documents, ascending (a view into the scratch list: valid until the next search). */
  readonly documents: Uint32Array;
  readonly set: Bitset;
  /** Query words that are not excluded, in query order (indices used in occurrences). */
  readonly textWords: readonly ExpandedWord[];
  /** True when some word was optional, so `words` differs between documents. */
  readonly someWordsOptional: boolean;
  /** Words made optional by `removeWordsIfNoResults`. */
  readonly removedWords: readonly ExpandedWord[];
  /** Occurrences were gathered (in `scratch.occurrences`). */
  readonly occurrencesReady: boolean;
  /**
   * How many of `documents` (from the first) have their criteria computed; all of them unless the input asked
   * for a `scoringPrefix`.
   */
  readonly scored?: number;
  /**
   * Computes the criteria of the documents not scored yet, up to position `end` (default: all of them; no-op
   * when they are scored already).
   */
  readonly completeScoring?: (end?: number) => void;
  /**
   * Computes the criteria of some documents after the scored prefix (ascending, matched; see
   * `exact-first-top.ts`); a later {@link completeScoring} recomputes the same values for those it reaches.
   */
  readonly scoreDocuments?: (documents: Uint32Array) => void;
}
