/** Top-level category names of the Luma tree; a path that names one of them mid-way is two paths glued. */
const roots = new Set(['Men', 'Women', 'Gear', 'Collections', 'Promotions', 'Training']);

/**
 * Cleans Luma category paths: a few are several paths concatenated
 * (`Gear/Bags/Collections/Erin Recommends` → `[Gear, Bags]` and `[Collections, Erin Recommends]`),
 * so a path is split wherever a root name reappears; duplicates are dropped and order is kept.
 * @param paths - slash-separated paths from the source data.
 * @returns paths as arrays of names from the root.
 */
export function cleanCategoryPaths(paths: readonly string[]): string[][] {
  const result: string[][] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    let current: string[] = [];
    for (const segment of path.split('/').map((part) => part.trim())) {
      if (segment.length === 0 || segment === 'Default Category') continue;
      if (roots.has(segment) && current.length > 0) {
        pushUnique(result, seen, current);
        current = [];
      }
      current.push(segment);
    }
    if (current.length > 0) pushUnique(result, seen, current);
  }
  return result;
}

function pushUnique(result: string[][], seen: Set<string>, path: string[]): void {
  const trimmed = path.slice(0, 3);
  const key = trimmed.join('/');
  if (seen.has(key)) return;
  seen.add(key);
  result.push(trimmed);
}

/** Shopping departments: the roots shown in the category menu (collections and promotions are tags). */
export const departmentRoots: ReadonlySet<string> = new Set(['Men', 'Women', 'Gear']);
