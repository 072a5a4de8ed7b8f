/**
 * Browse cursors (PROTOCOL.md §2.5): opaque to clients, they carry the browse parameters and where the next page
 * starts (the previous page's last record: its values on the browse criteria and its `objectID`, see
 * `engine/browse-window.ts`), so a request with only `cursor` continues where the previous page ended, even
 * when records were written in between.
 */
import type { BrowseValue } from '../engine/browse-levels.ts';
import type { BrowseCursor as EnginePosition } from '../engine/search-index.ts';
import { isJsonObject, type RawParams } from './decode-params.ts';
import { SearchApiError } from './search-api-error.ts';

/** Where a browse continues: its parameters and the engine's position. */
export interface BrowseCursor {
  readonly params: RawParams;
  readonly position: EnginePosition;
}

/** `{ params, position }` → a base64url string. */
export function encodeBrowseCursor(cursor: BrowseCursor): string {
  const { after, page } = cursor.position;
  const wire = { p: cursor.params, v: after.values, i: after.objectID, n: page };
  return Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
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
  const { v: values, i: objectID, n: page } = parsed;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1) throw invalidCursor();
  if (typeof objectID !== 'string' || !Array.isArray(values) || !values.every(isBrowseValue))
    throw invalidCursor();
  return { params: parsed['p'], position: { after: { values, objectID }, page } };
}

function isBrowseValue(value: unknown): value is BrowseValue {
  return value === null || typeof value === 'string' || Number.isFinite(value);
}

function invalidCursor(cause?: unknown): SearchApiError {
  return new SearchApiError(
    400,
    'cursor is not valid',
    cause === undefined ? undefined : { cause },
  );
}
