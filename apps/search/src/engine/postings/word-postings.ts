/**
 * Scans the postings of one expanded query word. `collectWordDocuments` builds the set of documents the word
 * matches (pass 1); `scoreWord` revisits the same postings for the matched documents only and records the
 * word's typos, exactness, best attribute position and occurrences (pass 2).
 */

import type { ExpandedWord, TermGroup } from '../query/expanded-word.ts';
import { Bitset } from '../structures/bitset.ts';
import type { GrowableUint32Array } from '../structures/growable-array.ts';
import { addAdjacentDocuments } from './adjacent-postings.ts';
import { OccurrenceWriter } from './occurrence-writer.ts';
import type { ScoreContext } from './score-context.ts';
import { type SlotRules, slotAccepts } from './slot-rules.ts';
import type { TextIndex } from './text-index.ts';

function addTermDocuments(
  list: GrowableUint32Array,
  typos: number,
  rules: SlotRules,
  out: Bitset,
): void {
  const words = out.words;
  const postings = list.buffer;
  const length = list.length;
  const checkSlots =
    rules.searchable !== undefined || (typos > 0 && rules.typoAllowed !== undefined);
  if (!checkSlots) {
    for (let j = 0; j < length; j += 2) {
      const documentNumber = postings[j] ?? 0;
      words[documentNumber >>> 5] =
        (words[documentNumber >>> 5] ?? 0) | (1 << (documentNumber & 31));
    }
    return;
  }
  for (let j = 0; j < length; j += 2) {
    const documentNumber = postings[j] ?? 0;
    if (checkSlots && !slotAccepts(rules, postings[j + 1] ?? 0, typos)) continue;
    words[documentNumber >>> 5] = (words[documentNumber >>> 5] ?? 0) | (1 << (documentNumber & 31));
  }
}

/** The documents holding every word of `group` (in a row when it says so) into `target`, cleared first. */
function groupDocuments(
  group: TermGroup,
  text: TextIndex,
  rules: SlotRules,
  target: Bitset,
  scratch: Bitset,
): void {
  const { termIds, typos } = group;
  target.clear();
  if (group.adjacent === true && termIds.length === 2) {
    const [first = 0, second = 0] = termIds;
    addAdjacentDocuments(
      [text.postingsList(first), text.postingsList(second)],
      target,
      rules,
      typos,
    );
    return;
  }
  termIds.forEach((termId, index) => {
    const into = index === 0 ? target : scratch;
    into.clear();
    addTermDocuments(text.postingsList(termId), typos, rules, into);
    if (index > 0) target.and(scratch);
  });
}

/**
 * Pass 1: overwrites `out` with the documents matching `word` through any of its alternatives (groups need
 * all their words, a split word's halves in a row).
 */
export function collectWordDocuments(
  word: ExpandedWord,
  text: TextIndex,
  rules: SlotRules,
  out: Bitset,
): void {
  out.clear();
  const { termIds, termTypos } = word;
  for (let index = 0; index < termIds.length; index++) {
    addTermDocuments(text.postingsList(termIds[index] ?? 0), termTypos[index] ?? 0, rules, out);
  }
  if (word.groups.length === 0) return;
  const group = new Bitset(out.capacity);
  const term = new Bitset(out.capacity);
  for (const alternative of word.groups) {
    groupDocuments(alternative, text, rules, group, term);
    out.or(group);
  }
}

type TermScorer = (
  list: GrowableUint32Array,
  typos: number,
  exact: boolean,
  within: Bitset,
) => void;

/** Offset of the first posting of a document numbered `lowest` or more (postings are sorted by document). */
function firstPostingFrom(postings: Uint32Array, length: number, lowest: number): number {
  // Most words of a broad prefix lie wholly before or after the range: no search for those.
  if (length === 0 || (postings[0] ?? 0) >= lowest) return 0;
  if ((postings[length - 2] ?? 0) < lowest) return length;
  let low = 0;
  let high = length >>> 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((postings[middle * 2] ?? 0) < lowest) low = middle + 1;
    else high = middle;
  }
  return low * 2;
}

/** Builds the scanning loop of one word once, so thousands of prefix matches do not each repeat the setup. */
function termScorer(context: ScoreContext, wordIndex: number): TermScorer {
  const { rules, scratch } = context;
  const { attribute } = scratch;
  const collected = context.collect?.words;
  const restricted = rules.searchable !== undefined;
  const typoRestricted = rules.typoAllowed !== undefined;
  const writer = new OccurrenceWriter(context, wordIndex);
  const lowest = context.lowest ?? 0;
  const highest = context.highest ?? 0xffffffff;
  return (list, typos, exact, within) => {
    const postings = list.buffer;
    const length = list.length;
    const matchedWords = within.words;
    const checkSlots = restricted || (typos > 0 && typoRestricted);
    for (
      let j = lowest === 0 ? 0 : firstPostingFrom(postings, length, lowest);
      j < length;
      j += 2
    ) {
      const documentNumber = postings[j] ?? 0;
      if (documentNumber > highest) break;
      const word = documentNumber >>> 5;
      const bit = 1 << (documentNumber & 31);
      if (((matchedWords[word] ?? 0) & bit) === 0) continue;
      const occurrence = postings[j + 1] ?? 0;
      if (checkSlots && !slotAccepts(rules, occurrence, typos)) continue;
      if (collected !== undefined && ((collected[word] ?? 0) & bit) === 0) {
        collected[word] = (collected[word] ?? 0) | bit;
        attribute[documentNumber] = 0xffffffff;
      }
      writer.write(documentNumber, occurrence, typos, exact);
    }
  };
}

/** Pass 2 for one word: fills the per-word scratch values of the matched documents. */
export function scoreWord(context: ScoreContext, word: ExpandedWord, wordIndex: number): void {
  const { text, matched } = context;
  const { termIds, termTypos, termExact } = word;
  const scoreTerm = termScorer(context, wordIndex);
  for (let index = 0; index < termIds.length; index++) {
    const list = text.postingsList(termIds[index] ?? 0);
    scoreTerm(list, termTypos[index] ?? 0, termExact[index] ?? false, matched);
  }
  scoreWordGroups(context, word, wordIndex, scoreTerm);
}

/**
 * Pass 2 for the word's multi-word alternatives only (the documents holding every word of a group), as
 * `scoreWord` ends; for a caller that scored the word's dictionary words another way.
 */
export function scoreWordGroups(
  context: ScoreContext,
  word: ExpandedWord,
  wordIndex: number,
  scoreTerm: TermScorer = termScorer(context, wordIndex),
): void {
  const { text, matched } = context;
  if (word.groups.length === 0) return;
  const group = new Bitset(matched.capacity);
  const term = new Bitset(matched.capacity);
  for (const alternative of word.groups) {
    groupDocuments(alternative, text, context.rules, group, term);
    group.and(matched);
    const { termIds, typos, exact } = alternative;
    for (const termId of termIds) scoreTerm(text.postingsList(termId), typos, exact, group);
  }
}
