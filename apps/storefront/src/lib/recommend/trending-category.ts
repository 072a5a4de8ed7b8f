import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';
import { type CategoryNode, categoryPagePath } from '../catalogue/category-tree.ts';

/** A trending category ready to display: its name and department in the page's language, its page, a photo. */
export interface TrendingCategory {
  readonly value: string;
  readonly label: string;
  /** The department above it (`Homme`), `null` for a department itself. */
  readonly department: string | null;
  readonly href: string;
  readonly imageUrl: string | null;
}

/**
 * A `hierarchicalCategories` facet value → its entry: `Women > Tops > Jackets` in French →
 * `{ label: 'Vestes', department: 'Femme', href: '/categorie/femme/hauts/vestes', … }`, with the photo the
 * menu shows for the category when the navigation tree has it.
 */
export function toTrendingCategory(
  facetValue: string,
  navigation: readonly CategoryNode[],
  locale: Locale,
): TrendingCategory {
  const path = facetValue.split(' > ');
  const leaf = path[path.length - 1] ?? facetValue;
  return {
    value: facetValue,
    label: label(leaf, locale),
    department: path.length > 1 && path[0] ? label(path[0], locale) : null,
    href: categoryPagePath(path, locale, navigation),
    imageUrl: findNode(navigation, path)?.imageUrl ?? null,
  };
}

function findNode(
  nodes: readonly CategoryNode[],
  path: readonly string[],
): CategoryNode | undefined {
  const [head, ...rest] = path;
  const node = nodes.find((candidate) => candidate.name === head);
  return node && rest.length > 0 ? findNode(node.children, rest) : node;
}
