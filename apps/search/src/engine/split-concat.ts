/**
 * Splitting and concatenation (Algolia, on whenever `typoTolerance` is not false): a query word typed without its
 * space (`waterbottle`) also matches records with both halves (`water bottle`), and two consecutive query words
 * (`push up`) also match the record word they form together (`pushup`). Neither counts as a typo (Algolia: extra or
 * missing spaces are not typos); the alternative is not an exact match, so the exact criterion still prefers
 * records holding the words as typed when the criteria before it tie.
 *
 * Splitting tries every cut that leaves a first part of at most 12 characters, keeps the cuts whose two parts are
 * both indexed words, and uses the one whose rarer part is the most frequent (Algolia: "the split with the most
 * matches"). It starts at `minWordSizefor1Typo` characters. Unlike Algolia, a word that records hold as typed (or,
 * for the last word, as a prefix) is not split, and the two parts need not be adjacent: `jacket` never becomes
 * `jack` + the French `et`, which would match half the catalogue. Concatenation joins pairs of consecutive words; when the
 * second is the last, prefix-matched word, the joined word is prefix-matched too (at most 20 dictionary words).
 */
import type { ExpandedWord } from './expand-query.ts';
import type { TermDictionary } from './term-dictionary.ts';
import type { IndexSettings } from './types.ts';
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

function bestSplit(
  term: string,
  dictionary: TermDictionary,
  frequencyOf: TermFrequency,
): readonly [number, number, string, string] | undefined {
  let best: readonly [number, number, string, string] | undefined;
  let bestScore = 0;
  const lastCut = Math.min(maxFirstPartLength, term.length - 1);
  for (let cut = 1; cut <= lastCut; cut++) {
    const left = term.slice(0, cut);
    const right = term.slice(cut);
    const leftId = dictionary.idOf(left);
    const rightId = dictionary.idOf(right);
    if (leftId === undefined || rightId === undefined) continue;
    const score = Math.min(frequencyOf(leftId), frequencyOf(rightId));
    if (score > bestScore) {
      bestScore = score;
      best = [leftId, rightId, left, right];
    }
  }
  return best;
}

/**
 * Adds the split and concatenation alternatives to the expanded query words (in place).
 * @param frequencyOf - how often a dictionary word occurs (0: no record holds it any more).
 * @param prefixMatches - dictionary ids starting with a joined word, for a prefix-matched last word.
 */
export function addSplitAndConcatenation(
  expanded: readonly ExpandedWord[],
  dictionary: TermDictionary,
  options: IndexSettings,
  frequencyOf: TermFrequency,
  prefixMatches: PrefixLookup,
): void {
  if (options.typoTolerance === false) return;
  const typoFree = typoFreeWords(options);
  for (const word of expanded) {
    if (!canChange(word, typoFree) || word.word.term.length < options.minWordSizefor1Typo) continue;
    if (word.termTypos.includes(0)) continue; // a word (or prefix) records hold as typed is not split
    const split = bestSplit(word.word.term, dictionary, frequencyOf);
    if (split === undefined) continue;
    const [leftId, rightId, left, right] = split;
    word.groups.push({ termIds: [leftId, rightId], typos: 0, exact: false });
    word.alternatives.add(left);
    word.alternatives.add(right);
  }
  for (let index = 0; index + 1 < expanded.length; index++) {
    const first = expanded[index];
    const second = expanded[index + 1];
    if (first === undefined || second === undefined) continue;
    if (!canChange(first, typoFree) || !canChange(second, typoFree)) continue;
    const joined = first.word.term + second.word.term;
    const ids = second.word.prefix
      ? prefixMatches(joined).slice(0, maxConcatPrefixTerms)
      : [dictionary.idOf(joined) ?? -1];
    for (const termId of ids) {
      if (termId < 0 || frequencyOf(termId) === 0) continue;
      first.groups.push({ termIds: [termId], typos: 0, exact: false });
      second.groups.push({ termIds: [termId], typos: 0, exact: false });
      first.alternatives.add(joined);
      second.alternatives.add(joined);
    }
  }
}
