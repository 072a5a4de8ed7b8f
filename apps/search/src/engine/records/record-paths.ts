/**
 * Reading record values by Algolia attribute paths: `brand`, nested `specs.color`, and arrays anywhere along
 * the path (`variants.color` reads the color of every variant).
 */

/** Splits `a.b.c` once; cached because the same few paths are read for every record. */
const pathCache = new Map<string, readonly string[]>();

/** The path's segments: `"specs.color"` → `["specs", "color"]`. */
export function pathSegments(path: string): readonly string[] {
  let segments = pathCache.get(path);
  if (segments === undefined) {
    segments = path.split('.');
    pathCache.set(path, segments);
  }
  return segments;
}

function isRecordObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function collect(value: unknown, segments: readonly string[], depth: number, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, segments, depth, out);
    return;
  }
  if (depth === segments.length) {
    if (value !== undefined && value !== null) out.push(value);
    return;
  }
  if (!isRecordObject(value)) return;
  const segment = segments[depth] ?? '';
  if (Object.hasOwn(value, segment)) collect(value[segment], segments, depth + 1, out);
}

/**
 * Every leaf value at `path`, arrays flattened: `{variants:[{color:'red'},{color:['blue']}]}` and
 * `variants.color` → `['red', 'blue']`. Objects at the end of the path are returned as they are.
 */
export function valuesAtPath(record: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(record, pathSegments(path), 0, out);
  return out;
}

function pick(value: unknown, paths: readonly (readonly string[])[], depth: number): unknown {
  if (paths.some((segments) => segments.length === depth)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => pick(item, paths, depth)).filter((item) => item !== undefined);
  }
  if (!isRecordObject(value)) return undefined;
  const picked: Record<string, unknown> = {};
  for (const key of new Set(paths.map((segments) => segments[depth] ?? ''))) {
    if (!Object.hasOwn(value, key)) continue;
    const child = pick(
      value[key],
      paths.filter((segments) => segments[depth] === key),
      depth + 1,
    );
    if (child !== undefined) picked[key] = child;
  }
  return picked;
}

/**
 * A copy of `record` holding only `paths`, in the record's own shape (an array of objects stays an array of the
 * same objects, cut down): `{editions:[{format:'Ebook', year:2001}]}` and `['editions.format']` →
 * `{editions:[{format:'Ebook'}]}`. Values left out stay undefined; array elements that cannot hold the path
 * (scalars) are dropped.
 */
export function pickPaths(record: unknown, paths: readonly string[]): Record<string, unknown> {
  const picked = pick(record, paths.map(pathSegments), 0);
  return isRecordObject(picked) ? picked : {};
}

/** Calls `visit` for every string, number and boolean under `value` (objects and arrays walked depth first). */
export function forEachLeaf(
  value: unknown,
  visit: (leaf: string | number | boolean) => void,
): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    visit(value);
  } else if (Array.isArray(value)) {
    for (const item of value) forEachLeaf(item, visit);
  } else if (isRecordObject(value)) {
    for (const key of Object.keys(value)) forEachLeaf(value[key], visit);
  }
}

/** A facet / filter value as text: strings as they are, numbers in JS decimal form, booleans `true`/`false`. */
export function scalarToText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/** A value as a number for numeric filters and sorting: numbers, and booleans as 1/0. */
export function scalarToNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** True for a plain (non-array) object. */
export { isRecordObject };
