import type { CategoryNode } from '../catalogue/category-tree.ts';
import { categorySlug } from '../catalogue/category-tree.ts';

/** Category paths by address segments, from the department tree: `men/tops/jackets` ⇄ `Men > Tops > Jackets`. */
export interface CategoryLookup {
  /** `['men', 'tops', 'jackets']` → `['Men', 'Tops', 'Jackets']`; `undefined` for a category the shop lacks. */
  pathOf(slug: readonly string[]): string[] | undefined;
  /** `['Men', 'Tops', 'Jackets']` → `['men', 'tops', 'jackets']`. */
  slugOf(path: readonly string[]): string[];
}

export function createCategoryLookup(tree: readonly CategoryNode[]): CategoryLookup {
  const paths = new Map<string, string[]>();
  const visit = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      paths.set(node.slug.join('/'), [...node.path]);
      visit(node.children);
    }
  };
  visit(tree);
  return {
    pathOf: (slug) => {
      const path = paths.get(slug.join('/'));
      return path && [...path];
    },
    slugOf: (path) => categorySlug(path),
  };
}
