/**
 * Algolia's array filter forms (docs/api.md §3.4) → `FilterExpression`. Each parameter goes through
 * `parseFilterList` first, so every accepted encoding (JSON array, JSON string, comma string) lands here as the
 * same list: outer items are ANDed, a nested array is one OR group.
 */
import { type FilterExpression, matchAll } from '../engine/index.ts';
import { type FilterList, parseFilterList } from './parse-filter-list.ts';
import { parseFilterString } from './parse-filter-string.ts';
import { SearchApiError } from './search-api-error.ts';
import { maxFilterScore, tokenizeFilters } from './tokenize-filters.ts';

/** Algolia's cap on filters in one query (docs/api.md §8). */
export const maxFiltersPerQuery = 1000;

type ParseItem = (text: string, where: string) => FilterExpression;

/**
 * Parses `facetFilters`. Split at the first `:`; a value starting with `-` negates, `\-` is a literal `-`;
 * `_tags:x` is a tag filter.
 * `["color:red", ["brand:Acme", "brand:-Zed"]]` → and(facet(color = red), or(facet(brand = Acme),
 * not(facet(brand = Zed)))); `"count:\-12"` → facet(count = -12).
 * @param value - any encoding `parseFilterList` accepts.
 * @param maxFilters - more filters than this is a 400; defaults to 1,000.
 */
export function parseFacetFilters(
  value: unknown,
  maxFilters = maxFiltersPerQuery,
): FilterExpression {
  return parseList(value, 'facetFilters', maxFilters, (text, where) =>
    parseFacetItem(text, where, false),
  );
}

/**
 * Parses `optionalFilters`: the `facetFilters` shapes plus a trailing `<score=N>` (0–65,535). A negated item
 * (`brand:-Zed`) buries: the score sits on the facet inside the `not`, and records *without* the value get it.
 * `["brand:Acme<score=3>", ["color:red", "color:-blue"]]` → and(facet(brand = Acme, score 3),
 * or(facet(color = red), not(facet(color = blue)))).
 * @param value - any encoding `parseFilterList` accepts.
 * @param maxFilters - more filters than this is a 400; defaults to 1,000.
 */
export function parseOptionalFilters(
  value: unknown,
  maxFilters = maxFiltersPerQuery,
): FilterExpression {
  return parseList(value, 'optionalFilters', maxFilters, (text, where) =>
    parseFacetItem(text, where, true),
  );
}

/**
 * Parses `numericFilters`: `attribute op number` or `attribute:lower TO upper`, nested arrays for OR, no
 * AND/OR/NOT keywords. `["price>=10", ["stock = 0", "rating:4 TO 5"]]` → and(numeric(price >= 10),
 * or(numeric(stock = 0), range(rating 4–5))).
 * @param value - any encoding `parseFilterList` accepts.
 * @param maxFilters - more filters than this is a 400; defaults to 1,000.
 */
export function parseNumericFilters(
  value: unknown,
  maxFilters = maxFiltersPerQuery,
): FilterExpression {
  return parseList(value, 'numericFilters', maxFilters, parseNumericItem);
}

/**
 * Parses `tagFilters` (values of `_tags`, case-sensitive); `-x` negates, `\-x` is the literal tag `-x`.
 * `["sale", ["new", "hot"], "-archived"]` or `"sale,(new,hot),-archived"` → and(tag(sale), or(tag(new),
 * tag(hot)), not(tag(archived))).
 * @param value - any encoding `parseFilterList` accepts.
 * @param maxFilters - more filters than this is a 400; defaults to 1,000.
 */
export function parseTagFilters(value: unknown, maxFilters = maxFiltersPerQuery): FilterExpression {
  return parseList(value, 'tagFilters', maxFilters, (text) =>
    negatable(text, (tag) => ({ kind: 'tag', value: tag })),
  );
}

/**
 * Number of leaf filters (facet, tag, numeric, range) in a tree: what the 1,000-filter limit counts.
 * and(facet, or(facet, not(tag))) → 3.
 */
export function countFilters(expression: FilterExpression): number {
  if (expression.kind === 'and' || expression.kind === 'or') {
    return expression.operands.reduce((total, operand) => total + countFilters(operand), 0);
  }
  if (expression.kind === 'not') return countFilters(expression.operand);
  return 1;
}

/**
 * Throws a 400 naming `parameter` when `count` is over `maxFilters`.
 * @param parameter - the wire name (or names) the filters came from.
 */
export function checkFilterCount(
  count: number,
  parameter: string,
  maxFilters = maxFiltersPerQuery,
): void {
  if (count > maxFilters) {
    throw new SearchApiError(
      400,
      `${parameter}: ${count} filters, at most ${maxFilters} are allowed per query`,
    );
  }
}

function parseList(
  value: unknown,
  parameter: string,
  maxFilters: number,
  parseItem: ParseItem,
): FilterExpression {
  const list: FilterList = parseFilterList(value, parameter);
  checkFilterCount(
    list.reduce((total, item) => total + (typeof item === 'string' ? 1 : item.length), 0),
    parameter,
    maxFilters,
  );
  const groups: FilterExpression[] = [];
  list.forEach((item, index) => {
    if (typeof item === 'string') {
      groups.push(parseItem(item, `${parameter}[${index}]`));
      return;
    }
    const operands = item.map((text, inner) => parseItem(text, `${parameter}[${index}][${inner}]`));
    const [only] = operands;
    if (operands.length > 1) groups.push({ kind: 'or', operands });
    else if (only !== undefined) groups.push(only);
  });
  const [first] = groups;
  if (groups.length > 1) return { kind: 'and', operands: groups };
  return first ?? matchAll;
}

function parseFacetItem(text: string, where: string, allowScore: boolean): FilterExpression {
  const { body, score } = allowScore ? splitScore(text, where) : { body: text, score: undefined };
  const colon = body.indexOf(':');
  if (colon <= 0) {
    throw new SearchApiError(
      400,
      `${where}: expected "attribute:value", got ${JSON.stringify(text)}`,
    );
  }
  const attribute = body.slice(0, colon);
  return negatable(body.slice(colon + 1), (value) => {
    const leaf: FilterExpression =
      attribute === '_tags' ? { kind: 'tag', value } : { kind: 'facet', attribute, value };
    return score === undefined ? leaf : { ...leaf, score };
  });
}

/** `-x` → not(x); `\-x` → the literal `-x`; anything else as is. */
function negatable(raw: string, leaf: (value: string) => FilterExpression): FilterExpression {
  if (raw.startsWith('-')) return { kind: 'not', operand: leaf(unescapeDash(raw.slice(1))) };
  return leaf(unescapeDash(raw));
}

/** `\-x` is the literal `-x`, negated or not (`-\-20%` excludes the value `-20%`). */
function unescapeDash(value: string): string {
  return value.startsWith('\\-') ? value.slice(1) : value;
}

function splitScore(text: string, where: string): { body: string; score: number | undefined } {
  const match = /<score=(\d+)>\s*$/.exec(text);
  if (match?.[1] === undefined) return { body: text, score: undefined };
  const score = Number(match[1]);
  if (score > maxFilterScore) {
    throw new SearchApiError(
      400,
      `${where}: score ${score} is out of range (0 to ${maxFilterScore})`,
    );
  }
  return { body: text.slice(0, match.index), score };
}

function parseNumericItem(text: string, where: string): FilterExpression {
  const keyword = tokenizeFilters(text, where).find(
    (token) => token.kind === 'keyword' && token.text !== 'TO',
  );
  if (keyword !== undefined) {
    throw new SearchApiError(
      400,
      `${where}: boolean operator "${keyword.text}" at position ${keyword.position} is not allowed in numericFilters (nest arrays for OR)`,
    );
  }
  const expression = parseFilterString(text, where);
  if (expression.kind !== 'numeric' && expression.kind !== 'range') {
    throw new SearchApiError(
      400,
      `${where}: expected a numeric filter like "price>=10" or "price:10 TO 20", got ${JSON.stringify(text)}`,
    );
  }
  return expression;
}
