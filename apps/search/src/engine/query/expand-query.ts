/**
 * Expands each query word into the dictionary words it matches: itself, prefix extensions (prefix words),
 * words within the typo budget, plural forms (`ignorePlurals`) and synonyms (including multi-word spans, which
 * become "all of these words" groups attached to every word of the span).
 */

import { SizedLru } from '../structures/sized-lru.ts';
import { pluralForms, withPluralForms } from '../text/plurals.ts';
import { resolveLanguages } from '../text/stop-words.ts';
import type { TermDictionary } from '../text/term-dictionary.ts';
import { visitTypoMatches } from '../text/typo-match.ts';
import type { IndexSettings } from '../types.ts';
import type { ExpandedWord } from './expanded-word.ts';
import type { QueryWord } from './parse-query.ts';
import { addSplitAndConcatenation, type TermFrequency } from './split-concat.ts';
import type { SynonymAlternative, SynonymTable } from './synonyms.ts';
import { typoFreeWords } from './typo-free-words.ts';

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

interface MatchCache {
  /** Dictionary size when the entries were made: a new word may match any cached query word. */
  readonly size: number;
  /** Sized by the dictionary words each entry lists (bounds the memory to a few times the dictionary's). */
  readonly entries: SizedLru<TermMatches>;
}

const matchCaches = new WeakMap<TermDictionary, MatchCache>();

/**
 * Most query words remembered per dictionary. A word's typo walk costs 15–60 µs (it visits thousands of trie
 * nodes), a remembered word a map lookup: product names share their words ("chocolat", "biscuits"), so a few
 * thousand cover what shoppers type between two writes.
 */
const maxCachedWords = 4096;

/** Most dictionary words listed by all entries: a short prefix lists a large share of the dictionary. */
function maxHeldWords(dictionary: TermDictionary): number {
  return Math.max(65_536, dictionary.size * 4);
}

/**
 * The dictionary words within `maxTypos` of `term` (prefix extensions included when `prefix`), cached per
 * dictionary until a new word is indexed (the {@link maxCachedWords} most recently used, fewer when they list
 * more than {@link maxHeldWords}): InstantSearch sends the same text in every sub-query of a page, and queries
 * share words.
 */
function dictionaryMatches(
  dictionary: TermDictionary,
  term: string,
  maxTypos: number,
  prefix: boolean,
): TermMatches {
  let cache = matchCaches.get(dictionary);
  if (cache === undefined || cache.size !== dictionary.size) {
    cache = { size: dictionary.size, entries: new SizedLru((matches) => matches.termIds.length) };
    matchCaches.set(dictionary, cache);
  }
  const key = `${maxTypos}${prefix ? 'p' : 'w'}${term}`;
  const cached = cache.entries.get(key);
  if (cached !== undefined) return cached;
  const matches = {
    termIds: [] as number[],
    termTypos: [] as number[],
    termExact: [] as boolean[],
  };
  const { terms, ids } = dictionary.sorted();
  visitTypoMatches(terms, term, maxTypos, prefix, (low, high, typos) => {
    // A mistyped first letter counts as two typos (Algolia's rule; the words of one range share their first
    // letter): `lether` finds leather (1) before Aether (2).
    const counted =
      typos > 0 && terms[low]?.charCodeAt(0) !== term.charCodeAt(0) ? typos + 1 : typos;
    for (let position = low; position < high; position++) {
      matches.termIds.push(ids[position] ?? 0);
      matches.termTypos.push(counted);
      matches.termExact.push(typos === 0 && terms[position] === term);
    }
  });
  cache.entries.set(key, matches, maxHeldWords(dictionary), maxCachedWords);
  return matches;
}

/**
 * Expanded words whose term lists are still the word-match cache's arrays (no copy per search: a short prefix
 * lists hundreds of words): {@link addTerm} copies them before their first change.
 */
const sharingCachedLists = new WeakSet<ExpandedWord>();

type TermLists = { termIds: number[]; termTypos: number[]; termExact: boolean[] };

function addTerm(expanded: ExpandedWord, termId: number, typos: number, exact: boolean): void {
  // Only here, while the query is expanded, do an expanded word's lists change.
  const lists = expanded as unknown as TermLists;
  if (sharingCachedLists.delete(expanded)) {
    lists.termIds = [...expanded.termIds];
    lists.termTypos = [...expanded.termTypos];
    lists.termExact = [...expanded.termExact];
  }
  lists.termIds.push(termId);
  lists.termTypos.push(typos);
  lists.termExact.push(exact);
}

/**
 * French adjectives agree with their noun: a feminine singular no record holds (`noires` → `noire`, `légères` →
 * `legere`) also matches its masculine form (`noir`, `leger`: the shop's labels), counted as one typo and
 * highlighted as an alternative; only for a word with a typo budget. Not a typo search around the form: the
 * plural rules make forms that are not words (`dress` → `dres`, `polos` → `polo`), whose neighbours would be
 * noise (`bolo`, `drew`).
 */
function addMasculineForm(expanded: ExpandedWord, form: string, dictionary: TermDictionary): void {
  if (expanded.maxTypos === 0 || form.length < 4 || !form.endsWith('e')) return;
  const masculine = form.slice(0, -1);
  const termId = dictionary.idOf(masculine);
  if (termId === undefined || expanded.termIds.includes(termId)) return;
  addTerm(expanded, termId, 1, false);
  expanded.alternatives.add(masculine);
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
    termIds: matches.termIds,
    termTypos: matches.termTypos,
    termExact: matches.termExact,
    groups: [],
    alternatives: new Set(),
  };
  sharingCachedLists.add(expanded);
  if (word.phrase < 0 && pluralLanguages.length > 0) {
    const exact = options.alternativesAsExact.includes('ignorePlurals');
    for (const form of pluralForms(word.term, pluralLanguages)) {
      expanded.alternatives.add(form);
      const termId = dictionary.idOf(form);
      if (termId !== undefined) addTerm(expanded, termId, 0, exact && !word.excluded);
      else if (pluralLanguages.includes('fr')) addMasculineForm(expanded, form, dictionary);
    }
  }
  return expanded;
}

/** Most spellings tried for one expression (its words times their plural forms). */
const maxSpellings = 16;

/**
 * Every spelling of an expression whose word `i` is one of `forms[i]` (the first form of each word first), at most
 * `maxSpellings`: `[[slates, slate], [board]]` → `[[slates, board], [slate, board]]`.
 */
function spellings(forms: readonly (readonly string[])[]): string[][] {
  let result: string[][] = [[]];
  for (const wordForms of forms) {
    const next: string[][] = [];
    for (const prefix of result) {
      for (const form of wordForms) {
        if (next.length < maxSpellings) next.push([...prefix, form]);
      }
    }
    result = next;
  }
  return result;
}

/** What one synonym alternative adds to the query words of its span. */
interface SpanAlternative {
  readonly span: readonly ExpandedWord[];
  readonly alternative: SynonymAlternative;
  /** Found through a plural form of the span (not its typed words). */
  readonly viaPlural: boolean;
}

function synonymPhrasesOf(word: ExpandedWord | undefined): (readonly string[])[] | undefined {
  if (word === undefined) return undefined;
  word.synonymPhrases ??= [];
  return word.synonymPhrases;
}

function addAlternative(
  { span, alternative, viaPlural }: SpanAlternative,
  dictionary: TermDictionary,
  options: IndexSettings,
  pluralLanguages: readonly string[],
): void {
  const exactOption =
    span.length > 1 || alternative.words.length > 1 ? 'multiWordsSynonym' : 'singleWordSynonym';
  const exact = alternative.typos === 0 && options.alternativesAsExact.includes(exactOption);
  const pluralExact = exact && options.alternativesAsExact.includes('ignorePlurals');
  // The synonym's own plural forms match too (`slate ⇄ tablet` finds "tablets" with ignorePlurals).
  const variants =
    pluralLanguages.length === 0
      ? [alternative.words]
      : spellings(alternative.words.map((term) => withPluralForms(term, pluralLanguages)));
  // replaceSynonymsInHighlight shows the expression as the query word, for one-word query spans only.
  const phrases =
    options.replaceSynonymsInHighlight && span.length === 1 && alternative.kind === 'synonym'
      ? synonymPhrasesOf(span[0])
      : undefined;
  variants.forEach((words, index) => {
    const variantExact = viaPlural || index > 0 ? pluralExact : exact;
    const termIds = words.map((term) => dictionary.idOf(term));
    const known = termIds.filter((id): id is number => id !== undefined);
    for (const item of span) {
      for (const term of words) item.alternatives.add(term);
      if (known.length !== termIds.length) continue; // a word no record contains: cannot match
      if (span.length === 1 && known.length === 1)
        addTerm(item, known[0] ?? 0, alternative.typos, variantExact);
      else item.groups.push({ termIds: known, typos: alternative.typos, exact: variantExact });
    }
    phrases?.push(words);
  });
}

function addSynonyms(
  expanded: readonly ExpandedWord[],
  synonyms: SynonymTable,
  dictionary: TermDictionary,
  options: IndexSettings,
  pluralLanguages: readonly string[],
): void {
  // With removeStopWords the query lost its stop words: inputs are then looked up without theirs too.
  const stopLanguages = resolveLanguages(options.removeStopWords, options.queryLanguages);
  // Synonyms apply to the plural forms of the query words too (`slates` finds the synonyms of `slate`).
  const forms = expanded.map((item) => withPluralForms(item.word.term, pluralLanguages));
  for (let first = 0; first < expanded.length; first++) {
    for (let length = 1; length <= synonyms.maxInputWords; length++) {
      const span = expanded.slice(first, first + length);
      if (span.length < length || span.some((item) => item.word.excluded || item.word.phrase >= 0))
        break;
      const spanSpellings = spellings(forms.slice(first, first + length));
      // The span's own spellings are not synonyms of it; each alternative is added once.
      const seen = new Set(spanSpellings.map((words) => words.join(' ')));
      spanSpellings.forEach((spanTerms, index) => {
        for (const alternative of synonyms.alternatives(spanTerms, stopLanguages)) {
          const key = alternative.words.join(' ');
          if (seen.has(key)) continue;
          seen.add(key);
          addAlternative(
            { span, alternative, viaPlural: index > 0 },
            dictionary,
            options,
            pluralLanguages,
          );
        }
      });
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
  if (options.synonyms && synonyms.size > 0)
    addSynonyms(expanded, synonyms, dictionary, options, pluralLanguages);
  if (frequencyOf !== undefined) {
    const prefixMatches = (term: string) => dictionaryMatches(dictionary, term, 0, true).termIds;
    addSplitAndConcatenation(
      expanded,
      dictionary,
      options,
      frequencyOf,
      prefixMatches,
      pluralLanguages,
    );
  }
  return expanded;
}
