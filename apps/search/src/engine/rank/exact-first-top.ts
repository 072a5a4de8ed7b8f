/**
 * The top of a large multi-word result when a query word is rarely matched exactly ("jus d", "biscuit c": few
 * records hold the one-letter word `d` itself, thousands hold words starting with it). `exact` can then only
 * reach its best value (every word exact) in those few records, so the scored prefix alone never proves a page
 * (`optimal-top.ts`) and every match would be scored. Instead, the matched records holding the rare word exactly
 * are scored too, wherever they are; every other record has one exact word fewer at best, so its criteria are
 * bounded by the best values with `exact` one worse. Ranking the prefix plus those records gives the page when
 * its last hit ranks before that bound (or ties it from inside the prefix: unscored records are numbered
 * higher). The answer is the same as ranking every match.
 */

import type { MatchOutput } from '../match/match-input.ts';
import type { TextIndex } from '../postings/text-index.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { type RankingCriterion, rankWindow } from './rank.ts';

/** The matched holders of the rare word must be this many times fewer than the matches to be worth scoring first. */
const rarity = 8;
/**
 * Finding the holders reads the rare word's exact postings: worth it while they are at most this many times the
 * matches (scoring every match costs more than a postings entry per match). A one-letter word held exactly by
 * many records ("p" in "fruits p": 15,000 postings, 83,000 matches) may still have few matched holders.
 */
const holderScan = 8;

/** The dictionary words that count as `word` typed exactly, or undefined when a synonym group does too. */
function exactTerms(word: ExpandedWord): number[] | undefined {
  if (word.groups.some((group) => group.exact)) return undefined;
  const terms: number[] = [];
  word.termIds.forEach((termId, index) => {
    if (word.termExact[index] === true) terms.push(termId);
  });
  return terms.length > 0 ? terms : undefined;
}

/** The exact terms of the word whose exact postings are fewest, and how many postings they have. */
function rareExactTerms(
  words: readonly ExpandedWord[],
  text: TextIndex,
): { terms: number[]; volume: number } | undefined {
  let rarest: number[] | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const word of words) {
    const terms = exactTerms(word);
    if (terms === undefined) continue;
    let volume = 0;
    for (const termId of terms) volume += text.postingsList(termId).length / 2;
    if (volume < fewest) {
      fewest = volume;
      rarest = terms;
    }
  }
  return rarest === undefined ? undefined : { terms: rarest, volume: fewest };
}

/**
 * Matched documents numbered above `after` where one of `terms` can count as exact, ascending: anywhere, or
 * only as a whole attribute value (a one-word query under `exactOnSingleWordQuery: attribute`). Undefined as
 * soon as there are more than `limit` per term (too many to be worth scoring first).
 */
function holders(
  terms: readonly number[],
  text: TextIndex,
  match: MatchOutput,
  after: number,
  wholeValueOnly: boolean,
  limit: number,
): Uint32Array | undefined {
  const found: number[] = [];
  const cap = limit * terms.length;
  for (const termId of terms) {
    const list = text.postingsList(termId);
    const postings = list.buffer;
    let last = -1;
    for (let j = 0; j < list.length; j += 2) {
      const documentNumber = postings[j] ?? 0;
      if (wholeValueOnly && (postings[j + 1] ?? 0) < 0x80000000) continue;
      if (documentNumber === last || documentNumber <= after || !match.set.has(documentNumber))
        continue;
      last = documentNumber;
      found.push(documentNumber);
      if (found.length > cap) return undefined;
    }
  }
  const sorted = Uint32Array.from(found).sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i] ?? 0;
  }
  return sorted.subarray(0, kept);
}

/** -1, 0 or 1: the document's keys against `bounds`, criterion by criterion. */
function compareWithBounds(
  documentNumber: number,
  criteria: readonly RankingCriterion[],
  bounds: readonly number[],
): number {
  const one = Uint32Array.of(documentNumber);
  const key = new Float64Array(1);
  for (let level = 0; level < criteria.length; level++) {
    criteria[level]?.keys(one, key);
    const bound = bounds[level] ?? 0;
    if ((key[0] ?? 0) !== bound) return (key[0] ?? 0) < bound ? -1 : 1;
  }
  return 0;
}

/** Scores the rare word's exact holders once, then tries each scored prefix with them. */
export interface ExactFirst {
  /** Positions `[start, end)` of the ranking, or undefined when the prefix plus the holders do not prove them. */
  top(start: number, end: number): Uint32Array | undefined;
}

/**
 * Prepares the shortcut for a search, or returns undefined when it does not apply: some criterion without a
 * bound, no `exact` criterion, no word with rare exact postings, or a match that cannot score out of order.
 * @param documents - the matched documents, ascending (none pinned).
 */
export function exactFirst(
  documents: Uint32Array,
  match: MatchOutput,
  criteria: readonly RankingCriterion[],
  text: TextIndex,
  exactOnSingleWordQuery: 'attribute' | 'word' | 'none',
): ExactFirst | undefined {
  const exactLevel = criteria.findIndex((criterion) => criterion.name === 'exact');
  if (exactLevel < 0 || match.scoreDocuments === undefined) return undefined;
  if (criteria.some((criterion) => criterion.best === undefined)) return undefined;
  const rarest = rareExactTerms(match.textWords, text);
  if (rarest === undefined) return undefined;
  const singleWord = match.textWords.length === 1;
  const wholeValueOnly = singleWord && exactOnSingleWordQuery === 'attribute';
  // Too many postings to look for the holders (whole values are a subset, found in the same scan).
  if (!wholeValueOnly && rarest.volume > documents.length * holderScan) return undefined;
  // Any record outside the holders misses the rare word's exact form: one exact word fewer at best.
  const bounds = criteria.map((criterion, level) =>
    level === exactLevel ? (criterion.best ?? 0) + 1 : (criterion.best ?? 0),
  );
  const initial = match.scored ?? documents.length;
  // One word under `exactOnSingleWordQuery: none` is never exact: no record reaches the bound, none is a holder.
  const extra =
    singleWord && exactOnSingleWordQuery === 'none'
      ? new Uint32Array(0)
      : holders(
          rarest.terms,
          text,
          match,
          documents[initial - 1] ?? 0,
          wholeValueOnly,
          Math.floor(documents.length / rarity),
        );
  if (extra === undefined || extra.length * rarity > documents.length) return undefined;
  match.scoreDocuments(extra);
  return {
    top(start, end) {
      const scored = match.scored ?? documents.length;
      const lastScored = documents[scored - 1] ?? 0;
      const beyond = extra.filter((documentNumber) => documentNumber > lastScored);
      const candidates = new Uint32Array(scored + beyond.length);
      candidates.set(documents.subarray(0, scored));
      candidates.set(beyond, scored);
      const ranked = rankWindow(candidates, criteria, 0, end);
      const last = ranked[end - 1];
      if (ranked.length < end || last === undefined) return undefined;
      const versus = compareWithBounds(last, criteria, bounds);
      if (versus > 0 || (versus === 0 && last > lastScored)) return undefined;
      return ranked.slice(start, end);
    },
  };
}
