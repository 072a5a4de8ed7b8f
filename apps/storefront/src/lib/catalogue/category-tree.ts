import { departmentRoots } from '@vitrine/catalogue/clean-category-paths';
import { slugify } from '@vitrine/catalogue/deterministic';
import { type Locale, label } from '@vitrine/catalogue/labels';
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
 */
export function categorySlug(path: readonly string[], locale: Locale): string[] {
  return path.map((name) => {
    const english = slugify(name);
    return locale === 'en' ? english : slugify(label(name, locale)) || english;
  });
}

/** The address of a category's page in a language: `["Men", "Tops"]` → `/categorie/homme/hauts` in French. */
export function categoryPagePath(path: readonly string[], locale: Locale): string {
  return pathFor({ name: 'category', slug: categorySlug(path, locale) }, locale);
}

function compareNodes(a: MutableNode, b: MutableNode): number {
  return b.productCount - a.productCount || a.name.localeCompare(b.name, 'en');
}

function keyOf(path: readonly string[]): string {
  return path.join('\u0000');
}
