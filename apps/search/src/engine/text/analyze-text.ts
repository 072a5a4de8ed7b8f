/**
 * Splits text into folded words with their offsets in the original string. The same function feeds indexing,
 * query parsing and highlighting, so a query word and a record word always fold the same way.
 *
 * Rules (docs/api.md §3.5): letters and digits form words (`oled55` stays one word, `4` is a word); every other
 * character separates words, except those listed in `separatorsToIndex`, which become one-character words
 * (`Disney+` → `disney`, `+`); French elision drops the article before an apostrophe (`l'huile`, `qu’il`)
 * and the English possessive drops the `s` after one (`women's` → `women`, as the word a shopper means);
 * with `camelCase`, a lower-case letter followed by an upper-case one starts a new word (`iPhoneCase` →
 * `i`, `phone`, `case`).
 */
import {
  foldCodePoint,
  foldCodePointKeeping,
  fractionParts,
  isWordCodePoint,
} from './fold-characters.ts';

/** Options of {@link tokenize}. */
export interface TokenizeOptions {
  /** Characters indexed as words of their own (the `separatorsToIndex` setting); default none. */
  readonly separatorsToIndex: string;
  /** Split `camelCase` words (the attribute is listed in `camelCaseAttributes`); default false. */
  readonly camelCase: boolean;
  /** Characters whose diacritics are kept (the `keepDiacriticsOnCharacters` setting); default none. */
  readonly keepDiacriticsOnCharacters?: string;
}

/** Receives each word: folded text, start and end (exclusive) offsets in UTF-16 code units of the input. */
export type TokenVisitor = (term: string, start: number, end: number) => void;

/** The articles French elides before an apostrophe. */
const elisionArticles: ReadonlySet<string> = new Set([
  'l',
  'd',
  'j',
  'qu',
  'n',
  's',
  'c',
  'm',
  't',
]);

const defaultOptions: TokenizeOptions = { separatorsToIndex: '', camelCase: false };

function isApostrophe(codePoint: number): boolean {
  return codePoint === 0x27 || codePoint === 0x2019 || codePoint === 0x2bc;
}

function isUpperCase(codePoint: number): boolean {
  const character = String.fromCodePoint(codePoint);
  return character !== character.toLowerCase();
}

function isAsciiWord(codePoint: number): boolean {
  return (
    (codePoint >= 97 && codePoint <= 122) ||
    (codePoint >= 65 && codePoint <= 90) ||
    (codePoint >= 48 && codePoint <= 57)
  );
}

/** Whether the word ending before `index` is an elided article (`l'`, `qu’`) followed by a word. */
function isElision(term: string, text: string, index: number, width: number): boolean {
  if (term.length > 2 || !elisionArticles.has(term)) return false;
  const next = text.codePointAt(index + width);
  return next !== undefined && isWordCodePoint(next);
}

/**
 * Whether the word `s` starting at `start` is an English possessive's (`women's`, `Levi’s`): after an apostrophe
 * that follows a word, unless that word was an elided article (`l's` keeps its `s`).
 * @param elidedApostrophe - offset of the apostrophe after the last elided article (-1: none).
 */
function isPossessive(
  term: string,
  text: string,
  start: number,
  elidedApostrophe: number,
): boolean {
  if (term !== 's' || start < 2 || !isApostrophe(text.charCodeAt(start - 1))) return false;
  return start - 1 !== elidedApostrophe && isWordCodePoint(text.charCodeAt(start - 2));
}

/**
 * Calls `visit` once per word of `text`, in order.
 * @param text - any string.
 * @param options - separators to index and camel-case splitting; defaults to neither.
 * @param visit - receives the folded word and its original offsets.
 * @returns the number of words visited.
 */
export function tokenize(
  text: string,
  options: TokenizeOptions | undefined,
  visit: TokenVisitor,
): number {
  const { separatorsToIndex, camelCase } = options ?? defaultOptions;
  const keep = options?.keepDiacriticsOnCharacters ?? '';
  const fold =
    keep === '' ? foldCodePoint : (codePoint: number) => foldCodePointKeeping(codePoint, keep);
  // A word made only of ASCII letters and digits is sliced and lower-cased once (a flat string); other words
  // are folded code point by code point.
  let start = -1;
  let end = 0;
  let simple = true;
  let folded = '';
  let previousLower = false;
  let count = 0;
  let elidedApostrophe = -1;
  for (let index = 0; index < text.length; ) {
    const codePoint =
      text.charCodeAt(index) < 0xd800 ? text.charCodeAt(index) : (text.codePointAt(index) ?? 0);
    const width = codePoint > 0xffff ? 2 : 1;
    const isWord = codePoint < 128 ? isAsciiWord(codePoint) : isWordCodePoint(codePoint);
    if (isWord && camelCase && start >= 0 && previousLower && isUpperCase(codePoint)) {
      const term = simple ? text.slice(start, end).toLowerCase() : folded;
      visit(term, start, end);
      count++;
      start = -1;
    }
    if (isWord) {
      if (start < 0) {
        start = index;
        simple = true;
      }
      if (!simple || codePoint >= 128) {
        if (simple) folded = text.slice(start, index).toLowerCase();
        simple = false;
        folded += fold(codePoint);
      }
      end = index + width;
      previousLower = camelCase && !isUpperCase(codePoint);
    } else if (start >= 0 && codePoint >= 128 && foldCodePoint(codePoint) === '') {
      if (simple) folded = text.slice(start, index).toLowerCase();
      simple = false;
      end = index + width; // a combining mark inside a word
    } else {
      if (start >= 0) {
        const term = simple ? text.slice(start, end).toLowerCase() : folded;
        const article = isApostrophe(codePoint) && isElision(term, text, index, width);
        if (article) elidedApostrophe = index;
        if (!article && !isPossessive(term, text, start, elidedApostrophe)) {
          visit(term, start, end);
          count++;
        }
        start = -1;
      }
      previousLower = false;
      const fraction = codePoint >= 128 ? fractionParts(codePoint) : undefined;
      if (fraction !== undefined) {
        // `¼` is the words `1` and `4`, both spanning the glyph.
        for (const part of fraction) visit(part, index, index + width);
        count += fraction.length;
      } else if (
        separatorsToIndex !== '' &&
        separatorsToIndex.includes(String.fromCodePoint(codePoint))
      ) {
        visit(fold(codePoint), index, index + width);
        count++;
      }
    }
    index += width;
  }
  if (start >= 0) {
    const term = simple ? text.slice(start, end).toLowerCase() : folded;
    if (!isPossessive(term, text, start, elidedApostrophe)) {
      visit(term, start, end);
      count++;
    }
  }
  return count;
}

/** One word of {@link analyzeText}'s result. */
export interface AnalyzedWord {
  readonly term: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Convenience form of {@link tokenize} that returns the words as an array (query parsing, highlighting).
 * `"L'Œuf Crème"` → `[{term: 'oeuf', start: 2, end: 5}, {term: 'creme', start: 6, end: 11}]`.
 */
export function analyzeText(text: string, options?: TokenizeOptions): AnalyzedWord[] {
  const words: AnalyzedWord[] = [];
  tokenize(text, options, (term, start, end) => {
    words.push({ term, start, end });
  });
  return words;
}

/**
 * Original offset where the first `foldedLength` folded characters of the word `text[start, end)` end: used to
 * highlight only the typed prefix of a word (`Télé` typed as `tel` → offset after `Tél`).
 */
export function originalOffsetAfterFolded(
  text: string,
  start: number,
  end: number,
  foldedLength: number,
  keepDiacriticsOnCharacters = '',
): number {
  let folded = 0;
  let index = start;
  while (index < end && folded < foldedLength) {
    const codePoint = text.codePointAt(index) ?? 0;
    folded += foldCodePointKeeping(codePoint, keepDiacriticsOnCharacters).length;
    index += codePoint > 0xffff ? 2 : 1;
  }
  // Swallow trailing combining marks so an accent is never cut from its letter.
  while (index < end) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (foldCodePoint(codePoint) !== '') break;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return index;
}
