/**
 * PostgreSQL (and PGlite) refuse NUL characters in `text` and `jsonb`, and `jsonb` refuses unpaired UTF-16
 * surrogates: such values are caller mistakes (400), checked before anything reaches the store.
 */
import { SearchApiError } from './search-api-error.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must be found
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unstorableGlobal = new RegExp(unstorable.source, 'g');

/**
 * The string with NUL characters and unpaired surrogates replaced by U+FFFD, for text that must be stored or
 * URL-encoded anyway (search log entries, the `params` echo). `'a\u0000b'` → `'a\ufffdb'`.
 */
export function toStorableText(text: string): string {
  return isStorableText(text) ? text : text.replace(unstorableGlobal, '\ufffd');
}

/** Whether a string can be stored as text/jsonb. */
export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/**
 * Walks a JSON value (keys and strings).
 * @param where - names the value in the error message (`requests[3].body`).
 * @throws SearchApiError 400 when a string holds a NUL character or an unpaired surrogate.
 */
export function assertStorable(value: unknown, where: string): void {
  if (!isStorable(value, 0)) throw unstorableError(where);
}

/** The 400 for a value that cannot be stored; `where` names it (`requests[3].body`). */
export function unstorableError(where: string): SearchApiError {
  return new SearchApiError(
    400,
    `${where} contains a NUL character or an unpaired surrogate, which cannot be stored`,
  );
}

/**
 * Whether a JSON value is storable, given its `JSON.stringify` text. That text holds a NUL character or an
 * unpaired surrogate only as a `\u` escape (every other character is written as itself or a one-letter
 * escape), so a text without `\u` anywhere is storable — the common case, one scan of one string instead of a
 * walk over the value; a text with one (an escape, or a backslash followed by `u` in a string) is decided by
 * walking `value`.
 */
export function isStorableJson(value: unknown, json: string): boolean {
  return !json.includes('\\u') || isStorable(value, 0);
}

function isStorable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth > 1000) return false;
  if (Array.isArray(value)) return value.every((item) => isStorable(item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => isStorableText(key) && isStorable(item, depth + 1),
  );
}
