/**
 * Tokenizer for Algolia's `filters` grammar (docs/api.md §3.3), shared by the `filters` parser and the
 * `numericFilters` element parser. Positions are 0-based offsets into the input string (UTF-16 code units), the
 * same numbers the error messages print.
 */
import { SearchApiError } from './search-api-error.ts';

/** One lexical unit with the offset where it starts. */
export type FilterToken =
  /** An unquoted run such as `brand`, `Book`, `-12.5`; `quoted` names come from `"…"`. */
  | {
      readonly kind: 'word';
      readonly text: string;
      readonly quoted: boolean;
      readonly position: number;
    }
  /** Upper-case `AND`, `OR`, `NOT`, `TO` when unquoted. */
  | { readonly kind: 'keyword'; readonly text: FilterKeyword; readonly position: number }
  | { readonly kind: 'comparison'; readonly text: ComparisonText; readonly position: number }
  | { readonly kind: 'colon' | 'open' | 'close'; readonly text: string; readonly position: number }
  /** `<score=N>`: `score` is already range-checked (0–65,535). */
  | {
      readonly kind: 'score';
      readonly text: string;
      readonly score: number;
      readonly position: number;
    }
  | { readonly kind: 'end'; readonly text: ''; readonly position: number };

/** The grammar's reserved words; quoted, they are plain values. */
export type FilterKeyword = 'AND' | 'OR' | 'NOT' | 'TO';
type ComparisonText = '<' | '<=' | '=' | '!=' | '>=' | '>';

const keywords: ReadonlySet<string> = new Set<FilterKeyword>(['AND', 'OR', 'NOT', 'TO']);
/** Characters that end an unquoted word: they are syntax. */
const delimiters = new Set([' ', '\t', '\n', '\r', '(', ')', ':', '<', '>', '=', '!', '"']);
// Sticky (`y`) patterns match at `lastIndex` without copying the rest of the input, keeping tokenizing linear.
const scoreStart = /<\s*score\b/y;
const scorePattern = /<\s*score\s*=\s*(\d{1,6})\s*>/y;
/** Highest filter score Algolia accepts (docs/api.md §8). */
export const maxFilterScore = 65_535;

/**
 * Splits a filters string into tokens, ending with one `end` token.
 * `brand:"Tommy \"H\""<score=2> AND price>=10` → word `brand`, colon, word `Tommy "H"` (quoted), score 2,
 * keyword `AND`, word `price`, comparison `>=`, word `10`, end.
 * @param input - the raw string.
 * @param parameter - the wire name used in error messages (`filters`, `numericFilters[2]`, …).
 * @throws SearchApiError 400 on an unterminated quote, a bad escape, a bad score or a stray character.
 */
export function tokenizeFilters(input: string, parameter: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let index = 0;
  while (index < input.length) {
    const character = input.charAt(index);
    if (character === ' ' || character === '\t' || character === '\n' || character === '\r') {
      index++;
    } else if (character === '"') {
      const { text, next } = readQuoted(input, index, parameter);
      tokens.push({ kind: 'word', text, quoted: true, position: index });
      index = next;
    } else if (delimiters.has(character)) {
      const token = readSymbol(input, index, parameter);
      tokens.push(token);
      index += token.text.length;
    } else {
      let end = index;
      while (end < input.length && !delimiters.has(input.charAt(end))) end++;
      const text = input.slice(index, end);
      tokens.push(
        keywords.has(text)
          ? { kind: 'keyword', text: text as FilterKeyword, position: index }
          : { kind: 'word', text, quoted: false, position: index },
      );
      index = end;
    }
  }
  tokens.push({ kind: 'end', text: '', position: input.length });
  return tokens;
}

function readSymbol(input: string, index: number, parameter: string): FilterToken {
  const character = input.charAt(index);
  const pair = input.slice(index, index + 2);
  if (character === '(') return { kind: 'open', text: character, position: index };
  if (character === ')') return { kind: 'close', text: character, position: index };
  if (character === ':') return { kind: 'colon', text: character, position: index };
  if (character === '<' && matchesAt(scoreStart, input, index)) {
    return readScore(input, index, parameter);
  }
  if (pair === '<=' || pair === '>=' || pair === '!=') {
    return { kind: 'comparison', text: pair, position: index };
  }
  if (character === '<' || character === '>' || character === '=') {
    return { kind: 'comparison', text: character, position: index };
  }
  throw new SearchApiError(
    400,
    `${parameter}: unexpected character "${character}" at position ${index} (expected "!=")`,
  );
}

function readScore(input: string, index: number, parameter: string): FilterToken {
  scorePattern.lastIndex = index;
  const match = scorePattern.exec(input);
  const score = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (match === null || !(score <= maxFilterScore)) {
    throw new SearchApiError(
      400,
      `${parameter}: invalid score at position ${index} (expected <score=N> with an integer N between 0 and ${maxFilterScore})`,
    );
  }
  return { kind: 'score', text: match[0], score, position: index };
}

function matchesAt(pattern: RegExp, input: string, index: number): boolean {
  pattern.lastIndex = index;
  return pattern.test(input);
}

/** Reads `"…"` starting at `start`; `\"` and `\\` are the only escapes. */
function readQuoted(
  input: string,
  start: number,
  parameter: string,
): { text: string; next: number } {
  let text = '';
  let index = start + 1;
  while (index < input.length) {
    const character = input.charAt(index);
    if (character === '"') return { text, next: index + 1 };
    if (character === '\\') {
      const escaped = input.charAt(index + 1);
      if (escaped !== '"' && escaped !== '\\') {
        throw new SearchApiError(
          400,
          `${parameter}: invalid escape at position ${index} (inside quotes only \\" and \\\\ are escapes)`,
        );
      }
      text += escaped;
      index += 2;
    } else {
      text += character;
      index++;
    }
  }
  throw new SearchApiError(
    400,
    `${parameter}: unterminated quoted string starting at position ${start} (expected a closing ")`,
  );
}

/** How an error message shows a token: `"OR"`, `")"`, or `end of input`. */
export function describeToken(token: FilterToken): string {
  if (token.kind === 'end') return 'end of input';
  if (token.kind === 'word' && token.quoted) return JSON.stringify(token.text);
  return `"${token.text}"`;
}
