/**
 * The one normaliser for Algolia's list-shaped filter parameters (`facetFilters`, `numericFilters`,
 * `tagFilters`, `optionalFilters`). docs/api.md §3.1: each may arrive as a JSON array (v5), a JSON-array string
 * (v4 `params` strings, possibly still URL-encoded), a comma-separated string (the helper sends `tagFilters:
 * "a,b"`), or one string.
 */
import { SearchApiError } from './search-api-error.ts';

/** Outer array = AND; a nested array = OR of its strings (one nesting level only). */
export type FilterList = readonly (string | readonly string[])[];

/**
 * Normalises any accepted encoding of a list filter parameter to one shape.
 * - `[["brand:LG","brand:Sony"],"color:red"]` → the same array
 * - `'[["brand:LG"]]'` or `'%5B%5B%22brand%3ALG%22%5D%5D'` → `[["brand:LG"]]`
 * - `'sale,(new,hot), -old'` → `["sale", ["new", "hot"], "-old"]` (items trimmed, `(…)` is an OR group)
 * - `'brand:LG'` → `["brand:LG"]`; `undefined`, `null`, `''` → `[]`
 *
 * Comma-separated strings cannot carry values that contain commas or parentheses; clients that need them send
 * the JSON form, as the official ones do.
 * @param value - the raw parameter value.
 * @param parameter - the wire name used in error messages.
 * @throws SearchApiError 400 for invalid JSON, deeper nesting, non-string items or unbalanced parentheses.
 */
export function parseFilterList(value: unknown, parameter: string): FilterList {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return checkList(value, parameter);
  if (typeof value !== 'string') {
    throw new SearchApiError(400, `${parameter} must be a string or an array of strings`);
  }
  const text = value.trim();
  if (/^%5b/i.test(text)) return parseJsonList(decodeList(text, parameter), parameter);
  if (text.startsWith('[')) return parseJsonList(text, parameter);
  return splitCommaList(text, parameter);
}

function decodeList(text: string, parameter: string): string {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    throw new SearchApiError(400, `${parameter}: invalid URL encoding`, { cause: error });
  }
}

function parseJsonList(text: string, parameter: string): FilterList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SearchApiError(400, `${parameter}: invalid JSON array`, { cause: error });
  }
  if (!Array.isArray(parsed)) {
    throw new SearchApiError(400, `${parameter} must be a string or an array of strings`);
  }
  return checkList(parsed, parameter);
}

function checkList(items: readonly unknown[], parameter: string): FilterList {
  return items.map((item, index) => {
    if (typeof item === 'string') return item;
    if (!Array.isArray(item)) {
      throw new SearchApiError(
        400,
        `${parameter}[${index}] must be a string or an array of strings`,
      );
    }
    return item.map((inner: unknown, innerIndex) => {
      if (typeof inner === 'string') return inner;
      throw new SearchApiError(
        400,
        Array.isArray(inner)
          ? `${parameter}[${index}][${innerIndex}]: arrays may only be nested one level deep`
          : `${parameter}[${index}][${innerIndex}] must be a string`,
      );
    });
  });
}

/** `a,(b,c),d` → `["a", ["b", "c"], "d"]`. */
function splitCommaList(text: string, parameter: string): FilterList {
  const items: (string | string[])[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index <= text.length; index++) {
    const character = text.charAt(index);
    if (character === '(') depth++;
    if (character === ')') depth--;
    if (depth < 0 || depth > 1) {
      throw new SearchApiError(
        400,
        `${parameter}: unbalanced or nested parentheses at position ${index}`,
      );
    }
    if (index === text.length || (character === ',' && depth === 0)) {
      const item = text.slice(start, index).trim();
      if (item !== '') items.push(toItem(item));
      start = index + 1;
    }
  }
  if (depth !== 0) {
    throw new SearchApiError(400, `${parameter}: unbalanced parentheses (missing ")")`);
  }
  return items;
}

function toItem(item: string): string | string[] {
  if (!(item.startsWith('(') && item.endsWith(')'))) return item;
  return item
    .slice(1, -1)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
