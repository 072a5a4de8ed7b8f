/** What the second pass (scoring one query word over the matched documents) reads besides the word. */
import type { MatchScratch } from '../match/match-scratch.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { SlotRules } from './slot-rules.ts';
import type { TextIndex } from './text-index.ts';

/** What pass 2 needs besides the word. */
export interface ScoreContext {
  readonly text: TextIndex;
  readonly rules: SlotRules;
  /** The final matched set. */
  readonly matched: Bitset;
  readonly scratch: MatchScratch;
  /** Count `exact` only on whole-value matches (single-word query, `exactOnSingleWordQuery: attribute`). */
  readonly exactWholeValueOnly: boolean;
  /** Never count `exact` (single-word query, `exactOnSingleWordQuery: none`). */
  readonly exactDisabled: boolean;
  /** Record occurrences for proximity / phrases. */
  readonly collectOccurrences: boolean;
  /**
   * Only documents numbered `lowest` … `highest` (inclusive) are scored (scoring a prefix of the matched list):
   * postings are sorted by document, so the scan starts at `lowest` and stops after `highest`.
   */
  readonly lowest?: number | undefined;
  readonly highest?: number | undefined;
  /**
   * Single-pass mode: `matched` is the set of documents allowed (live, filtered, not hidden) and each matching
   * document is added here on first sight, with its attribute value initialised.
   */
  readonly collect?: Bitset;
}
