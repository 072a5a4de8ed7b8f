/**
 * Browse cursors (docs/api.md §2.5): opaque to clients (sealed with a key derived from the admin key), they
 * carry the browse parameters and where the next page starts (the previous page's last record: its values on
 * the browse criteria and its `objectID`, see `engine/browse/browse-window.ts`), so a request with only `cursor`
 * continues where the previous page ended, even when records were written in between.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { BrowseValue, BrowseCursor as EnginePosition } from '../engine/index.ts';
import { isJsonObject, type RawParams } from './decode-params.ts';
import { SearchApiError } from './search-api-error.ts';

/** Where a browse continues: its parameters and the engine's position. */
export interface BrowseCursor {
  readonly params: RawParams;
  readonly position: EnginePosition;
}

/**
 * The key that seals cursors: derived from the admin key, so every worker process and every restart with the
 * same keys reads the cursors the others wrote.
 */
export function browseCursorKey(adminKey: string): Buffer {
  return createHash('sha256').update('vitrine browse cursor\0').update(adminKey).digest();
}

/**
 * `{ params, position }` → a base64url string, sealed (AES-256-GCM, bound to `indexName`): the position holds
 * the last record's ranking values, which may be attributes the caller cannot retrieve, and a sealed cursor
 * can be neither forged nor replayed on another index.
 */
export function encodeBrowseCursor(cursor: BrowseCursor, key: Buffer, indexName: string): string {
  const { after, page } = cursor.position;
  const wire = { p: cursor.params, v: after.values, l: after.levels, i: after.objectID, n: page };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(indexName, 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(wire), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * @param indexName - the index browsed: a cursor issued for another index does not open.
 * @throws SearchApiError 400 `cursor is not valid` for anything this service did not produce for this index.
 */
export function decodeBrowseCursor(value: unknown, key: Buffer, indexName: string): BrowseCursor {
  if (typeof value !== 'string' || value === '') throw invalidCursor();
  let parsed: unknown;
  try {
    const bytes = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    decipher.setAAD(Buffer.from(indexName, 'utf8'));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    parsed = JSON.parse(text.toString('utf8'));
  } catch (error) {
    throw invalidCursor(error);
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed['p'])) throw invalidCursor();
  const { v: values, l: levels, i: objectID, n: page } = parsed;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1) throw invalidCursor();
  if (typeof objectID !== 'string' || !Array.isArray(values) || !values.every(isBrowseValue))
    throw invalidCursor();
  if (!Array.isArray(levels) || !levels.every((level) => typeof level === 'string'))
    throw invalidCursor();
  return { params: parsed['p'], position: { after: { values, levels, objectID }, page } };
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
