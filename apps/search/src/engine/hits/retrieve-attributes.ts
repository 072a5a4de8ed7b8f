/**
 * Reduces a record to the attributes a caller may see: `attributesToRetrieve` (`["*"]` = all, `"-cost"`
 * excludes, nested `"specs.color"` picks a sub-object), minus `unretrievableAttributes` unless the caller may
 * see them; `objectID` is always kept.
 */
import { isRecordObject, pathSegments } from '../records/record-paths.ts';
import type { SearchRecord } from '../types.ts';

/** `value` without the path `segments[depth…]`; through arrays, from each of their items (`performers.role`). */
function omitPath(value: unknown, segments: readonly string[], depth: number): unknown {
  if (Array.isArray(value)) return value.map((item) => omitPath(item, segments, depth));
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

/** `attributesToRetrieve` and the hidden paths of one search, split once into the paths to pick and to omit. */
interface Projection {
  readonly everyAttribute: boolean;
  readonly picks: readonly (readonly string[])[];
  readonly omissions: readonly (readonly string[])[];
}

/**
 * The last projection built and the two lists it was built from: a search passes the same arrays for each of its
 * hits (and searches with the index's settings, the same arrays every time). Kept as one strong entry rather
 * than a WeakMap keyed by the lists: a request's lists are fresh arrays, and weak entries with short-lived keys
 * make every minor GC slower.
 */
let lastProjection:
  | {
      readonly attributesToRetrieve: readonly string[];
      readonly unretrievable: readonly string[];
      readonly projection: Projection;
    }
  | undefined;

function projectionOf(
  attributesToRetrieve: readonly string[],
  unretrievable: readonly string[],
): Projection {
  if (
    lastProjection !== undefined &&
    lastProjection.attributesToRetrieve === attributesToRetrieve &&
    lastProjection.unretrievable === unretrievable
  )
    return lastProjection.projection;
  const exclusions = attributesToRetrieve
    .filter((entry) => entry.startsWith('-'))
    .map((entry) => entry.slice(1));
  const projection: Projection = {
    everyAttribute: attributesToRetrieve.includes('*'),
    picks: attributesToRetrieve.filter((path) => !path.startsWith('-')).map(pathSegments),
    omissions: [...exclusions, ...unretrievable]
      .filter((path) => path !== 'objectID')
      .map(pathSegments),
  };
  lastProjection = { attributesToRetrieve, unretrievable, projection };
  return projection;
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
  const { everyAttribute, picks, omissions } = projectionOf(attributesToRetrieve, unretrievable);
  let projected: unknown = record;
  if (!everyAttribute) {
    const picked: Record<string, unknown> = {};
    for (const segments of picks) pickPath(record, picked, segments, 0);
    projected = picked;
  }
  for (const segments of omissions) projected = omitPath(projected, segments, 0);
  // `projected` is a fresh object unless every attribute was kept: only then is a copy needed.
  if (projected === record) return { ...record };
  const result = (isRecordObject(projected) ? projected : {}) as Record<string, unknown>;
  result['objectID'] = record.objectID;
  return result as SearchRecord;
}

/** True when `path` (or one of its ancestors) is listed in `paths`. */
export function isPathListed(path: string, paths: readonly string[]): boolean {
  return paths.some((listed) => path === listed || path.startsWith(`${listed}.`));
}
