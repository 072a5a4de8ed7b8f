/**
 * Typed readers for raw Algolia parameters. Each accepts the JSON form (v5 clients) and the string form (v4
 * `params` strings, query strings), and throws a 400 naming the parameter when the value does not fit.
 */
import { SearchApiError } from './search-api-error.ts';

/**
 * Reads a boolean: `true`/`false`, `"true"`/`"false"`, `1`/`0`, `"1"`/`"0"`.
 * @throws SearchApiError 400 `<name> must be a boolean`.
 */
export function readBoolean(value: unknown, name: string): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw new SearchApiError(400, `${name} must be a boolean`);
}

/**
 * Reads an integer in `[min, max]` from a number or a decimal string.
 * @throws SearchApiError 400 `<name> must be an integer between <min> and <max>`.
 */
export function readInteger(value: unknown, name: string, min: number, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new SearchApiError(400, `${name} must be an integer between ${min} and ${max}`);
  }
  return number;
}

/**
 * Reads a string; numbers and booleans are accepted and converted (a v4 params string cannot tell them apart).
 * @throws SearchApiError 400 `<name> must be a string`.
 */
export function readString(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new SearchApiError(400, `${name} must be a string`);
}

/**
 * Reads one of `choices`.
 * @throws SearchApiError 400 `<name> must be one of a, b, c`.
 */
export function readEnum<TChoice extends string>(
  value: unknown,
  name: string,
  choices: readonly TChoice[],
): TChoice {
  const found = choices.find((choice) => choice === value);
  if (found === undefined)
    throw new SearchApiError(400, `${name} must be one of ${choices.join(', ')}`);
  return found;
}

/**
 * Reads a list of strings in any of the four forms clients send (docs/api.md §3.1): a JSON array, a JSON array
 * encoded as a string, a comma-separated string, or a single string.
 * `'["a","b"]'` → `['a', 'b']`; `'a,b'` → `['a', 'b']`; `'a'` → `['a']`; `''` → `[]`.
 * @throws SearchApiError 400 `<name> must be a list of strings`.
 */
export function readStringList(value: unknown, name: string): string[] {
  const list = typeof value === 'string' ? splitListString(value, name) : value;
  if (!Array.isArray(list)) throw new SearchApiError(400, `${name} must be a list of strings`);
  return list.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw new SearchApiError(400, `${name} must be a list of strings`);
  });
}

function splitListString(value: string, name: string): unknown {
  const trimmed = value.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) return parseJsonText(trimmed, name);
  return trimmed.split(',').map((item) => item.trim());
}

/**
 * Parses a JSON text found inside a string parameter (`facetFilters=%5B…%5D`).
 * @throws SearchApiError 400 `<name> is not valid JSON`.
 */
export function parseJsonText(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SearchApiError(400, `${name} is not valid JSON`, { cause: error });
  }
}

/**
 * Reads a boolean or a list of language codes (`ignorePlurals`, `removeStopWords`).
 * `"true"` → true; `"fr,en"` → `['fr', 'en']`; `["fr"]` → `['fr']`.
 */
export function readBooleanOrList(value: unknown, name: string): boolean | string[] {
  if (value === true || value === false || value === 'true' || value === 'false') {
    return value === true || value === 'true';
  }
  return readStringList(value, name);
}

/**
 * Reads a JSON value that may arrive as JSON text in a string (`facetFilters`, `optionalFilters`): strings that
 * start with `[` are parsed, other strings are returned as they are.
 */
export function readJsonOrString(value: unknown, name: string): unknown {
  if (typeof value === 'string' && value.trimStart().startsWith('['))
    return parseJsonText(value, name);
  return value;
}
