/**
 * Browse cursors (PROTOCOL.md §2.5): opaque to clients, they carry the browse parameters and the next page, so a
 * request with only `cursor` continues where the previous page ended.
 */
import { isJsonObject, type RawParams } from './decode-params.ts';
import { SearchApiError } from './search-api-error.ts';

/** Where a browse continues: its parameters and how many records were returned already. */
export interface BrowseCursor {
  readonly params: RawParams;
  /** Records already returned. */
  readonly offset: number;
}

/** `{ params: { filters: 'a:b' }, offset: 2000 }` → a base64url string. */
export function encodeBrowseCursor(cursor: BrowseCursor): string {
  return Buffer.from(JSON.stringify({ p: cursor.params, o: cursor.offset }), 'utf8').toString(
    'base64url',
  );
}

/** @throws SearchApiError 400 `cursor is not valid` for anything this service did not produce. */
export function decodeBrowseCursor(value: unknown): BrowseCursor {
  if (typeof value !== 'string' || value === '') throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch (error) {
    throw invalidCursor(error);
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed['p'])) throw invalidCursor();
  const offset = parsed['o'];
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
    throw invalidCursor();
  return { params: parsed['p'], offset };
}

function invalidCursor(cause?: unknown): SearchApiError {
  return new SearchApiError(
    400,
    'cursor is not valid',
    cause === undefined ? undefined : { cause },
  );
}
