/**
 * Finds the documents a query matches and computes their text criteria. Pass 1 builds one bit set per query
 * word from postings and combines them (required words ANDed, optional ones ORed when nothing is required,
 * excluded words subtracted), then applies the filter (bulk bit set or per candidate, whichever is cheaper) and
 * retries with words made optional under `removeWordsIfNoResults`. Pass 2 rescans the postings for the matched
 * documents only (or reads those documents' words when that is cheaper, `forward-scoring.ts`) to record typos,
 * words, exactness, attribute position and occurrences.
 */

import { scoreWordByForwardIndex } from '../postings/forward-scoring.ts';
import { scoreWordByMergedPostings } from '../postings/merged-postings.ts';
import type { ScoreContext } from '../postings/score-context.ts';
import { collectWordDocuments, scoreWord } from '../postings/word-postings.ts';
import { collectCachedDocuments } from '../postings/word-score-cache.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { RemoveWordsIfNoResults } from '../types.ts';
import type { MatchInput, MatchOutput } from './match-input.ts';
import type { MatchScratch } from './match-scratch.ts';
import { matchSingleWord } from './match-single-word.ts';
import {
  applyTypoTolerance,
  compactList,
  foldDocuments,
  foldWord,
  scoreOptionalFilters,
} from './matched-list.ts';

/** Phrases and `typoTolerance: min|strict` decide membership from criteria values. */
function needsCriteriaToMatch(input: MatchInput): boolean {
  if (input.typoTolerance === 'min' || input.typoTolerance === 'strict') return true;
  const phraseWords = input.words.filter((word) => word.word.phrase >= 0 && !word.word.excluded);
  if (phraseWords.length < 2) return false;
  return new Set(phraseWords.map((word) => word.word.phrase)).size < phraseWords.length;
}

function combine(
  textWords: readonly ExpandedWord[],
  wordSets: readonly Bitset[],
  optional: readonly boolean[],
  live: Bitset,
  out: Bitset,
): void {
  const required = wordSets.filter((_, index) => !optional[index]);
  if (textWords.length === 0) {
    out.copyFrom(live);
    return;
  }
  const [first, ...rest] = required.length > 0 ? required : wordSets;
  out.clear();
  if (first !== undefined) out.copyFrom(first);
  for (const set of rest) {
    if (required.length > 0) out.and(set);
    else out.or(set);
  }
  out.and(live);
}

/** Which words become optional at each `removeWordsIfNoResults` step (indices into the text words). */
function removalOrder(mode: RemoveWordsIfNoResults, optional: readonly boolean[]): number[][] {
  const required = optional.flatMap((isOptional, index) => (isOptional ? [] : [index]));
  if (mode === 'none' || required.length < 2) return [];
  if (mode === 'allOptional') return [required];
  const order = mode === 'lastWords' ? [...required].reverse() : required;
  const steps: number[][] = [];
  for (let count = 1; count <= Math.min(5, required.length - 1); count++)
    steps.push(order.slice(0, count));
  return steps;
}

function applyFilter(
  input: MatchInput,
  set: Bitset,
  hasText: boolean,
  scratch: MatchScratch,
): void {
  const { filter } = input;
  if (filter !== undefined) {
    const candidates = hasText ? set.count() : input.capacity;
    if (candidates * 16 < input.capacity) {
      const count = set.toArray(scratch.list);
      for (let i = 0; i < count; i++) {
        const documentNumber = scratch.list[i] ?? 0;
        if (!filter.test(documentNumber)) set.remove(documentNumber);
      }
    } else {
      const bits = scratch.acquireBitset(input.capacity);
      filter.fill(bits);
      set.and(bits);
    }
  }
  for (const documentNumber of input.hidden) set.remove(documentNumber);
}

/**
 * Runs pass 1 and pass 2 for one search; results are left in `scratch` (criteria arrays, list, occurrences).
 */
export function matchDocuments(input: MatchInput, scratch: MatchScratch): MatchOutput {
  scratch.ensure(input.capacity);
  scratch.releaseBitsets();
  const mustScore = input.scoring || needsCriteriaToMatch(input);
  const single = mustScore ? matchSingleWord(input, scratch) : undefined;
  if (single !== undefined) return single;
  const textWords = input.words.filter((word) => !word.word.excluded);
  let wordSets: Bitset[] | undefined;
  const setsOfWords = (): Bitset[] => {
    wordSets ??= input.words.map((word) => {
      const set = scratch.acquireBitset(input.capacity);
      if (!collectCachedDocuments(word, input.text, input.rules, set))
        collectWordDocuments(word, input.text, input.rules, set);
      return set;
    });
    return wordSets;
  };
  const optional = textWords.map((word) => word.word.optional);
  const set = scratch.acquireBitset(input.capacity);
  /** Pass 1 without the filter: words combined under `flags`, excluded words removed, live documents only. */
  const matchText = (flags: readonly boolean[]): void => {
    const sets = setsOfWords();
    const textSets = sets.filter((_, index) => !input.words[index]?.word.excluded);
    combine(textWords, textSets, flags, input.live, set);
    sets.forEach((excluded, index) => {
      if (input.words[index]?.word.excluded === true) set.andNot(excluded);
    });
  };
  // The first attempt's text phase is shared with the next search when its words are the same.
  const key = {
    words: input.words,
    rules: input.rules,
    live: input.live,
    version: input.version,
    capacity: input.capacity,
  };
  const remembered = textWords.length > 0 ? scratch.textMemo.lookup(key) : undefined;
  if (remembered !== undefined) {
    set.copyFrom(remembered);
  } else {
    matchText(optional);
    if (textWords.length > 0) scratch.textMemo.store(key, set);
  }
  applyFilter(input, set, textWords.length > 0, scratch);
  let removed: number[] = [];
  for (const step of removalOrder(input.removeWordsIfNoResults, optional)) {
    if (set.count() > 0) break;
    removed = step;
    matchText(optional.map((isOptional, index) => isOptional || step.includes(index)));
    applyFilter(input, set, textWords.length > 0, scratch);
  }
  let count = set.toArray(scratch.list);
  const finalOptional = optional.map((isOptional, index) => isOptional || removed.includes(index));
  let scored = count;
  if (textWords.length > 0 && mustScore) {
    const prefix = input.scoringPrefix;
    if (prefix !== undefined && !needsCriteriaToMatch(input) && count > prefix * 2)
      scored = Math.max(1, Math.floor(prefix));
    scoreText(input, textWords, set, { from: 0, to: scored, total: count }, scratch);
    count = keepPhrases(textWords, set, count, scratch, input);
    count = applyTypoTolerance(input.typoTolerance, set, count, scratch);
    if (scored > count) scored = count;
  }
  scoreOptionalFilters(input, scratch, count);
  const fixed = {
    documents: scratch.list.subarray(0, count),
    set,
    textWords,
    someWordsOptional: finalOptional.some(Boolean),
    removedWords: removed.flatMap((index) => textWords[index] ?? []),
    occurrencesReady: mustScore && input.needsOccurrences && textWords.length > 1,
  };
  return withLaterScoring(fixed, input, scratch, { scored, mustScore });
}

/**
 * The match output: `fixed` plus the scored count and the ways to score more of the matched documents after
 * the first `scored`. `scored` is a plain field the closures update, not a getter: an object literal with an
 * accessor gets a hidden class of its own holding the getter, in old space, and that kept each search's
 * closures (and everything they reach) alive through the next minor GCs — most of what the engine promoted.
 */
function withLaterScoring(
  fixed: Omit<MatchOutput, 'scored' | 'completeScoring' | 'scoreDocuments'>,
  input: MatchInput,
  scratch: MatchScratch,
  start: { readonly scored: number; readonly mustScore: boolean },
): MatchOutput {
  const { textWords, set } = fixed;
  const total = fixed.documents.length;
  const { mustScore } = start;
  /** Documents scored beyond the prefix by `scoreDocuments` (ascending). */
  let extra = noDocuments;
  const output: { -readonly [K in keyof MatchOutput]: MatchOutput[K] } = {
    ...fixed,
    scored: start.scored,
    completeScoring: (end = total) => {
      const to = Math.min(end, total);
      const scored = output.scored ?? total;
      if (scored >= to) return;
      const last = scratch.list[to - 1] ?? 0;
      extra = extra.filter((documentNumber) => documentNumber > last);
      scoreText(input, textWords, set, { from: scored, to, total, extra }, scratch);
      output.scored = to;
    },
    scoreDocuments: (documents) => {
      if (documents.length === 0 || textWords.length === 0 || !mustScore) return;
      scoreListed(input, textWords, documents, scratch);
      const merged = new Uint32Array(extra.length + documents.length);
      merged.set(extra);
      merged.set(documents, extra.length);
      extra = merged.sort();
      if (input.needsOccurrences && textWords.length > 1)
        scratch.occurrences.group(
          groupedDocuments(scratch.list, output.scored ?? total, extra),
          input.capacity,
        );
    },
  };
  return output;
}

const noDocuments = new Uint32Array(0);

/** The listed documents at positions 0 … `count − 1` followed by `extra` (all numbered higher). */
function groupedDocuments(list: Uint32Array, count: number, extra: Uint32Array): Uint32Array {
  if (extra.length === 0) return list.subarray(0, count);
  const documents = new Uint32Array(count + extra.length);
  documents.set(list.subarray(0, count));
  documents.set(extra, count);
  return documents;
}

/**
 * Pass 2 for the listed documents at positions `from` … `to − 1` of the `total` matched (all of them, or a
 * prefix then the rest): their criteria, and occurrences regrouped over positions 0 … `to − 1` plus the
 * documents already scored beyond them (`extra`).
 */
function scoreText(
  input: MatchInput,
  textWords: readonly ExpandedWord[],
  set: Bitset,
  range: {
    readonly from: number;
    readonly to: number;
    readonly total: number;
    readonly extra?: Uint32Array;
  },
  scratch: MatchScratch,
): void {
  const { from, to: count } = range;
  const { list } = scratch;
  const listed = list.subarray(from, count);
  resetCriteria(scratch, listed);
  const whole = from === 0 && count === range.total;
  const context = scoreContext(input, textWords, set, scratch, {
    lowest: whole ? undefined : (list[from] ?? 0),
    highest: whole ? undefined : (list[count - 1] ?? 0),
  });
  if (context.collectOccurrences && from === 0) scratch.occurrences.reset();
  // A broad word reads its merged postings, or over few documents their words (forward index), otherwise its
  // postings.
  textWords.forEach((word, wordIndex) => {
    if (
      !scoreWordByMergedPostings(context, word, wordIndex, listed, count - from) &&
      !scoreWordByForwardIndex(context, word, wordIndex, listed, count - from)
    )
      scoreWord(context, word, wordIndex);
    foldWord(scratch, count, from);
  });
  if (context.collectOccurrences)
    scratch.occurrences.group(
      groupedDocuments(list, count, range.extra ?? noDocuments),
      input.capacity,
    );
}

/** Zeroes the criteria of `documents` before pass 2 adds up their words. */
function resetCriteria(scratch: MatchScratch, documents: Uint32Array): void {
  const { typos, words, exact, attribute } = scratch;
  for (const documentNumber of documents) {
    typos[documentNumber] = 0;
    words[documentNumber] = 0;
    exact[documentNumber] = 0;
    attribute[documentNumber] = 0xffffffff;
  }
}

/** What scoring a word's postings needs; `lowest`/`highest` bound the postings scanned (undefined: all). */
function scoreContext(
  input: MatchInput,
  textWords: readonly ExpandedWord[],
  matched: Bitset,
  scratch: MatchScratch,
  bounds: { readonly lowest: number | undefined; readonly highest: number | undefined },
): ScoreContext {
  const singleWord = textWords.length === 1;
  return {
    text: input.text,
    rules: input.rules,
    matched,
    scratch,
    exactWholeValueOnly: singleWord && input.exactOnSingleWordQuery === 'attribute',
    exactDisabled: singleWord && input.exactOnSingleWordQuery === 'none',
    collectOccurrences: input.needsOccurrences && textWords.length > 1,
    // Always both keys (one object shape for the scanning loops).
    lowest: bounds.lowest,
    highest: bounds.highest,
  };
}

/**
 * Pass 2 for some matched documents anywhere in the list (`documents`, ascending): their criteria, and their
 * occurrences added to the table (the caller regroups). Postings are scanned within `documents` only, so no
 * other document's per-word values are touched.
 */
function scoreListed(
  input: MatchInput,
  textWords: readonly ExpandedWord[],
  documents: Uint32Array,
  scratch: MatchScratch,
): void {
  // From the pool (no allocation of an index-sized set per search): valid until the next search starts.
  const within = scratch.acquireBitset(input.capacity);
  for (const documentNumber of documents) within.add(documentNumber);
  resetCriteria(scratch, documents);
  const context = scoreContext(input, textWords, within, scratch, {
    lowest: documents[0] ?? 0,
    highest: documents[documents.length - 1] ?? 0,
  });
  textWords.forEach((word, wordIndex) => {
    if (
      !scoreWordByMergedPostings(context, word, wordIndex, documents, documents.length) &&
      !scoreWordByForwardIndex(context, word, wordIndex, documents, documents.length)
    )
      scoreWord(context, word, wordIndex);
    foldDocuments(scratch, documents);
  });
}

function keepPhrases(
  textWords: readonly ExpandedWord[],
  set: Bitset,
  count: number,
  scratch: MatchScratch,
  input: MatchInput,
): number {
  const phrases = new Map<number, number[]>();
  textWords.forEach((word, index) => {
    if (word.word.phrase < 0) return;
    const members = phrases.get(word.word.phrase) ?? [];
    members.push(index);
    phrases.set(word.word.phrase, members);
  });
  const multiWord = [...phrases.values()].filter((members) => members.length > 1);
  if (multiWord.length === 0 || !input.needsOccurrences) return count;
  return compactList(set, count, scratch, (documentNumber) =>
    multiWord.every((members) => scratch.occurrences.hasPhrase(documentNumber, members)),
  );
}
