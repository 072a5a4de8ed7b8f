/**
 * Reduces a record to the attributes a caller may see: `attributesToRetrieve` (`["*"]` = all, `"-cost"`
 * excludes, nested `"specs.color"` picks a sub-object), minus `unretrievableAttributes` unless the caller may
 * see them; `objectID` is always kept.
 */
import { isRecordObject, pathSegments } from './record-paths.ts';
import type { SearchRecord } from './types.ts';

function omitPath(value: unknown, segments: readonly string[], depth: number): unknown {
  if (!isRecordObject(value)) return value;
  const key = segments[depth] ?? '';
  if (!Object.hasOwn(value, key)) return value;
  const copy: Record<string, unknown> = { ...value };
  if (depth === segments.length - 1) delete copy[key];
  else copy[key] = omitPath(value[key], segments, depth + 1);
  return copy;
}

function pickPath(
  source: unknown,
  target: Record<string, unknown>,
  segments: readonly string[],
  depth: number,
): void {
  if (!isRecordObject(source)) return;
  const key = segments[depth] ?? '';
  if (!Object.hasOwn(source, key)) return;
  const value = source[key];
  if (depth === segments.length - 1 || !isRecordObject(value)) {
    target[key] = value;
    return;
  }
  const existing = target[key];
  const nested: Record<string, unknown> = isRecordObject(existing) ? { ...existing } : {};
  pickPath(value, nested, segments, depth + 1);
  target[key] = nested;
}

/**
 * The visible copy of `record` (the stored record itself is never modified).
 * @param attributesToRetrieve - e.g. `["*"]`, `["*", "-cost"]`, `["name", "specs.color"]`.
 * @param unretrievable - attribute paths to remove (pass `[]` when the caller may see them).
 */
export function projectRecord(
  record: SearchRecord,
  attributesToRetrieve: readonly string[],
  unretrievable: readonly string[],
): SearchRecord {
  const exclusions = attributesToRetrieve
    .filter((entry) => entry.startsWith('-'))
    .map((entry) => entry.slice(1));
  let projected: unknown;
  if (attributesToRetrieve.includes('*')) {
    projected = record;
  } else {
    const picked: Record<string, unknown> = {};
    for (const path of attributesToRetrieve) {
      if (!path.startsWith('-')) pickPath(record, picked, pathSegments(path), 0);
    }
    projected = picked;
  }
  for (const path of [...exclusions, ...unretrievable]) {
    if (path !== 'objectID') projected = omitPath(projected, pathSegments(path), 0);
  }
  const result = isRecordObject(projected) ? projected : {};
  return { ...result, objectID: record.objectID };
}

/** True when `path` (or one of its ancestors) is listed in `paths`. */
export function isPathListed(path: string, paths: readonly string[]): boolean {
  return paths.some((listed) => path === listed || path.startsWith(`${listed}.`));
}
