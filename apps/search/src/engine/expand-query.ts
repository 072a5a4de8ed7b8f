/**
 * Expands each query word into the dictionary words it matches: itself, prefix extensions (prefix words),
 * words within the typo budget, plural forms (`ignorePlurals`) and synonyms (including multi-word spans, which
 * become "all of these words" groups attached to every word of the span).
 */

import type { QueryWord } from './parse-query.ts';
import { pluralForms } from './plurals.ts';
import { addSplitAndConcatenation, type TermFrequency } from './split-concat.ts';
import { resolveLanguages } from './stop-words.ts';
import type { SynonymTable } from './synonyms.ts';
import type { TermDictionary } from './term-dictionary.ts';
import type { IndexSettings } from './types.ts';
import { typoFreeWords } from './typo-free-words.ts';
import { visitTypoMatches } from './typo-match.ts';

/** Words a record must all contain to match a query word through a multi-word alternative. */
export interface TermGroup {
  readonly termIds: readonly number[];
  readonly typos: number;
  readonly exact: boolean;
}

/** Everything one query word may match. */
export interface ExpandedWord {
  readonly word: QueryWord;
  /** Typo budget of the word (0–2). */
  readonly maxTypos: number;
  /** Matching dictionary words (parallel arrays: id, typos, counts as exact). */
  readonly termIds: number[];
  readonly termTypos: number[];
  readonly termExact: boolean[];
  /** Multi-word alternatives. */
  readonly groups: TermGroup[];
  /** Folded alternative words (plurals, synonyms) for highlighting. */
  readonly alternatives: Set<string>;
}

/**
 * The typo budget of `word`: 0 below `minWordSizefor1Typo`, 1 below `minWordSizefor2Typos`, else 2; 0 for the
 * words of `disableTypoToleranceOnWords`.
 */
export function typoBudget(word: QueryWord, options: IndexSettings): number {
  if (options.typoTolerance === false || word.phrase >= 0 || word.excluded) return 0;
  if (typoFreeWords(options).has(word.term)) return 0;
  if (word.numeric && !options.allowTyposOnNumericTokens) return 0;
  const length = word.term.length;
  if (length < options.minWordSizefor1Typo) return 0;
  return length < options.minWordSizefor2Typos ? 1 : 2;
}

/** Dictionary matches of one word: ids, typos and exactness, parallel arrays. */
interface TermMatches {
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly termExact: readonly boolean[];
}

const matchCaches = new WeakMap<
  TermDictionary,
  { size: number; entries: Map<string, TermMatches> }
>();

/**
 * The dictionary words within `maxTypos` of `term` (prefix extensions included when `prefix`), cached per
 * dictionary until a new word is indexed (the 512 most recently used): InstantSearch sends the same text in every
 * sub-query of a page.
 */
function dictionaryMatches(
  dictionary: TermDictionary,
  term: string,
  maxTypos: number,
  prefix: boolean,
): TermMatches {
  let cache = matchCaches.get(dictionary);
  if (cache === undefined || cache.size !== dictionary.size) {
    cache = { size: dictionary.size, entries: new Map() };
    matchCaches.set(dictionary, cache);
  }
  const key = `${maxTypos}${prefix ? 'p' : 'w'}${term}`;
  const cached = cache.entries.get(key);
  if (cached !== undefined) {
    // Least recently used first: a hit moves the entry to the end.
    cache.entries.delete(key);
    cache.entries.set(key, cached);
    return cached;
  }
  const matches = {
    termIds: [] as number[],
    termTypos: [] as number[],
    termExact: [] as boolean[],
  };
  const { terms, ids } = dictionary.sorted();
  visitTypoMatches(terms, term, maxTypos, prefix, (low, high, typos) => {
    for (let position = low; position < high; position++) {
      matches.termIds.push(ids[position] ?? 0);
      matches.termTypos.push(typos);
      matches.termExact.push(typos === 0 && terms[position] === term);
    }
  });
  if (cache.entries.size >= 512) cache.entries.delete(cache.entries.keys().next().value ?? '');
  cache.entries.set(key, matches);
  return matches;
}

function addTerm(expanded: ExpandedWord, termId: number, typos: number, exact: boolean): void {
  expanded.termIds.push(termId);
  expanded.termTypos.push(typos);
  expanded.termExact.push(exact);
}

function expandWord(
  word: QueryWord,
  dictionary: TermDictionary,
  options: IndexSettings,
  pluralLanguages: readonly string[],
): ExpandedWord {
  const maxTypos = typoBudget(word, options);
  const matches = dictionaryMatches(dictionary, word.term, maxTypos, word.prefix);
  const expanded: ExpandedWord = {
    word,
    maxTypos,
    termIds: [...matches.termIds],
    termTypos: [...matches.termTypos],
    termExact: [...matches.termExact],
    groups: [],
    alternatives: new Set(),
  };
  if (word.phrase < 0 && pluralLanguages.length > 0) {
    const exact = options.alternativesAsExact.includes('ignorePlurals');
    for (const form of pluralForms(word.term, pluralLanguages)) {
      expanded.alternatives.add(form);
      const termId = dictionary.idOf(form);
      if (termId !== undefined) addTerm(expanded, termId, 0, exact && !word.excluded);
    }
  }
  return expanded;
}

function addSynonyms(
  expanded: readonly ExpandedWord[],
  synonyms: SynonymTable,
  dictionary: TermDictionary,
  options: IndexSettings,
): void {
  // With removeStopWords the query lost its stop words: inputs are then looked up without theirs too.
  const stopLanguages = resolveLanguages(options.removeStopWords, options.queryLanguages);
  for (let first = 0; first < expanded.length; first++) {
    for (let length = 1; length <= synonyms.maxInputWords; length++) {
      const span = expanded.slice(first, first + length);
      if (span.length < length || span.some((item) => item.word.excluded || item.word.phrase >= 0))
        break;
      const spanTerms = span.map((item) => item.word.term);
      for (const alternative of synonyms.alternatives(spanTerms, stopLanguages)) {
        const termIds = alternative.words.map((term) => dictionary.idOf(term));
        const known = termIds.filter((id): id is number => id !== undefined);
        const exactOption =
          length > 1 || alternative.words.length > 1 ? 'multiWordsSynonym' : 'singleWordSynonym';
        const exact = alternative.typos === 0 && options.alternativesAsExact.includes(exactOption);
        for (const item of span) {
          for (const term of alternative.words) item.alternatives.add(term);
          if (known.length !== termIds.length) continue; // a word no record contains: cannot match
          if (length === 1 && known.length === 1)
            addTerm(item, known[0] ?? 0, alternative.typos, exact);
          else item.groups.push({ termIds: known, typos: alternative.typos, exact });
        }
      }
    }
  }
}

/**
 * Expands every query word (excluded words too: they match exactly, to be subtracted).
 * @param words - the parsed query.
 * @param dictionary - the index's word dictionary.
 * @param synonyms - the index's synonyms (ignored when `options.synonyms` is false).
 * @param options - the resolved settings of the search.
 * @param frequencyOf - occurrences of a dictionary word; enables splitting and concatenation (see split-concat.ts).
 */
export function expandQuery(
  words: readonly QueryWord[],
  dictionary: TermDictionary,
  synonyms: SynonymTable,
  options: IndexSettings,
  frequencyOf?: TermFrequency,
): ExpandedWord[] {
  const pluralLanguages = resolveLanguages(options.ignorePlurals, options.queryLanguages);
  const expanded = words.map((word) => expandWord(word, dictionary, options, pluralLanguages));
  if (options.synonyms && synonyms.size > 0) addSynonyms(expanded, synonyms, dictionary, options);
  if (frequencyOf !== undefined) {
    const prefixMatches = (term: string) => dictionaryMatches(dictionary, term, 0, true).termIds;
    addSplitAndConcatenation(expanded, dictionary, options, frequencyOf, prefixMatches);
  }
  return expanded;
}
