/**
 * InstantSearch's helper (`algoliasearch-helper` over the v5 lite client) on a furniture
 * catalogue shaped unlike ours (`furniture.ts`): disjunctive multi-valued facets, conjunctive booleans, an
 * exclusion of a value that starts with `-` (which the helper escapes), numeric refinements on nested numbers,
 * tags and a `" > "` hierarchy refined at levels 1 and 2 with a record placed twice. Every count — hits, each
 * disjunctive facet, each level of the hierarchy, facet-value search — is a brute-force count over the fixture
 * (docs/api.md §6: how the helper fans out one state and how it merges the answers).
 */
import type algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import {
  type Furniture,
  furniture,
  furnitureIds,
  furnitureSettings,
  level2Of,
} from '../../support/furniture.ts';
import {
  type CategoryNode,
  countsOf,
  type FacetValue,
  helperOn,
  levelCounts,
  refinedChild,
  withPrefix,
} from '../../support/helper-results.ts';
import { startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
const indexName = 'maison_helper';
const levels = ['categories.lvl0', 'categories.lvl1', 'categories.lvl2'];

beforeAll(async () => {
  ({ server } = await startSeededServer({
    indexName,
    settings: furnitureSettings,
    records: furniture,
  }));
});
afterAll(async () => server.close());

function helperWith(state: Parameters<typeof algoliasearchHelper>[2]) {
  return helperOn(server, indexName, state);
}

describe('the helper over the furniture catalogue', () => {
  it('counts disjunctive, conjunctive, excluded, numeric and level-1 hierarchical refinements', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['materials', 'brand'],
      facets: ['inStock', 'collection'],
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' > ' }],
    });
    helper.addDisjunctiveFacetRefinement('materials', 'noyer');
    helper.addDisjunctiveFacetRefinement('materials', 'chêne');
    helper.addDisjunctiveFacetRefinement('brand', 'Muuto');
    helper.addDisjunctiveFacetRefinement('brand', 'Hay');
    helper.addDisjunctiveFacetRefinement('brand', 'Maison Lenoir');
    helper.addFacetRefinement('inStock', 'true');
    helper.addFacetExclusion('collection', '-20% Outlet');
    helper.addNumericRefinement('price.value', '>=', 100);
    helper.toggleFacetRefinement('categories', 'Mobilier > Tables');
    const { content } = await helper.searchOnce({});

    const base = (f: Furniture) =>
      f.inStock && f.collection !== '-20% Outlet' && f.price.value >= 100;
    const materialOk = (f: Furniture) =>
      f.materials.includes('noyer') || f.materials.includes('chêne');
    const brandOk = (f: Furniture) => ['Muuto', 'Hay', 'Maison Lenoir'].includes(f.brand);
    const categoryOk = (f: Furniture) => f.categories.lvl1 === 'Mobilier > Tables';
    const hits = furniture.filter((f) => base(f) && materialOk(f) && brandOk(f) && categoryOk(f));

    expect(content.nbHits).toBe(hits.length);
    expect(content.hits.map((hit) => hit.objectID).sort()).toEqual(
      hits.map((f) => f.objectID).sort(),
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(countsOf(content, 'materials')).toEqual(
      countFacet(
        furniture.filter((f) => base(f) && brandOk(f) && categoryOk(f)),
        'materials',
      ),
    );
    expect(countsOf(content, 'brand')).toEqual(
      countFacet(
        furniture.filter((f) => base(f) && materialOk(f) && categoryOk(f)),
        'brand',
      ),
    );
    expect(countsOf(content, 'inStock')).toEqual(countFacet(hits, 'inStock'));
    expect(countsOf(content, 'collection')).toEqual(countFacet(hits, 'collection'));

    const tree = content.getFacetValues('categories', {}) as CategoryNode;
    const others = furniture.filter((f) => base(f) && materialOk(f) && brandOk(f));
    expect(levelCounts(tree.data)).toEqual(countFacet(others, 'categories.lvl0'));
    const mobilier = refinedChild(tree.data);
    expect(mobilier?.path).toBe('Mobilier');
    expect(levelCounts(mobilier?.data)).toEqual(
      countFacet(
        others.filter((f) => f.categories.lvl0 === 'Mobilier'),
        'categories.lvl1',
      ),
    );
    const tables = refinedChild(mobilier?.data);
    expect(tables?.path).toBe('Mobilier > Tables');
    expect(levelCounts(tables?.data)).toEqual(
      withPrefix(countFacet(hits, 'categories.lvl2'), 'Mobilier > Tables > '),
    );
  });

  it('counts a level-2 refinement reached through a second placement, with tags and a rating range', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['colors.name', 'rating'],
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' > ' }],
    });
    helper.addDisjunctiveFacetRefinement('colors.name', 'yellow');
    helper.addDisjunctiveFacetRefinement('colors.name', 'black');
    helper.addNumericRefinement('rating', '>=', 4);
    helper.addNumericRefinement('rating', '<=', 4.9);
    helper.addTag('new');
    helper.toggleFacetRefinement('categories', 'Décoration > Luminaires > Lampes');
    const { content } = await helper.searchOnce({});

    const tagOk = (f: Furniture) => f._tags.includes('new');
    const ratingOk = (f: Furniture) => f.rating >= 4 && f.rating <= 4.9;
    const colorOk = (f: Furniture) => f.colors.some((c) => ['yellow', 'black'].includes(c.name));
    const lampOk = (f: Furniture) => level2Of(f).includes('Décoration > Luminaires > Lampes');
    const hits = furniture.filter((f) => tagOk(f) && ratingOk(f) && colorOk(f) && lampOk(f));

    expect(content.hits.map((hit) => hit.objectID).sort()).toEqual(
      hits.map((f) => f.objectID).sort(),
    );
    // f24 (a floor lamp also placed under Lampes) must be found through its second placement.
    expect(hits.map((f) => f.objectID)).toContain('f24');
    expect(countsOf(content, 'colors.name')).toEqual(
      countFacet(
        furniture.filter((f) => tagOk(f) && ratingOk(f) && lampOk(f)),
        'colors.name',
      ),
    );
    const others = furniture.filter((f) => tagOk(f) && ratingOk(f) && colorOk(f));
    const tree = content.getFacetValues('categories', {}) as CategoryNode;
    expect(levelCounts(tree.data)).toEqual(countFacet(others, 'categories.lvl0'));
    const decoration = refinedChild(tree.data);
    expect(levelCounts(decoration?.data)).toEqual(
      countFacet(
        others.filter((f) => f.categories.lvl0 === 'Décoration'),
        'categories.lvl1',
      ),
    );
    const luminaires = refinedChild(decoration?.data);
    expect(luminaires?.path).toBe('Décoration > Luminaires');
    expect(levelCounts(luminaires?.data)).toEqual(
      withPrefix(
        countFacet(
          others.filter((f) => f.categories.lvl1 === 'Décoration > Luminaires'),
          'categories.lvl2',
        ),
        'Décoration > Luminaires > ',
      ),
    );
    expect(refinedChild(luminaires?.data)?.path).toBe('Décoration > Luminaires > Lampes');
  });

  it('gives the stats of a disjunctive numeric facet over the unrefined range', async () => {
    const helper = helperWith({ disjunctiveFacets: ['price.value'], facets: ['categories.lvl0'] });
    helper.addFacetRefinement('categories.lvl0', 'Cuisine');
    helper.addNumericRefinement('price.value', '>=', 50);
    helper.addNumericRefinement('price.value', '<=', 100);
    const { content } = await helper.searchOnce({});
    const kitchen = furniture.filter((f) => f.categories.lvl0 === 'Cuisine');
    expect(content.nbHits).toBe(
      kitchen.filter((f) => f.price.value >= 50 && f.price.value <= 100).length,
    );
    const prices = kitchen.map((f) => f.price.value);
    expect(content.getFacetStats('price.value')).toMatchObject({
      min: Math.min(...prices),
      max: Math.max(...prices),
    });
  });

  it('searches facet values of a disjunctive facet under the other refinements only', async () => {
    const helper = helperWith({ disjunctiveFacets: ['brand'], facets: ['materials'] });
    helper.addDisjunctiveFacetRefinement('brand', 'Gubi');
    helper.addFacetRefinement('materials', 'laiton');
    const { facetHits } = await helper.searchForFacetValues('brand', 'ma', 10, {});
    const withBrass = furniture.filter((f) => f.materials.includes('laiton'));
    const expected = Object.entries(countFacet(withBrass, 'brand'))
      .filter(([brand]) =>
        brand
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith('ma')),
      )
      .map(([value, count]) => ({ value, count }));
    expect(expected.length).toBeGreaterThan(0);
    expect(facetHits.map(({ value, count }) => ({ value, count }))).toEqual(expected);
    expect(facetHits[0]?.highlighted).toBe('<em>Ma</em>ison Lenoir');
  });

  it('refines a value starting with "-" through its escapedValue and excludes it by name', async () => {
    // The helper sends values as given; InstantSearch refines with the `escapedValue` of a facet value
    // (`\-20% Outlet`), so the leading dash reaches the server escaped (docs/api.md §3.4).
    const first = await helperWith({ facets: ['collection'] }).searchOnce({ hitsPerPage: 0 });
    const listed = (
      first.content.getFacetValues('collection', {}) as (FacetValue & {
        escapedValue: string;
      })[]
    ).find((value) => value.name === '-20% Outlet');
    expect(listed?.escapedValue).toBe('\\-20% Outlet');
    const escaped = listed?.escapedValue ?? '';

    const refined = helperWith({ facets: ['collection'] });
    refined.addFacetRefinement('collection', escaped);
    const outlet = await refined.searchOnce({ hitsPerPage: 100 });
    expect(outlet.content.hits.map((hit) => hit.objectID).sort()).toEqual(
      furnitureIds((f) => f.collection === '-20% Outlet').sort(),
    );
    // Exclusions are kept under the raw name (the helper's `isExcluded` compares with `name`): it sends
    // `collection:--20% Outlet`, a negation of the value `-20% Outlet`.
    const excluded = helperWith({ facets: ['collection'] });
    excluded.addFacetExclusion('collection', '-20% Outlet');
    const rest = await excluded.searchOnce({ hitsPerPage: 100 });
    expect(rest.content.hits.map((hit) => hit.objectID).sort()).toEqual(
      furnitureIds((f) => f.collection !== '-20% Outlet').sort(),
    );
    expect(countsOf(rest.content, 'collection')).toEqual(
      countFacet(
        furniture.filter((f) => f.collection !== '-20% Outlet'),
        'collection',
      ),
    );
  });
});
