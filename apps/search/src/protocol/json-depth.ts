/**
 * Nesting depth of client JSON. Everything that walks a parsed body (the search-cache key, record flattening,
 * highlighting, the store's serialisation) recurses once per level: a body nested 100,000 deep would overflow
 * the stack there, as a 500. Refusing it while it is still text keeps every walker safe.
 */
import { SearchApiError } from './search-api-error.ts';

/**
 * Deepest nesting of arrays and objects a request body may have. The deepest shapes of the protocol (a rule
 * batch down to a facet ordering, a batch down to a record's attribute) use about ten; records get the rest.
 */
export const maxJsonDepth = 100;

const quote = 0x22;
const backslash = 0x5c;
const openArray = 0x5b;
const openObject = 0x7b;
const closeArray = 0x5d;
const closeObject = 0x7d;

/**
 * Throws when `text`, read as JSON, nests arrays and objects deeper than `maxJsonDepth`. Linear, without
 * recursion; brackets inside strings do not count. Invalid JSON is left for `JSON.parse` to report.
 * `'{"a":[[1]]}'` → fine (depth 3); `'['.repeat(101)` → throws.
 * @param what - names the JSON in the message: `The request body`, `facetFilters`.
 * @throws SearchApiError 400 `<what> nests arrays and objects more than 100 levels deep`.
 */
export function assertJsonDepth(text: string, what: string): void {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === quote) {
      at = closingQuote(text, at);
    } else if (code === openArray || code === openObject) {
      depth += 1;
      if (depth > maxJsonDepth) {
        throw new SearchApiError(
          400,
          `${what} nests arrays and objects more than ${maxJsonDepth} levels deep`,
        );
      }
    } else if (code === closeArray || code === closeObject) {
      depth -= 1;
    }
  }
}

/** Position of the quote that closes the string opened at `open` (the text's end if none). */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === backslash) slashes += 1;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}
