import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locale.ts';
import { createCategoryLookup } from '../search/category-lookup.ts';
import { localizeCategories } from './category-links.ts';
import {
  buildCategoryTree,
  type CategoryNode,
  type CategorySummary,
  categoryPagePath,
  categorySlug,
} from './category-tree.ts';

const summary = (
  path: string[],
  productCount: number,
  imageUrl: string | null = null,
): CategorySummary => ({
  path,
  productCount,
  imageUrl,
});

const summaries = [
  summary(['Collections'], 9),
  summary(['Collections', 'Eco Friendly'], 9),
  summary(['Gear'], 5, '/g.jpg'),
  summary(['Gear', 'Bags'], 5, '/g.jpg'),
  summary(['Men'], 7, '/m.jpg'),
  summary(['Men', 'Bottoms'], 2),
  summary(['Men', 'Bottoms', 'Shorts'], 2),
  summary(['Men', 'Tops'], 5, '/m.jpg'),
  summary(['Men', 'Tops', 'Hoodies & Sweatshirts'], 5, '/m.jpg'),
  summary(['Women', 'Tops', 'Jackets'], 1),
];

describe('the department tree', () => {
  it('keeps the shopping departments in order, children most-stocked first', () => {
    const tree = buildCategoryTree(summaries);
    expect(tree.map((node) => node.name)).toEqual(['Men', 'Gear']);
    const [men] = tree;
    expect(men?.children.map((node) => node.name)).toEqual(['Tops', 'Bottoms']);
    expect(men?.children[0]?.children[0]).toEqual({
      name: 'Hoodies & Sweatshirts',
      path: ['Men', 'Tops', 'Hoodies & Sweatshirts'],
      productCount: 5,
      imageUrl: '/m.jpg',
      children: [],
    });
  });

  it('labels and links categories in each language', () => {
    const [men] = localizeCategories(buildCategoryTree(summaries), 'fr');
    expect(men?.label).toBe('Homme');
    expect(men?.children[0]?.children[0]).toMatchObject({
      label: 'Sweats et sweats à capuche',
      href: '/categorie/homme/hauts/sweats-et-sweats-a-capuche',
    });
    const [menInEnglish] = localizeCategories(buildCategoryTree(summaries), 'en');
    expect(menInEnglish).toMatchObject({ label: 'Men', href: '/category/men' });
  });
});

/** Men › Tops with these categories under it (`count`: their product counts, which order the menu). */
function topsWith(names: readonly string[], count = (index: number) => index + 1): CategoryNode[] {
  return buildCategoryTree([
    summary(['Men'], 100),
    summary(['Men', 'Tops'], 100),
    ...names.map((name, index) => summary(['Men', 'Tops', name], count(index))),
  ]);
}

describe('French category addresses when names collide', () => {
  it('keeps a French name’s segment and moves an untranslated name that spells it, whatever the stock', () => {
    // `Tees` is "T-shirts" in French; a catalogue may also bring an untranslated `T-Shirts` next to it.
    for (const count of [(index: number) => index + 1, (index: number) => 10 - index]) {
      const tree = topsWith(['Tees', 'T-Shirts', 'Jackets', 'Vestes'], count);
      const frenchPage = (name: string) => categoryPagePath(['Men', 'Tops', name], 'fr', tree);
      expect(frenchPage('Tees')).toBe('/categorie/homme/hauts/t-shirts');
      expect(frenchPage('T-Shirts')).toBe('/categorie/homme/hauts/t-shirts-2');
      expect(frenchPage('Jackets')).toBe('/categorie/homme/hauts/vestes');
      expect(frenchPage('Vestes')).toBe('/categorie/homme/hauts/vestes-2');
      // English addresses are the names' own.
      expect(categoryPagePath(['Men', 'Tops', 'T-Shirts'], 'en', tree)).toBe(
        '/category/men/tops/t-shirts',
      );
      expect(categoryPagePath(['Men', 'Tops', 'Tees'], 'en', tree)).toBe('/category/men/tops/tees');
    }
  });

  it('moves the later of two names translated alike to its English segment', () => {
    // Two spellings of one material in the labels table, both "Tissu technique Cocona®" in French.
    const tree = topsWith(['Cocona® performance fabric', 'Cocona® performance Fabric']);
    expect(categorySlug(['Men', 'Tops', 'Cocona® performance Fabric'], 'fr', tree)).toEqual([
      'homme',
      'hauts',
      'tissu-technique-cocona',
    ]);
    expect(categorySlug(['Men', 'Tops', 'Cocona® performance fabric'], 'fr', tree)).toEqual([
      'homme',
      'hauts',
      'cocona-performance-fabric',
    ]);
  });

  it('gives each category its own page: every French address leads back to its category', () => {
    const tree = topsWith(['Tees', 'T-Shirts', 'T-Shirts 2', 'Jackets', 'Vestes', 'Vestes 2']);
    const categories = createCategoryLookup(tree);
    const leaves = tree[0]?.children[0]?.children ?? [];
    expect(leaves).toHaveLength(6);
    const french = leaves.map((node) => categories.slugOf(node.path, 'fr').join('/'));
    expect(new Set(french).size).toBe(leaves.length);
    for (const node of leaves) {
      for (const locale of locales) {
        const slug = categories.slugOf(node.path, locale);
        expect(categories.pathOf(slug, locale)).toEqual(node.path);
      }
    }
    // The French menu links to the same addresses.
    const [men] = localizeCategories(tree, 'fr');
    expect(men?.children[0]?.children.map((node) => node.href).sort()).toEqual(
      french.map((slug) => `/categorie/${slug}`).sort(),
    );
  });

  it('leaves a path outside the tree its names’ segments', () => {
    const tree = topsWith(['Tees', 'T-Shirts']);
    expect(categorySlug(['Collections', 'Eco Friendly'], 'fr', tree)).toEqual([
      'collections',
      'ecoresponsable',
    ]);
    expect(categorySlug(['Men', 'Tops', 'Tanks'], 'fr', tree)).toEqual([
      'homme',
      'hauts',
      'debardeurs',
    ]);
  });
});
