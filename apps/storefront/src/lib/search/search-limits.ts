/** Longest query the search box accepts; the search service refuses queries over 512 bytes too. */
export const maxQueryLength = 512;

/**
 * Cuts a query to what the search service accepts: at most `maxQueryLength` characters and bytes of
 * UTF-8 (the field's `maxLength` counts characters, the service counts bytes), never inside a character.
 */
export function fitQuery(query: string): string {
  const encoder = new TextEncoder();
  let fitted = [...query].slice(0, maxQueryLength).join('');
  while (encoder.encode(fitted).length > maxQueryLength) fitted = [...fitted].slice(0, -1).join('');
  return fitted;
}
