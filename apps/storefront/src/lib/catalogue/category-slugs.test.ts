import { slugify } from '@vitrine/catalogue/deterministic';
import { label } from '@vitrine/catalogue/labels';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locale.ts';
import { equivalentPath, parsePath, pathFor } from '../../i18n/routes.ts';
import { createCategoryLookup } from '../search/category-lookup.ts';
import { buildCategoryTree, type CategoryNode, type CategorySummary } from './category-tree.ts';

/** Every category path of the sample catalogue and its prefixes, as the store lists them. */
function lumaSummaries(): CategorySummary[] {
  const paths = new Map<string, string[]>();
  for (const product of loadLumaSample()) {
    for (const path of product.categories) {
      for (let depth = 1; depth <= path.length; depth += 1) {
        const prefix = path.slice(0, depth);
        paths.set(prefix.join('\u0000'), prefix);
      }
    }
  }
  return [...paths.values()].map((path) => ({ path, productCount: 1, imageUrl: null }));
}

function allNodes(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...allNodes(node.children)]);
}

const tree = buildCategoryTree(lumaSummaries());
const categories = createCategoryLookup(tree);
const nodes = allNodes(tree);

describe('category addresses in each language', () => {
  it('uses the French category names in French, without accents', () => {
    expect(categories.slugOf(['Men', 'Tops', 'Jackets'], 'fr')).toEqual([
      'homme',
      'hauts',
      'vestes',
    ]);
    expect(categories.slugOf(['Men', 'Tops', 'Jackets'], 'en')).toEqual(['men', 'tops', 'jackets']);
    expect(categories.slugOf(['Gear', 'Fitness Equipment'], 'fr')).toEqual([
      'equipement',
      'materiel-de-fitness',
    ]);
    expect(categories.slugOf(['Men', 'Tops', 'Hoodies & Sweatshirts'], 'fr')).toEqual([
      'homme',
      'hauts',
      'sweats-et-sweats-a-capuche',
    ]);
    expect(categories.slugOf(['Women', 'Tops', 'Bras & Tanks'], 'fr')).toEqual([
      'femme',
      'hauts',
      'brassieres-et-debardeurs',
    ]);
    expect(pathFor({ name: 'category', slug: ['equipement'] }, 'fr')).toBe('/categorie/equipement');
  });

  it('finds the category of an address in its own language only', () => {
    expect(categories.pathOf(['homme', 'hauts', 'vestes'], 'fr')).toEqual([
      'Men',
      'Tops',
      'Jackets',
    ]);
    expect(categories.pathOf(['men', 'tops', 'jackets'], 'en')).toEqual(['Men', 'Tops', 'Jackets']);
    expect(categories.pathOf(['men', 'tops', 'jackets'], 'fr')).toBeUndefined();
    expect(categories.pathOf(['homme', 'hauts', 'vestes'], 'en')).toBeUndefined();
    expect(categories.pathOf(['homme', 'hauts', 'nowhere'], 'fr')).toBeUndefined();
  });

  it('translates both ways', () => {
    expect(categories.translate(['men', 'tops', 'jackets'], 'en', 'fr')).toEqual([
      'homme',
      'hauts',
      'vestes',
    ]);
    expect(categories.translate(['homme', 'hauts', 'vestes'], 'fr', 'en')).toEqual([
      'men',
      'tops',
      'jackets',
    ]);
    expect(categories.translate(['homme'], 'en', 'fr')).toBeUndefined();
  });

  it('switches language on a category page, keeping the search state', () => {
    expect(equivalentPath('/category/men/tops/jackets?q=zip&color=Black', 'fr', categories)).toBe(
      '/categorie/homme/hauts/vestes?q=zip&color=Black',
    );
    expect(equivalentPath('/categorie/homme/hauts/vestes?price=20-&page=2', 'en', categories)).toBe(
      '/category/men/tops/jackets?price=20-&page=2',
    );
    expect(equivalentPath('/categorie/equipement', 'fr', categories)).toBe('/categorie/equipement');
  });

  it('covers the whole sample catalogue: every category round-trips in both languages', () => {
    expect(nodes.length).toBeGreaterThan(20);
    for (const node of nodes) {
      for (const locale of locales) {
        const path = pathFor(
          { name: 'category', slug: categories.slugOf(node.path, locale) },
          locale,
        );
        const parsed = parsePath(path);
        expect(parsed?.locale).toBe(locale);
        expect(parsed?.route.name).toBe('category');
        if (parsed?.route.name !== 'category') continue;
        expect(categories.pathOf(parsed.route.slug, locale)).toEqual(node.path);
        for (const segment of parsed.route.slug)
          expect(segment).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        const other = locale === 'en' ? 'fr' : 'en';
        expect(equivalentPath(equivalentPath(path, other, categories), locale, categories)).toBe(
          path,
        );
      }
    }
  });

  it('gives every category of the sample catalogue its own address in each language', () => {
    for (const locale of locales) {
      const slugs = nodes.map((node) => categories.slugOf(node.path, locale).join('/'));
      expect(new Set(slugs).size).toBe(nodes.length);
    }
  });

  it('has no two categories of the sample catalogue whose French names give the same segment', () => {
    // Nothing had to be moved (`categorySlug`): each French segment is its own name's, without a suffix.
    for (const node of nodes) {
      expect(categories.slugOf(node.path, 'fr')).toEqual(
        node.path.map((name) => slugify(label(name, 'fr')) || slugify(name)),
      );
    }
    for (const node of [{ children: tree }, ...nodes]) {
      const segments = node.children.map((child) => slugify(label(child.name, 'fr')));
      expect(new Set(segments).size).toBe(segments.length);
    }
  });

  it('gives the sample catalogue these French addresses', () => {
    expect(
      nodes
        .filter((node) => node.path.length === 3)
        .map((node) => categories.slugOf(node.path, 'fr').join('/')),
    ).toEqual([
      'homme/bas/pantalons',
      'homme/bas/shorts',
      'homme/hauts/sweats-et-sweats-a-capuche',
      'homme/hauts/vestes',
      'homme/hauts/debardeurs',
      'homme/hauts/t-shirts',
      'femme/bas/pantalons',
      'femme/bas/shorts',
      'femme/hauts/brassieres-et-debardeurs',
      'femme/hauts/sweats-et-sweats-a-capuche',
      'femme/hauts/vestes',
      'femme/hauts/t-shirts',
    ]);
    expect(tree.map((node) => categories.slugOf(node.path, 'fr').join('/'))).toEqual([
      'homme',
      'femme',
      'equipement',
    ]);
  });
});
