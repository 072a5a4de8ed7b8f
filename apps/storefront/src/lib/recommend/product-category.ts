import type { Locale } from '../../i18n/locale.ts';
import { type CategoryNode, categoryPagePath } from '../catalogue/category-tree.ts';

/**
 * The category path (English keys) of a category page address, read from the navigation tree:
 * `/categorie/homme/hauts/vestes` in French → `['Men', 'Tops', 'Jackets']`; `undefined` when no category of
 * the tree has that address (e.g. a collection).
 */
export function categoryPathOfHref(
  href: string,
  navigation: readonly CategoryNode[],
  locale: Locale,
  tree: readonly CategoryNode[] = navigation,
): readonly string[] | undefined {
  for (const node of navigation) {
    if (categoryPagePath(node.path, locale, tree) === href) return node.path;
    const found = categoryPathOfHref(href, node.children, locale, tree);
    if (found) return found;
  }
  return undefined;
}
