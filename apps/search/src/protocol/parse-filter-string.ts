/**
 * Parser for Algolia's `filters` string (docs/api.md §3.3) into our `FilterExpression`. Algolia only accepts a
 * conjunction of OR groups, so the grammar is small; the work is in rejecting the forms Algolia rejects with a
 * message that says where and why:
 *
 * ```
 * expr    := orList | andList          ; a lone OR list needs no parentheses
 * andList := group ( "AND" group )*
 * group   := lit | "(" orList ")"      ; parentheses only around OR groups, never nested
 * orList  := lit ( "OR" lit )*         ; one filter type per list: facet/tag, or numeric
 * lit     := [ "NOT" ] atom [ "<score=N>" ]
 * atom    := name ":" value | name ":" number "TO" number | name op number | "_tags:" value | value
 * ```
 */
import { type FilterExpression, matchAll } from '../engine/index.ts';
import { SearchApiError } from './search-api-error.ts';
import { describeToken, type FilterToken, tokenizeFilters } from './tokenize-filters.ts';

/** Largest magnitude Algolia stores for a filter number (docs/api.md §3.3). */
export const maxFilterNumber = 4_611_686_018_427_387;
const numberPattern = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

interface Cursor {
  readonly tokens: readonly FilterToken[];
  readonly parameter: string;
  index: number;
}

interface Located {
  readonly expression: FilterExpression;
  readonly position: number;
}

/**
 * Parses a `filters` string. The result is in normal form: a single filter stays a leaf, an OR list becomes
 * `or` (two or more operands), a conjunction becomes `and` of leaves and `or` groups; an empty string is
 * `matchAll`.
 *
 * `price < 10 AND (brand:LG OR brand:"Tommy Hilfiger"<score=2>) AND NOT _tags:archived` →
 * and(numeric(price < 10), or(facet(brand = LG), facet(brand = Tommy Hilfiger, score 2)), not(tag(archived))).
 *
 * @param input - the raw string; blank means no filter.
 * @param parameter - the wire name to put in error messages; defaults to `filters`.
 * @throws SearchApiError 400 naming the parameter and the 0-based position, e.g.
 *   `filters: unexpected token "OR" at position 14 (expected a filter)`.
 */
export function parseFilterString(input: string, parameter = 'filters'): FilterExpression {
  const cursor: Cursor = { tokens: tokenizeFilters(input, parameter), parameter, index: 0 };
  if (peek(cursor).kind === 'end') return matchAll;
  const first = parseGroup(cursor);
  if (isKeyword(peek(cursor), 'OR')) return parseTopLevelOr(cursor, first);
  const groups = [first.expression];
  while (isKeyword(peek(cursor), 'AND')) {
    next(cursor);
    groups.push(parseGroup(cursor).expression);
    rejectMixedOr(cursor);
  }
  expectEnd(cursor, groups.length === 1 && !first.parenthesized ? '"AND", "OR"' : '"AND"');
  return groups.length === 1 ? first.expression : { kind: 'and', operands: groups };
}

/** `A OR B OR C` with no AND anywhere: Algolia accepts it without parentheses. */
function parseTopLevelOr(
  cursor: Cursor,
  first: Located & { parenthesized: boolean },
): FilterExpression {
  if (first.parenthesized) {
    fail(
      cursor,
      peek(cursor),
      '"AND" or end of input; put every OR alternative inside one pair of parentheses',
    );
  }
  const operands: Located[] = [first];
  while (isKeyword(peek(cursor), 'OR')) {
    next(cursor);
    operands.push(parseLiteral(cursor));
  }
  if (isKeyword(peek(cursor), 'AND')) throwMixed(cursor, peek(cursor));
  expectEnd(cursor, '"OR"');
  return orOf(cursor, operands);
}

function parseGroup(cursor: Cursor): Located & { parenthesized: boolean } {
  const open = peek(cursor);
  if (open.kind !== 'open') return { ...parseLiteral(cursor), parenthesized: false };
  next(cursor);
  if (peek(cursor).kind === 'open')
    fail(cursor, peek(cursor), 'a filter; parentheses cannot be nested');
  const operands = [parseLiteral(cursor)];
  while (isKeyword(peek(cursor), 'OR')) {
    next(cursor);
    operands.push(parseLiteral(cursor));
  }
  const closing = peek(cursor);
  if (isKeyword(closing, 'AND')) {
    throw new SearchApiError(
      400,
      `${cursor.parameter}: AND is not allowed inside parentheses at position ${closing.position} ` +
        '(parentheses only group OR alternatives: write "A AND (B OR C)", not "(A AND B)" or "A OR (B AND C)")',
    );
  }
  if (closing.kind !== 'close') fail(cursor, closing, '"OR" or ")"');
  next(cursor);
  return { expression: orOf(cursor, operands), position: open.position, parenthesized: true };
}

function parseLiteral(cursor: Cursor): Located {
  const start = peek(cursor);
  if (!isKeyword(start, 'NOT')) return { expression: parseAtom(cursor), position: start.position };
  next(cursor);
  if (peek(cursor).kind === 'open') {
    throw new SearchApiError(
      400,
      `${cursor.parameter}: NOT applies to a single filter, not to a parenthesized group, at position ${start.position}`,
    );
  }
  return { expression: { kind: 'not', operand: parseAtom(cursor) }, position: start.position };
}

type FilterLeaf = Extract<FilterExpression, { kind: 'facet' | 'tag' | 'numeric' | 'range' }>;

function parseAtom(cursor: Cursor): FilterLeaf {
  const name = next(cursor);
  if (name.kind !== 'word') return fail(cursor, name, 'a filter');
  const after = peek(cursor);
  if (after.kind === 'colon') {
    next(cursor);
    return withScore(cursor, parseColonForm(cursor, name));
  }
  if (after.kind === 'comparison') {
    next(cursor);
    const operator = after.text;
    const value = readNumber(cursor, 'a number after the comparison');
    return withScore(cursor, {
      kind: 'numeric',
      attribute: attributeName(cursor, name),
      operator,
      value,
    });
  }
  return withScore(cursor, { kind: 'tag', value: name.text });
}

/** After `name:`: a facet value, a `_tags` value, or `lower TO upper`. */
function parseColonForm(cursor: Cursor, name: FilterToken & { kind: 'word' }): FilterLeaf {
  const value = peek(cursor);
  if (value.kind !== 'word') {
    fail(cursor, value, 'a value after ":"; quote values that are AND, OR, NOT or TO');
  }
  if (isKeyword(cursor.tokens[cursor.index + 1], 'TO')) {
    const lower = readNumber(cursor, 'a number before TO');
    next(cursor);
    const upper = readNumber(cursor, 'a number after TO');
    return { kind: 'range', attribute: attributeName(cursor, name), lower, upper };
  }
  next(cursor);
  if (name.text === '_tags') return { kind: 'tag', value: value.text };
  return { kind: 'facet', attribute: attributeName(cursor, name), value: value.text };
}

function withScore(cursor: Cursor, atom: FilterLeaf): FilterLeaf {
  const token = peek(cursor);
  if (token.kind !== 'score') return atom;
  next(cursor);
  return { ...atom, score: token.score };
}

function readNumber(cursor: Cursor, expected: string): number {
  const token = next(cursor);
  if (token.kind !== 'word' || token.quoted || !numberPattern.test(token.text)) {
    return fail(cursor, token, expected);
  }
  const value = Number(token.text) + 0; // + 0 turns -0 into 0
  if (Math.abs(value) > maxFilterNumber) {
    throw new SearchApiError(
      400,
      `${cursor.parameter}: number ${token.text} at position ${token.position} is out of range (±${maxFilterNumber})`,
    );
  }
  return value;
}

function attributeName(cursor: Cursor, name: FilterToken & { kind: 'word' }): string {
  if (name.text === '') {
    throw new SearchApiError(
      400,
      `${cursor.parameter}: empty attribute name at position ${name.position}`,
    );
  }
  return name.text;
}

/** One OR list: every operand must be of the same type (facet/tag, or numeric). */
function orOf(cursor: Cursor, operands: readonly Located[]): FilterExpression {
  const [first] = operands;
  if (first === undefined) return matchAll;
  if (operands.length === 1) return first.expression;
  const firstIsNumeric = isNumeric(first.expression);
  const odd = operands.find((operand) => isNumeric(operand.expression) !== firstIsNumeric);
  if (odd !== undefined) {
    throw new SearchApiError(
      400,
      `${cursor.parameter}: cannot combine numeric and facet/tag filters with OR at position ${odd.position} ` +
        '(OR only joins filters of the same type)',
    );
  }
  return { kind: 'or', operands: operands.map((operand) => operand.expression) };
}

function isNumeric(expression: FilterExpression): boolean {
  if (expression.kind === 'not') return isNumeric(expression.operand);
  return expression.kind === 'numeric' || expression.kind === 'range';
}

function rejectMixedOr(cursor: Cursor): void {
  const token = peek(cursor);
  if (isKeyword(token, 'OR')) throwMixed(cursor, token);
}

function throwMixed(cursor: Cursor, token: FilterToken): never {
  throw new SearchApiError(
    400,
    `${cursor.parameter}: cannot mix AND and OR without parentheses at position ${token.position} ` +
      '(write "A AND (B OR C)")',
  );
}

function expectEnd(cursor: Cursor, alternatives: string): void {
  const token = peek(cursor);
  if (token.kind !== 'end') fail(cursor, token, `${alternatives} or end of input`);
}

function isKeyword(token: FilterToken | undefined, keyword: string): boolean {
  return token?.kind === 'keyword' && token.text === keyword;
}

function peek(cursor: Cursor): FilterToken {
  // The tokenizer always ends with an `end` token, and `next` never moves past it.
  return cursor.tokens[cursor.index] ?? { kind: 'end', text: '', position: 0 };
}

function next(cursor: Cursor): FilterToken {
  const token = peek(cursor);
  if (token.kind !== 'end') cursor.index++;
  return token;
}

function fail(cursor: Cursor, token: FilterToken, expected: string): never {
  const found =
    token.kind === 'end' ? 'unexpected end of input' : `unexpected token ${describeToken(token)}`;
  throw new SearchApiError(
    400,
    `${cursor.parameter}: ${found} at position ${token.position} (expected ${expected})`,
  );
}
