import { describe, expect, it } from 'vitest';
import { localizeCategories } from './category-links.ts';
import { buildCategoryTree, type CategorySummary } from './category-tree.ts';

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
