/**
 * The fast path for one-word queries (the common case while a user types): the allowed documents (live,
 * filtered, not hidden) are known before reading postings, so one scan both finds the matches and computes their
 * criteria, instead of a membership pass followed by a scoring pass. A word matching far more documents than a
 * page needs is left to the two-pass matcher, which scores only a prefix of them when that proves the page.
 */

import type { ScoreContext } from '../postings/score-context.ts';
import { scoreWord } from '../postings/word-postings.ts';
import { applyCachedScore, cachedScore } from '../postings/word-score-cache.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import type { Bitset } from '../structures/bitset.ts';
import type { MatchInput, MatchOutput } from './match-input.ts';
import type { MatchScratch } from './match-scratch.ts';
import { applyTypoTolerance, foldWord, scoreOptionalFilters } from './matched-list.ts';

/** A word with this many times more postings entries than the scoring prefix goes to the two-pass matcher. */
const broadFactor = 32;

/** Number of postings entries of the word's alternatives. */
function postingsVolume(input: MatchInput): number {
  const [word] = input.words;
  let volume = 0;
  for (const termId of word?.termIds ?? []) volume += input.text.postingsList(termId).length / 2;
  return volume;
}

function allowedDocuments(input: MatchInput, scratch: MatchScratch): Bitset {
  const allowed = scratch.acquireBitset(input.capacity);
  allowed.copyFrom(input.live);
  if (input.filter !== undefined) {
    const filtered = scratch.acquireBitset(input.capacity);
    input.filter.fill(filtered);
    allowed.and(filtered);
  }
  for (const documentNumber of input.hidden) allowed.remove(documentNumber);
  return allowed;
}

/** Scans the word's postings within the allowed documents, then lists the matches and folds their criteria. */
function scanWord(context: ScoreContext, word: ExpandedWord): number {
  const { scratch, collect } = context;
  scoreWord(context, word, 0);
  const count = collect?.toArray(scratch.list) ?? 0;
  const { typos, words, exact } = scratch;
  for (let i = 0; i < count; i++) {
    const documentNumber = scratch.list[i] ?? 0;
    typos[documentNumber] = 0;
    words[documentNumber] = 0;
    exact[documentNumber] = 0;
  }
  foldWord(scratch, count);
  return count;
}

/**
 * Matches a one-word query in a single postings scan, or returns undefined when the query is not eligible
 * (several words, exclusions, multi-word synonyms) or so selective that the two-pass matcher is cheaper (it can
 * then test the filter on a few candidates instead of building the filter's bit set).
 */
export function matchSingleWord(input: MatchInput, scratch: MatchScratch): MatchOutput | undefined {
  const [word, ...others] = input.words;
  if (word === undefined || others.length > 0 || word.word.excluded || word.groups.length > 0)
    return undefined;
  if (input.filter !== undefined && postingsVolume(input) * 16 < input.capacity) return undefined;
  // So broad that scoring a prefix of the matches first (see `MatchInput.scoringPrefix`) beats scoring them all.
  if (
    input.scoringPrefix !== undefined &&
    postingsVolume(input) > input.scoringPrefix * broadFactor
  )
    return undefined;
  const allowed = allowedDocuments(input, scratch);
  const set = scratch.acquireBitset(input.capacity);
  const context: ScoreContext = {
    text: input.text,
    rules: input.rules,
    matched: allowed,
    scratch,
    exactWholeValueOnly: input.exactOnSingleWordQuery === 'attribute',
    exactDisabled: input.exactOnSingleWordQuery === 'none',
    collectOccurrences: false,
    collect: set,
  };
  const cached = cachedScore(context, word);
  const count =
    cached === undefined
      ? scanWord(context, word)
      : applyCachedScore(cached, allowed, set, scratch);
  const kept = applyTypoTolerance(input.typoTolerance, set, count, scratch);
  scoreOptionalFilters(input, scratch, kept);
  return {
    documents: scratch.list.subarray(0, kept),
    set,
    textWords: [word],
    someWordsOptional: word.word.optional,
    removedWords: [],
    occurrencesReady: false,
  };
}
