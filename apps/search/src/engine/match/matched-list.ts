/**
 * Steps shared by the multi-word and single-word matchers, on the matched list held in the scratch: fold one
 * word's values into the criteria, drop documents (phrases, typo tolerance `min`/`strict`), and score optional
 * filters.
 */

import type { CompiledFilter } from '../filters/evaluate-filter.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { TypoTolerance } from '../types.ts';
import type { MatchScratch } from './match-scratch.ts';

/**
 * Adds the word just scored (per-word scratch values) to the criteria of the listed documents at positions
 * `from` … `count − 1`.
 */
export function foldWord(scratch: MatchScratch, count: number, from = 0): void {
  foldDocuments(scratch, scratch.list, from, count);
}

/** {@link foldWord} for `documents[from … to − 1]` (any matched documents). */
export function foldDocuments(
  scratch: MatchScratch,
  documents: Uint32Array,
  from = 0,
  to = documents.length,
): void {
  const { typos, words, exact, attribute, wordTypo, wordExact, wordAttribute } = scratch;
  for (let i = from; i < to; i++) {
    const documentNumber = documents[i] ?? 0;
    const wordTypos = wordTypo[documentNumber] ?? 255;
    if (wordTypos === 255) continue;
    typos[documentNumber] = (typos[documentNumber] ?? 0) + wordTypos;
    words[documentNumber] = (words[documentNumber] ?? 0) + 1;
    exact[documentNumber] = (exact[documentNumber] ?? 0) + (wordExact[documentNumber] ?? 0);
    const value = wordAttribute[documentNumber] ?? 0xffffffff;
    if (value < (attribute[documentNumber] ?? 0)) attribute[documentNumber] = value;
    wordTypo[documentNumber] = 255;
    wordExact[documentNumber] = 0;
    wordAttribute[documentNumber] = 0xffffffff;
  }
}

/** Keeps the listed documents for which `keep` holds (in order), removing the others from `set`. */
export function compactList(
  set: Bitset,
  count: number,
  scratch: MatchScratch,
  keep: (doc: number) => boolean,
): number {
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const documentNumber = scratch.list[i] ?? 0;
    if (keep(documentNumber)) scratch.list[kept++] = documentNumber;
    else set.remove(documentNumber);
  }
  return kept;
}

/** `typoTolerance: min` keeps the fewest typos, `strict` the two fewest; returns the new count. */
export function applyTypoTolerance(
  mode: TypoTolerance,
  set: Bitset,
  count: number,
  scratch: MatchScratch,
): number {
  if (mode !== 'min' && mode !== 'strict') return count;
  const seen = new Set<number>();
  for (let i = 0; i < count; i++) seen.add(scratch.typos[scratch.list[i] ?? 0] ?? 0);
  const lowest = [...seen].sort((a, b) => a - b).slice(0, mode === 'min' ? 1 : 2);
  const limit = lowest[lowest.length - 1] ?? 0;
  return compactList(
    set,
    count,
    scratch,
    (documentNumber) => (scratch.typos[documentNumber] ?? 0) <= limit,
  );
}

/**
 * Writes the filter score of every listed document: `optionalFilter` is what the `filters` criterion scores (the
 * optional filters plus the scored parts of `filters`, see `filter-scores.ts`).
 */
export function scoreOptionalFilters(
  input: {
    readonly optionalFilter: CompiledFilter | undefined;
    readonly sumOrFiltersScores: boolean;
  },
  scratch: MatchScratch,
  count: number,
): void {
  const filter = input.optionalFilter;
  if (filter === undefined) return;
  for (let i = 0; i < count; i++) {
    const documentNumber = scratch.list[i] ?? 0;
    scratch.filterScore[documentNumber] = filter.score(documentNumber, input.sumOrFiltersScores);
  }
}
