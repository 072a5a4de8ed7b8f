/**
 * Turns the query text into query words: folded like record text, with `advancedSyntax` phrases (`"a b"`) and
 * exclusions (`-word`) as `advancedSyntaxFeatures` enable them, stop words removed (`removeStopWords`),
 * `optionalWords` flagged, and the prefix flag set by `queryType` (`prefixLast`: the last word only).
 */
import { analyzeText, type TokenizeOptions } from '../text/analyze-text.ts';
import { isStopWord, resolveLanguages } from '../text/stop-words.ts';
import type { AdvancedSyntaxFeature, IndexSettings } from '../types.ts';

/** One word of the query. */
export interface QueryWord {
  /** Folded text, e.g. `télé` → `tele`. */
  readonly term: string;
  /** May match as a prefix of a record word. */
  readonly prefix: boolean;
  /** Index of its `"phrase"` (advancedSyntax), -1 outside phrases. */
  readonly phrase: number;
  /** `-word` under advancedSyntax: records containing it are removed. */
  readonly excluded: boolean;
  /** Listed in `optionalWords` (or made optional by `removeWordsIfNoResults`). */
  readonly optional: boolean;
  /** Only digits (typos can be disabled on those). */
  readonly numeric: boolean;
}

interface RawWord {
  term: string;
  phrase: number;
  excluded: boolean;
}

function splitAdvanced(
  text: string,
  options: TokenizeOptions,
  features: readonly AdvancedSyntaxFeature[],
): RawWord[] {
  const words: RawWord[] = [];
  let phraseCount = 0;
  const phrases = features.includes('exactPhrase');
  const exclusions = features.includes('excludeWords');
  const parts = phrases ? text.split('"') : [text];
  parts.forEach((part, index) => {
    const insidePhrase = index % 2 === 1 && index < parts.length - 1;
    const phrase = insidePhrase ? phraseCount++ : -1;
    for (const word of analyzeText(part, options)) {
      const before = word.start > 0 ? part[word.start - 1] : undefined;
      const beforeThat = word.start > 1 ? part[word.start - 2] : undefined;
      const excluded =
        exclusions &&
        !insidePhrase &&
        before === '-' &&
        (beforeThat === undefined || /\s/.test(beforeThat));
      words.push({ term: word.term, phrase, excluded });
    }
  });
  return words;
}

/**
 * Parses `text` with the effective options of one search.
 * @param text - the raw query (≤ 512 bytes, checked by protocol/).
 * @param options - the resolved settings (queryType, advancedSyntax, removeStopWords, optionalWords, …).
 */
export function parseQuery(text: string, options: IndexSettings): QueryWord[] {
  const tokenizeOptions: TokenizeOptions = {
    separatorsToIndex: options.separatorsToIndex,
    camelCase: false,
    keepDiacriticsOnCharacters: options.keepDiacriticsOnCharacters,
  };
  let raw: RawWord[] = options.advancedSyntax
    ? splitAdvanced(text, tokenizeOptions, options.advancedSyntaxFeatures)
    : analyzeText(text, tokenizeOptions).map((word) => ({
        term: word.term,
        phrase: -1,
        excluded: false,
      }));
  const stopLanguages = resolveLanguages(options.removeStopWords, options.queryLanguages);
  if (stopLanguages.length > 0) {
    const isLastPrefix = options.queryType !== 'prefixNone';
    const kept = raw.filter(
      (word, index) =>
        word.phrase >= 0 ||
        word.excluded ||
        (isLastPrefix && index === raw.length - 1) ||
        !isStopWord(word.term, stopLanguages),
    );
    if (kept.some((word) => !word.excluded)) raw = kept;
  }
  const optionalTerms = new Set(
    options.optionalWords.flatMap((entry) => analyzeText(entry).map((word) => word.term)),
  );
  const lastIndex = raw.length - 1;
  return raw.map((word, index) => ({
    term: word.term,
    prefix:
      word.phrase < 0 &&
      !word.excluded &&
      (options.queryType === 'prefixAll' ||
        (options.queryType === 'prefixLast' && index === lastIndex)),
    phrase: word.phrase,
    excluded: word.excluded,
    optional: optionalTerms.has(word.term),
    numeric: /^\d+$/.test(word.term),
  }));
}
