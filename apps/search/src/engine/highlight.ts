/**
 * Highlighting (PROTOCOL.md §5.2): wraps the parts of words that matched a query word in the caller's tags and
 * returns the stored text otherwise untouched (never HTML-escaped). A prefix match highlights only the typed
 * prefix (`tel` in `Télévision` → `<em>Tél</em>évision`); typo, plural and synonym matches highlight the whole
 * word. Runs only on the hits of the returned page.
 */
import {
  type AnalyzedWord,
  analyzeText,
  originalOffsetAfterFolded,
  type TokenizeOptions,
} from './analyze-text.ts';
import { boundedEditDistance, letterMask, mayBeWithin } from './edit-distance.ts';
import type { HighlightValue } from './types.ts';

/** A query word as highlighting needs it. */
export interface HighlightWord {
  /** Folded query word (also reported in `matchedWords`). */
  readonly term: string;
  readonly prefix: boolean;
  /** Typo budget of the word. */
  readonly maxTypos: number;
  /** Plural forms and synonym words that also count as this word. */
  readonly alternatives: ReadonlySet<string>;
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
  const tokens = analyzedValue(text, tokenizeOptions).map(({ term, start, end }) => {
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
  return { tokens, matched };
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
    if (token.highlightEnd <= token.start || token.start < from || token.end > to) continue;
    output += `${text.slice(cursor, token.start)}${context.preTag}${text.slice(token.start, token.highlightEnd)}${context.postTag}`;
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
