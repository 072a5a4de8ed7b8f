/**
 * The settings an index's structures are built from (as opposed to the ones a search reads): two indices whose
 * indexing settings are equal and that hold the same records have identical records, text index and columns,
 * which is what lets a standard replica share its primary's (`SearchIndex.shareWith`).
 */
import type { IndexSettings } from '../types.ts';

/** Settings whose change requires re-reading every record's text. */
export const textSettings = [
  'searchableAttributes',
  'camelCaseAttributes',
  'separatorsToIndex',
  'keepDiacriticsOnCharacters',
] as const;

/** Settings whose change requires new facet columns. */
export const columnSettings = ['attributesForFaceting', 'attributeForDistinct'] as const;

/** Whether two settings values are the same (compared as JSON, so equal lists in equal order). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `a` and `b` differ in a setting of `keys`. */
export function differIn(
  keys: readonly (keyof IndexSettings)[],
  a: IndexSettings,
  b: IndexSettings,
): boolean {
  return keys.some((key) => !sameValue(a[key], b[key]));
}

/** Whether indices with settings `a` and `b` build the same text index and columns from the same records. */
export function sameIndexing(a: IndexSettings, b: IndexSettings): boolean {
  return !differIn(textSettings, a, b) && !differIn(columnSettings, a, b);
}
