import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';
import { type CategoryNode, categoryPagePath } from './category-tree.ts';

/** A category ready to display: its label in the page's language and the address of its page. */
export interface LocalizedCategory {
  readonly label: string;
  readonly href: string;
  readonly productCount: number;
  readonly imageUrl: string | null;
  readonly children: readonly LocalizedCategory[];
}

/**
 * `Men › Tops › Jackets` → `{ label: 'Vestes', href: '/categorie/homme/hauts/vestes', … }` in French.
 * `tree`: the whole department tree `nodes` belong to (the addresses depend on it), `nodes` by default.
 */
export function localizeCategories(
  nodes: readonly CategoryNode[],
  locale: Locale,
  tree: readonly CategoryNode[] = nodes,
): LocalizedCategory[] {
  return nodes.map((node) => ({
    label: label(node.name, locale),
    href: categoryPagePath(node.path, locale, tree),
    productCount: node.productCount,
    imageUrl: node.imageUrl,
    children: localizeCategories(node.children, locale, tree),
  }));
}
