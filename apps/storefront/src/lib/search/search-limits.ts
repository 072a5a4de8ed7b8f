/** Longest query the search box accepts; the search service refuses queries over 512 bytes too. */
export const maxQueryLength = 512;

/** A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4). */
const surelyFitting = Math.floor(maxQueryLength / 3);

const encoder = new TextEncoder();

/**
 * Cuts a query to what the search service accepts: at most `maxQueryLength` characters and bytes of
 * UTF-8 (the field's `maxLength` counts characters, the service counts bytes), never inside a character.
 * Applied where a query enters the page: the address (`url-state.ts`, on the server and in the browser)
 * and the search field. A query of up to 170 code units (every typed query, nearly) is returned at once.
 */
export function fitQuery(query: string): string {
  if (query.length <= surelyFitting) return query;
  let bytes = 0;
  let characters = 0;
  let end = 0;
  for (const character of query) {
    bytes += encoder.encode(character).length;
    characters += 1;
    if (bytes > maxQueryLength || characters > maxQueryLength) break;
    end += character.length;
  }
  return query.slice(0, end);
}
