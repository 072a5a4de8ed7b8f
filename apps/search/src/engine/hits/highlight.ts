/**
 * Highlighting (docs/api.md §5.2): wraps the parts of words that matched a query word in the caller's tags and
 * returns the stored text otherwise untouched (never HTML-escaped). A prefix match highlights only the typed
 * prefix (`tel` in `Télévision` → `<em>Tél</em>évision`); typo, plural and synonym matches highlight the whole
 * word. With `replaceSynonymsInHighlight`, a record expression matched through a synonym of a one-word query span
 * is shown as the (folded) query word: `house plant` → `<em>home</em> plant` for `home ⇄ house`. Runs only on the
 * hits of the returned page.
 */
import {
  type AnalyzedWord,
  analyzeText,
  originalOffsetAfterFolded,
  type TokenizeOptions,
} from '../text/analyze-text.ts';
import { boundedEditDistance, letterMask, mayBeWithin } from '../text/edit-distance.ts';
import type { HighlightValue } from '../types.ts';

/** A query word as highlighting needs it. */
export interface HighlightWord {
  /** Folded query word (also reported in `matchedWords`). */
  readonly term: string;
  readonly prefix: boolean;
  /** Typo budget of the word. */
  readonly maxTypos: number;
  /** Plural forms and synonym words that also count as this word. */
  readonly alternatives: ReadonlySet<string>;
  /** Synonym expressions shown as `term` (`replaceSynonymsInHighlight`); absent when they keep the record's words. */
  readonly synonymPhrases?: readonly (readonly string[])[] | undefined;
}

/** Tags and words of one search. */
export interface HighlightContext {
  readonly words: readonly HighlightWord[];
  readonly preTag: string;
  readonly postTag: string;
}

/** One word of a value with the length of its highlighted part (0 = not highlighted). */
export interface MarkedToken {
  readonly start: number;
  readonly end: number;
  /** Original offset where the highlight ends (`end` for a whole-word match). */
  readonly highlightEnd: number;
  /** Shown highlighted instead of `text[start, end)` (a synonym replaced by the query word). */
  readonly replacement?: string;
}

const masks = new Map<string, number>();

function cachedMask(term: string): number {
  let mask = masks.get(term);
  if (mask === undefined) {
    if (masks.size > 10_000) masks.clear();
    mask = letterMask(term);
    masks.set(term, mask);
  }
  return mask;
}

/** Folded characters of `token` to highlight for `word`: the token length, a prefix length, or 0. */
export function matchLength(token: string, word: HighlightWord): number {
  if (token === word.term || word.alternatives.has(token)) return token.length;
  if (word.prefix && token.startsWith(word.term)) return word.term.length;
  if (word.maxTypos === 0) return 0;
  if (token.length < word.term.length - word.maxTypos) return 0;
  if (!mayBeWithin(cachedMask(word.term), letterMask(token), word.maxTypos)) return 0;
  if (boundedEditDistance(word.term, token, word.maxTypos, false) <= word.maxTypos)
    return token.length;
  if (word.prefix && boundedEditDistance(word.term, token, word.maxTypos, true) <= word.maxTypos) {
    return Math.min(token.length, word.term.length);
  }
  return 0;
}

/** Words of recently highlighted values, per tokenizer options (the same hits come back page after page). */
const analyzedValues = new Map<string, Map<string, readonly AnalyzedWord[]>>();
const maxAnalyzedValues = 4096;

function analyzedValue(
  text: string,
  options: TokenizeOptions | undefined,
): readonly AnalyzedWord[] {
  const optionsKey =
    options === undefined
      ? ''
      : `${options.camelCase ? 1 : 0}${options.keepDiacriticsOnCharacters ?? ''}\u0000${options.separatorsToIndex}`;
  let values = analyzedValues.get(optionsKey);
  if (values === undefined) {
    values = new Map();
    analyzedValues.set(optionsKey, values);
  }
  let words = values.get(text);
  if (words === undefined) {
    words = analyzeText(text, options);
    if (values.size >= maxAnalyzedValues) values.delete(values.keys().next().value ?? '');
  } else {
    values.delete(text);
  }
  values.set(text, words);
  return words;
}

/** Splits `text` into words and marks the matched parts; `matched[i]` is true when word i of the query matched. */
export function markText(
  text: string,
  context: HighlightContext,
  tokenizeOptions: TokenizeOptions | undefined,
): { tokens: MarkedToken[]; matched: boolean[] } {
  const matched = context.words.map(() => false);
  const analyzed = analyzedValue(text, tokenizeOptions);
  const tokens = analyzed.map(({ term, start, end }) => {
    let best = 0;
    context.words.forEach((word, index) => {
      const length = matchLength(term, word);
      if (length > 0) matched[index] = true;
      if (length > best) best = length;
    });
    const highlightEnd =
      best === 0
        ? start
        : best >= term.length
          ? end
          : originalOffsetAfterFolded(
              text,
              start,
              end,
              best,
              tokenizeOptions?.keepDiacriticsOnCharacters,
            );
    return { start, end, highlightEnd };
  });
  for (const word of context.words) {
    if (word.synonymPhrases !== undefined)
      return { tokens: replaceSynonyms(analyzed, tokens, context.words, matched), matched };
  }
  return { tokens, matched };
}

function isQueryTerm(term: string | undefined, words: readonly HighlightWord[]): boolean {
  for (const word of words) if (word.term === term) return true;
  return false;
}

/** Length of the longest of `phrases` that the words of `analyzed` spell from `from` on (0: none). */
function phraseLengthAt(
  analyzed: readonly AnalyzedWord[],
  from: number,
  phrases: readonly (readonly string[])[],
): number {
  let longest = 0;
  for (const phrase of phrases) {
    if (phrase.length <= longest || from + phrase.length > analyzed.length) continue;
    if (phrase.every((term, offset) => analyzed[from + offset]?.term === term))
      longest = phrase.length;
  }
  return longest;
}

/**
 * `replaceSynonymsInHighlight`: merges the words spelling a synonym expression of a query word into one token shown
 * as that word. A record word that is itself a query word keeps its text.
 */
function replaceSynonyms(
  analyzed: readonly AnalyzedWord[],
  tokens: readonly MarkedToken[],
  words: readonly HighlightWord[],
  matched: boolean[],
): MarkedToken[] {
  const replaced: MarkedToken[] = [];
  for (let position = 0; position < tokens.length; position++) {
    const token = tokens[position] as MarkedToken;
    const term = analyzed[position]?.term;
    let length = 0;
    let shown: HighlightWord | undefined;
    if (!isQueryTerm(term, words)) {
      for (let index = 0; index < words.length; index++) {
        const word = words[index] as HighlightWord;
        if (word.synonymPhrases === undefined) continue;
        const found = phraseLengthAt(analyzed, position, word.synonymPhrases);
        if (found > 0) matched[index] = true;
        if (found > length) {
          length = found;
          shown = word;
        }
      }
    }
    if (shown === undefined) {
      replaced.push(token);
      continue;
    }
    const end = tokens[position + length - 1]?.end ?? token.end;
    replaced.push({ start: token.start, end, highlightEnd: end, replacement: shown.term });
    position += length - 1;
  }
  return replaced;
}

/** `none` when no word matched, `full` when every query word did, else `partial`. */
export function matchLevelOf(matched: readonly boolean[]): HighlightValue['matchLevel'] {
  const count = matched.filter(Boolean).length;
  if (count === 0) return 'none';
  return count === matched.length ? 'full' : 'partial';
}

/** Inserts the tags around the marked parts of `text[from, to)`. */
export function renderMarked(
  text: string,
  tokens: readonly MarkedToken[],
  from: number,
  to: number,
  context: HighlightContext,
): string {
  let output = '';
  let cursor = from;
  for (const token of tokens) {
    // Words sharing one glyph (`¼` is `1` and `4`) mark it once.
    if (token.highlightEnd <= token.start || token.start < from || token.end > to) continue;
    if (token.start < cursor) continue;
    const shown = token.replacement ?? text.slice(token.start, token.highlightEnd);
    output += `${text.slice(cursor, token.start)}${context.preTag}${shown}${context.postTag}`;
    cursor = token.highlightEnd;
  }
  return output + text.slice(cursor, to);
}

/**
 * Highlights one string value.
 * `"Samsung Galaxy"` with query `sam` → `{ value: '<em>Sam</em>sung Galaxy', matchLevel: 'full',
 * matchedWords: ['sam'], fullyHighlighted: false }`.
 */
export function highlightText(
  text: string,
  context: HighlightContext,
  tokenizeOptions?: TokenizeOptions,
): HighlightValue {
  const { tokens, matched } = markText(text, context, tokenizeOptions);
  const matchLevel = matchLevelOf(matched);
  if (matchLevel === 'none') return { value: text, matchLevel, matchedWords: [] };
  const fullyHighlighted = tokens.every((token) => token.highlightEnd === token.end);
  return {
    value: renderMarked(text, tokens, 0, text.length, context),
    matchLevel,
    matchedWords: context.words.filter((_, index) => matched[index]).map((word) => word.term),
    fullyHighlighted,
  };
}
