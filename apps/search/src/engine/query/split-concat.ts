/**
 * Splitting and concatenation (Algolia, on whenever `typoTolerance` is not false): a query word typed without its
 * space (`waterbottle`) also matches records with both halves (`water bottle`), and two consecutive query words
 * (`push up`) also match the record word they form together (`pushup`); a split's halves must follow one another
 * in one attribute (`yogapants` finds "Yoga Pant", not a yoga short whose description says "pants"). Neither
 * counts as a typo (Algolia: extra or missing spaces are not typos); the alternative is not an exact match, so the
 * exact criterion still prefers records holding the words as typed when the criteria before it tie.
 *
 * Splitting tries every cut that leaves a first part of at most 12 characters, keeps the cuts whose two parts are
 * both indexed words, and uses the one whose rarer part is the most frequent (Algolia: "the split with the most
 * matches"). It starts at `minWordSizefor1Typo` characters. Unlike Algolia, a word that records hold as typed (or,
 * for the last word, as a prefix) is not split: `jacket` never becomes `jack` + the French `et`. Concatenation
 * joins pairs of consecutive words; when the second is the last, prefix-matched word, the joined word is
 * prefix-matched too (at most 20 dictionary words).
 */

import { withPluralForms } from '../text/plurals.ts';
import type { TermDictionary } from '../text/term-dictionary.ts';
import type { IndexSettings } from '../types.ts';
import type { ExpandedWord } from './expanded-word.ts';
import { typoFreeWords } from './typo-free-words.ts';

/** Occurrences of a dictionary word in live and deleted records (0 once never indexed again). */
export type TermFrequency = (termId: number) => number;

/** The prefix matches of a joined word (ids); injected so the expander's cache serves them. */
export type PrefixLookup = (term: string) => readonly number[];

const maxFirstPartLength = 12;
const maxConcatPrefixTerms = 20;

function canChange(word: ExpandedWord, typoFree: ReadonlySet<string>): boolean {
  const { phrase, excluded, numeric, term } = word.word;
  return phrase < 0 && !excluded && !numeric && !typoFree.has(term);
}

/** One half of a split: the dictionary words it matches (as typed or a plural form), and their occurrences. */
interface SplitPart {
  readonly text: string;
  readonly termIds: readonly number[];
  readonly frequency: number;
}

function splitPart(
  text: string,
  dictionary: TermDictionary,
  frequencyOf: TermFrequency,
  pluralLanguages: readonly string[],
): SplitPart | undefined {
  const termIds: number[] = [];
  let frequency = 0;
  for (const form of withPluralForms(text, pluralLanguages)) {
    const termId = dictionary.idOf(form);
    if (termId === undefined) continue;
    const occurrences = frequencyOf(termId);
    if (occurrences === 0) continue;
    termIds.push(termId);
    frequency += occurrences;
  }
  return termIds.length === 0 ? undefined : { text, termIds, frequency };
}

const noLanguages: readonly string[] = [];

/**
 * The cut whose rarer half is the most frequent; the second half may match through its plural forms
 * (`jumpropes`): a first half read as a plural made spurious cuts (`maron` → `mar`(s) + `on`).
 */
function bestSplit(
  term: string,
  dictionary: TermDictionary,
  frequencyOf: TermFrequency,
  pluralLanguages: readonly string[],
): readonly [SplitPart, SplitPart] | undefined {
  let best: readonly [SplitPart, SplitPart] | undefined;
  let bestScore = 0;
  const lastCut = Math.min(maxFirstPartLength, term.length - 1);
  for (let cut = 1; cut <= lastCut; cut++) {
    const left = splitPart(term.slice(0, cut), dictionary, frequencyOf, noLanguages);
    if (left === undefined) continue;
    const right = splitPart(term.slice(cut), dictionary, frequencyOf, pluralLanguages);
    if (right === undefined) continue;
    const score = Math.min(left.frequency, right.frequency);
    if (score > bestScore) {
      bestScore = score;
      best = [left, right];
    }
  }
  return best;
}

/**
 * Adds the split and concatenation alternatives to the expanded query words (in place). With `ignorePlurals`,
 * the second half of a split and a joined word match their plural forms too (`yogapants` finds "Yoga Pant").
 * @param frequencyOf - how often a dictionary word occurs (0: no record holds it any more).
 * @param prefixMatches - dictionary ids starting with a joined word, for a prefix-matched last word.
 * @param pluralLanguages - the languages whose plural forms match (none without `ignorePlurals`).
 */
export function addSplitAndConcatenation(
  expanded: readonly ExpandedWord[],
  dictionary: TermDictionary,
  options: IndexSettings,
  frequencyOf: TermFrequency,
  prefixMatches: PrefixLookup,
  pluralLanguages: readonly string[] = [],
): void {
  if (options.typoTolerance === false) return;
  const typoFree = typoFreeWords(options);
  for (const word of expanded) {
    if (!canChange(word, typoFree) || word.word.term.length < options.minWordSizefor1Typo) continue;
    if (word.termTypos.includes(0)) continue; // a word (or prefix) records hold as typed is not split
    const split = bestSplit(word.word.term, dictionary, frequencyOf, pluralLanguages);
    if (split === undefined) continue;
    const [left, right] = split;
    for (const leftId of left.termIds)
      for (const rightId of right.termIds)
        word.groups.push({ termIds: [leftId, rightId], typos: 0, exact: false, adjacent: true });
    word.alternatives.add(left.text);
    word.alternatives.add(right.text);
  }
  for (let index = 0; index + 1 < expanded.length; index++) {
    const first = expanded[index];
    const second = expanded[index + 1];
    if (first === undefined || second === undefined) continue;
    if (!canChange(first, typoFree) || !canChange(second, typoFree)) continue;
    const joined = first.word.term + second.word.term;
    const ids = second.word.prefix
      ? prefixMatches(joined).slice(0, maxConcatPrefixTerms)
      : withPluralForms(joined, pluralLanguages).map((form) => dictionary.idOf(form) ?? -1);
    for (const termId of ids) {
      if (termId < 0 || frequencyOf(termId) === 0) continue;
      first.groups.push({ termIds: [termId], typos: 0, exact: false });
      second.groups.push({ termIds: [termId], typos: 0, exact: false });
      first.alternatives.add(joined);
      second.alternatives.add(joined);
    }
  }
}
