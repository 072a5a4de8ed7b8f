import { departmentRoots } from '@vitrine/catalogue/clean-category-paths';
import { slugify } from '@vitrine/catalogue/deterministic';
import { frenchLabels, type Locale, label } from '@vitrine/catalogue/labels';
import { pathFor } from '../../i18n/routes.ts';

/** What the store knows about one category path: its product count and a photo to show for it. */
export interface CategorySummary {
  /** English keys from the root, e.g. `["Men", "Tops", "Jackets"]`. */
  readonly path: readonly string[];
  /** Distinct products filed under the path or below it. */
  readonly productCount: number;
  /** The first photo of the most popular product under the path. */
  readonly imageUrl: string | null;
}

/** One node of the shopping-department tree (Men › Tops › Jackets), ready for menus and entry points. */
export interface CategoryNode {
  readonly name: string;
  /** English keys from the root; the category page's segments in a language are `categorySlug(path, locale)`. */
  readonly path: readonly string[];
  readonly productCount: number;
  readonly imageUrl: string | null;
  readonly children: readonly CategoryNode[];
}

interface MutableNode extends Omit<CategoryNode, 'children'> {
  children: MutableNode[];
}

/**
 * Builds the department tree from the store's category summaries: only the shopping departments (Men,
 * Women, Gear, in that order) are kept, collections and promotions being tags rather than places to browse.
 * Children come most-stocked first, then by name, so the menu leads with what the shop has most of.
 */
export function buildCategoryTree(summaries: readonly CategorySummary[]): CategoryNode[] {
  const departments = [...departmentRoots];
  const nodes = new Map<string, MutableNode>();
  const sorted = [...summaries]
    .filter((summary) => departments.includes(summary.path[0] ?? ''))
    .sort((a, b) => a.path.length - b.path.length);
  for (const summary of sorted) {
    const node: MutableNode = {
      name: summary.path[summary.path.length - 1] ?? '',
      path: summary.path,
      productCount: summary.productCount,
      imageUrl: summary.imageUrl,
      children: [],
    };
    const parentKey = keyOf(summary.path.slice(0, -1));
    const parent = nodes.get(parentKey);
    if (summary.path.length > 1 && !parent) continue;
    parent?.children.push(node);
    nodes.set(keyOf(summary.path), node);
  }
  for (const node of nodes.values()) node.children.sort(compareNodes);
  return departments.flatMap((name) => nodes.get(keyOf([name])) ?? []);
}

/**
 * URL segments of a category path in a language, made from the category names in that language:
 * `["Men", "Tops", "Hoodies & Sweatshirts"]` → `["men", "tops", "hoodies-sweatshirts"]` in English,
 * `["homme", "hauts", "sweats-et-sweats-a-capuche"]` in French (accents dropped). A name without a label
 * in the language, or whose label leaves no letter or digit, keeps its English segment.
 *
 * In French, two categories of `tree` (the shop's department tree) under the same parent never share a
 * segment, whatever names a catalogue brings (`Tees` → "T-shirts" next to an untranslated `T-Shirts`): see
 * `frenchSegments`. A name outside `tree` (a collection, a category the shop no longer has) gets its own
 * segment. English segments are the names' own.
 */
export function categorySlug(
  path: readonly string[],
  locale: Locale,
  tree: readonly CategoryNode[],
): string[] {
  if (locale === 'en') return path.map((name) => slugify(name));
  const segments: string[] = [];
  let siblings: readonly CategoryNode[] = tree;
  for (const name of path) {
    const node = siblings.find((candidate) => candidate.name === name);
    segments.push((node && frenchSegmentsOf(siblings).get(name)) ?? labelSegment(name));
    siblings = node?.children ?? [];
  }
  return segments;
}

/** The address of a category's page in a language: `["Men", "Tops"]` → `/categorie/homme/hauts` in French. */
export function categoryPagePath(
  path: readonly string[],
  locale: Locale,
  tree: readonly CategoryNode[],
): string {
  return pathFor({ name: 'category', slug: categorySlug(path, locale, tree) }, locale);
}

/**
 * The French segments of sibling categories, one each, decided by the names alone (not by stock or order),
 * so an address stays put while the shop sells: each name takes the slug of its French label. When several
 * take the same one, it goes to a name translated to it (in `frenchLabels`) before a name that is merely
 * spelled so, then to the first English segment in code-point order; each other name takes its English
 * segment, or when that is taken too, the contested segment followed by `-2`, `-3`…
 */
function frenchSegments(names: readonly string[]): ReadonlyMap<string, string> {
  const ranked = [...new Set(names)].sort(compareClaims);
  const segments = new Map<string, string>();
  const taken = new Set<string>();
  const later: string[] = [];
  for (const name of ranked) {
    const segment = labelSegment(name);
    if (taken.has(segment)) later.push(name);
    else {
      taken.add(segment);
      segments.set(name, segment);
    }
  }
  for (const name of later) {
    let segment = slugify(name);
    for (let suffix = 2; segment === '' || taken.has(segment); suffix += 1)
      segment = `${labelSegment(name)}-${suffix}`;
    taken.add(segment);
    segments.set(name, segment);
  }
  return segments;
}

const segmentsBySiblings = new WeakMap<readonly CategoryNode[], ReadonlyMap<string, string>>();

function frenchSegmentsOf(siblings: readonly CategoryNode[]): ReadonlyMap<string, string> {
  let segments = segmentsBySiblings.get(siblings);
  if (!segments) {
    segments = frenchSegments(siblings.map((node) => node.name));
    segmentsBySiblings.set(siblings, segments);
  }
  return segments;
}

/** The slug of a name's French label, its English slug without one. */
function labelSegment(name: string): string {
  return slugify(label(name, 'fr')) || slugify(name);
}

function compareClaims(a: string, b: string): number {
  const translated = (name: string) => (Object.hasOwn(frenchLabels, name) ? 0 : 1);
  return (
    translated(a) - translated(b) ||
    compareCodePoints(slugify(a), slugify(b)) ||
    compareCodePoints(a, b)
  );
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNodes(a: MutableNode, b: MutableNode): number {
  return b.productCount - a.productCount || a.name.localeCompare(b.name, 'en');
}

function keyOf(path: readonly string[]): string {
  return path.join('\u0000');
}
