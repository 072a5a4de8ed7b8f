/**
 * A query word after expansion: the dictionary words and multi-word alternatives it matches, what the matchers,
 * the pass-2 readers and ranking read about it.
 */
import type { QueryWord } from './parse-query.ts';

/** Words a record must all contain to match a query word through a multi-word alternative. */
export interface TermGroup {
  readonly termIds: readonly number[];
  readonly typos: number;
  readonly exact: boolean;
  /** The words must follow one another in one attribute (the two halves of a split word). */
  readonly adjacent?: boolean;
}

/** Everything one query word may match. */
export interface ExpandedWord {
  readonly word: QueryWord;
  /** Typo budget of the word (0–2). */
  readonly maxTypos: number;
  /**
   * Matching dictionary words (parallel arrays: id, typos, counts as exact). Never changed once the query is
   * expanded: they may be the word-match cache's own arrays, shared by every search of the same word.
   */
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly termExact: readonly boolean[];
  /** Multi-word alternatives. */
  readonly groups: TermGroup[];
  /** Folded alternative words (plurals, synonyms) for highlighting. */
  readonly alternatives: Set<string>;
  /**
   * Synonym expressions (folded words, their plural forms included) that highlights show as this word: set only
   * with `replaceSynonymsInHighlight` and for a synonym of this word alone.
   */
  synonymPhrases?: (readonly string[])[];
}
