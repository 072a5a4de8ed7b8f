import type { Locale } from '../../i18n/locale.ts';
import { locales } from '../../i18n/locale.ts';
import type { CategoryNode } from '../catalogue/category-tree.ts';
import { categorySlug } from '../catalogue/category-tree.ts';

/**
 * Category paths by address segments, from the department tree, in each language:
 * `men/tops/jackets` (English) and `homme/hauts/vestes` (French) ⇄ `Men > Tops > Jackets`.
 */
export interface CategoryLookup {
  /**
   * `['homme', 'hauts', 'vestes']` in French → `['Men', 'Tops', 'Jackets']`; `undefined` for a category the
   * shop lacks or segments of another language.
   */
  pathOf(slug: readonly string[], locale: Locale): string[] | undefined;
  /** `['Men', 'Tops', 'Jackets']` → `['homme', 'hauts', 'vestes']` in French. */
  slugOf(path: readonly string[], locale: Locale): string[];
  /**
   * The same category's segments in another language (the language switch, hreflang links):
   * `['homme', 'hauts', 'vestes']` from French to English → `['men', 'tops', 'jackets']`; `undefined`
   * when `slug` is not a category of the shop in `from`.
   */
  translate(slug: readonly string[], from: Locale, to: Locale): string[] | undefined;
}

export function createCategoryLookup(tree: readonly CategoryNode[]): CategoryLookup {
  const paths = new Map<Locale, Map<string, string[]>>(
    locales.map((locale) => [locale, new Map()]),
  );
  const visit = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      for (const locale of locales) {
        const key = categorySlug(node.path, locale, tree).join('/');
        // French segments are unique among siblings (`categorySlug`); two English names with the same
        // segments (`T-Shirts`, `T Shirts`): the first (most stocked) keeps the address.
        const byLocale = paths.get(locale);
        if (byLocale && !byLocale.has(key)) byLocale.set(key, [...node.path]);
      }
      visit(node.children);
    }
  };
  visit(tree);
  const pathOf = (slug: readonly string[], locale: Locale) => {
    const path = paths.get(locale)?.get(slug.join('/'));
    return path && [...path];
  };
  return {
    pathOf,
    slugOf: (path, locale) => categorySlug(path, locale, tree),
    translate: (slug, from, to) => {
      const path = pathOf(slug, from);
      return path && categorySlug(path, to, tree);
    },
  };
}
