/**
 * InstantSearch's helper over the electronics catalogue (`devices.ts`: a brand object, nested screens, arrays of
 * numbers, `" / "` hierarchical categories) and over a catalogue of variants: multi-valued disjunctive facets,
 * exclusions, numeric refinements on nested and array attributes, tags, a hierarchy refined at level 2, "show
 * more", counts after distinct, facet ordering from the settings, stats of a disjunctive numeric facet and
 * facet-value search under other refinements. Every expectation is a brute-force count over the fixture.
 */
import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valuesAt } from '../../support/books.ts';
import { deviceSettings } from '../../support/device-settings.ts';
import { countDeviceFacet, type Device, deviceNumbers, devices } from '../../support/devices.ts';
import type { CategoryNode } from '../../support/helper-results.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const levels = ['categories.lvl0', 'categories.lvl1', 'categories.lvl2'];

type Variant = {
  readonly objectID: string;
  readonly product: { readonly ref: number };
  readonly maker: string;
  readonly color: string;
  readonly sales: number;
};
/** Eight products, each sold in one to three colours; the maker is the same for every variant of a product. */
const variants: readonly Variant[] = Array.from({ length: 8 }, (_, product) =>
  ['red', 'blue', 'green'].slice(0, 1 + (product % 3)).map((color, at) => ({
    objectID: `v${product}-${color}`,
    product: { ref: product },
    maker:
      ['Acme', 'Globex', 'Initech'][product % 3] === 'Initech' && product > 4
        ? 'Acme'
        : (['Acme', 'Globex', 'Initech'][product % 3] ?? 'Acme'),
    color,
    sales: product * 10 + at,
  })),
).flat();

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  const settings = await admin.setSettings({
    indexName: 'devices',
    indexSettings: deviceSettings,
  });
  await admin.waitForTask({ indexName: 'devices', taskID: settings.taskID });
  await admin.saveObjects({ indexName: 'devices', objects: [...devices], waitForTasks: true });
  const variantSettings = await admin.setSettings({
    indexName: 'variants',
    indexSettings: {
      attributesForFaceting: ['maker', 'color'],
      attributeForDistinct: 'product.ref',
      customRanking: ['desc(sales)'],
    },
  });
  await admin.waitForTask({ indexName: 'variants', taskID: variantSettings.taskID });
  await admin.saveObjects({ indexName: 'variants', objects: [...variants], waitForTasks: true });
});
afterAll(async () => server.close());

function helperFor(indexName: string, state: Parameters<typeof algoliasearchHelper>[2]) {
  return algoliasearchHelper(
    liteClient(appId, adminKey, { hosts: hostsOf(server) }),
    indexName,
    state,
  );
}
type FacetValue = { name: string; count: number; isRefined?: boolean; isExcluded?: boolean };
const values = (content: SearchResults, facet: string) =>
  content.getFacetValues(facet, { sortBy: ['name:asc'] }) as FacetValue[];
const asCounts = (list: readonly FacetValue[]) =>
  Object.fromEntries(
    list.filter((value) => value.count > 0).map((value) => [value.name, value.count]),
  );

describe('the helper over multi-valued, nested and hierarchical facets', () => {
  it('counts multi-valued disjunctive facets, exclusions, numeric, array and tag refinements and a level-2 hierarchy', async () => {
    const helper = helperFor('devices', {
      disjunctiveFacets: ['brand.name', 'specs.screen.panel'],
      facets: ['brand.country', 'inStock'],
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' / ' }],
      maxValuesPerFacet: 1000,
    });
    helper.addDisjunctiveFacetRefinement('brand.name', 'Lenovo');
    helper.addDisjunctiveFacetRefinement('brand.name', 'Sony');
    helper.addDisjunctiveFacetRefinement('brand.name', 'Philips');
    helper.addFacetExclusion('brand.country', 'Japan');
    helper.addNumericRefinement('price', '>=', 50);
    helper.addNumericRefinement('price', '<=', 800);
    helper.addNumericRefinement('resolutions', '>=', 1440);
    helper.addTag('refurbished');
    helper.toggleFacetRefinement('categories', 'Computing / Tablets / Android');
    const { content } = await helper.searchOnce({});

    const brandOk = (d: Device) => ['Lenovo', 'Sony', 'Philips'].includes(d.brand.name);
    const countryOk = (d: Device) => d.brand.country !== 'Japan';
    const priceOk = (d: Device) => deviceNumbers(d, 'price').some((p) => p >= 50 && p <= 800);
    const resolutionOk = (d: Device) => d.resolutions.some((r) => r >= 1440);
    const tagOk = (d: Device) => d._tags.includes('refurbished');
    const categoryOk = (d: Device) => d.categories.lvl2 === 'Computing / Tablets / Android';
    const base = (d: Device) => countryOk(d) && priceOk(d) && resolutionOk(d) && tagOk(d);

    const hits = devices.filter((d) => base(d) && brandOk(d) && categoryOk(d));
    expect(content.nbHits).toBe(hits.length);
    expect(hits.length).toBeGreaterThan(0);
    // A disjunctive facet counts without its own refinements; conjunctive ones count the hits.
    expect(asCounts(values(content, 'brand.name'))).toEqual(
      countDeviceFacet(
        devices.filter((d) => base(d) && categoryOk(d)),
        'brand.name',
      ),
    );
    expect(asCounts(values(content, 'specs.screen.panel'))).toEqual(
      countDeviceFacet(hits, 'specs.screen.panel'),
    );
    expect(asCounts(values(content, 'brand.country'))).toEqual(
      countDeviceFacet(hits, 'brand.country'),
    );
    expect(values(content, 'brand.country').find((v) => v.name === 'Japan')?.isExcluded).toBe(true);
    expect(asCounts(values(content, 'inStock'))).toEqual(countDeviceFacet(hits, 'inStock'));

    // Every node of the hierarchy counts the records at that node under the other refinements.
    const pool = devices.filter((d) => base(d) && brandOk(d));
    const tree = content.getFacetValues('categories', {}) as { data: CategoryNode[] | null };
    const seen: string[] = [];
    const walk = (nodes: readonly CategoryNode[] | null, depth: number) => {
      for (const node of nodes ?? []) {
        const expected = pool.filter((d) =>
          valuesAt(d, levels[depth] ?? '').includes(node.path),
        ).length;
        expect(node.count, node.path).toBe(expected);
        seen.push(node.path);
        walk(node.data, depth + 1);
      }
    };
    walk(tree.data, 0);
    const roots = Object.keys(countDeviceFacet(pool, 'categories.lvl0'));
    const computing = Object.keys(countDeviceFacet(pool, 'categories.lvl1')).filter((v) =>
      v.startsWith('Computing / '),
    );
    const tablets = Object.keys(countDeviceFacet(pool, 'categories.lvl2')).filter((v) =>
      v.startsWith('Computing / Tablets / '),
    );
    expect(roots.length).toBeGreaterThan(1);
    expect(seen.sort()).toEqual([...roots, ...computing, ...tablets].sort());
  });

  it('counts an equality on a numeric array and on a nested number, with a disjunctive numeric array facet', async () => {
    const helper = helperFor('devices', {
      disjunctiveFacets: ['resolutions'],
      facets: ['specs.screen.size', 'warranty'],
      maxValuesPerFacet: 1000,
    });
    helper.addNumericRefinement('resolutions', '=', 720);
    helper.addNumericRefinement('warranty', '=', 3);
    const { content } = await helper.searchOnce({});
    // Warranties sent as strings are facet values but not numbers: "3" does not pass warranty = 3.
    const warrantyOk = (d: Device) => d.warranty === 3;
    const hits = devices.filter((d) => warrantyOk(d) && d.resolutions.includes(720));
    expect(hits.length).toBeGreaterThan(0);
    expect(content.nbHits).toBe(hits.length);
    expect(asCounts(values(content, 'resolutions'))).toEqual(
      countDeviceFacet(devices.filter(warrantyOk), 'resolutions'),
    );
    expect(asCounts(values(content, 'specs.screen.size'))).toEqual(
      countDeviceFacet(hits, 'specs.screen.size'),
    );
    expect(asCounts(values(content, 'warranty'))).toEqual(countDeviceFacet(hits, 'warranty'));
  });

  it('shows the most frequent values first and more of them with a larger maxValuesPerFacet', async () => {
    const counts = countDeviceFacet(devices, 'specs.screen.size');
    const all = Object.keys(counts).length;
    expect(all).toBeGreaterThan(4);
    for (const limit of [3, all]) {
      const helper = helperFor('devices', {
        facets: ['specs.screen.size'],
        maxValuesPerFacet: limit,
      });
      const { content } = await helper.searchOnce({});
      const shown = values(content, 'specs.screen.size');
      expect(shown).toHaveLength(limit);
      const shownNames = new Set(shown.map((value) => value.name));
      for (const value of shown) expect(value.count, value.name).toBe(counts[value.name]);
      const lowestShown = Math.min(...shown.map((value) => value.count));
      for (const [name, count] of Object.entries(counts))
        if (!shownNames.has(name)) expect(count, name).toBeLessThanOrEqual(lowestShown);
    }
  });

  it('returns the first values alphabetically with sortFacetValuesBy alpha', async () => {
    const helper = helperFor('devices', {
      disjunctiveFacets: ['specs.screen.panel'],
      facets: ['brand.country'],
      maxValuesPerFacet: 2,
      sortFacetValuesBy: 'alpha',
    });
    helper.addDisjunctiveFacetRefinement('specs.screen.panel', 'OLED');
    const { content } = await helper.searchOnce({});
    const hits = devices.filter((d) => d.specs.screen?.panel === 'OLED');
    const countries = countDeviceFacet(hits, 'brand.country');
    const firstTwo = Object.keys(countries).sort().slice(0, 2);
    expect(asCounts(values(content, 'brand.country'))).toEqual(
      Object.fromEntries(firstTwo.map((name) => [name, countries[name]])),
    );
    const panels = countDeviceFacet(devices, 'specs.screen.panel');
    const firstPanels = Object.keys(panels).sort().slice(0, 2);
    expect(asCounts(values(content, 'specs.screen.panel'))).toEqual(
      Object.fromEntries(firstPanels.map((name) => [name, panels[name]])),
    );
  });

  it('counts products, not variants, with facetingAfterDistinct', async () => {
    const helper = helperFor('variants', {
      disjunctiveFacets: ['maker'],
      facets: ['color'],
      distinct: true,
      facetingAfterDistinct: true,
      maxValuesPerFacet: 100,
    });
    helper.addDisjunctiveFacetRefinement('maker', 'Acme');
    helper.addDisjunctiveFacetRefinement('maker', 'Globex');
    const { content } = await helper.searchOnce({});
    const products = (list: readonly Variant[]) => new Set(list.map((v) => v.product.ref));
    const kept = variants.filter((v) => v.maker === 'Acme' || v.maker === 'Globex');
    expect(content.nbHits).toBe(products(kept).size);
    const makers: Record<string, number> = {};
    for (const maker of new Set(variants.map((v) => v.maker)))
      makers[maker] = products(variants.filter((v) => v.maker === maker)).size;
    expect(asCounts(values(content, 'maker'))).toEqual(makers);
    // The colour counts the products whose best variant (most sales) has it.
    const best = new Map<number, Variant>();
    for (const variant of kept) {
      const current = best.get(variant.product.ref);
      if (current === undefined || variant.sales > current.sales)
        best.set(variant.product.ref, variant);
    }
    const colors: Record<string, number> = {};
    for (const variant of best.values()) colors[variant.color] = (colors[variant.color] ?? 0) + 1;
    expect(asCounts(values(content, 'color'))).toEqual(colors);
  });

  it('orders facets and values by the settings renderingContent, hiding the hidden ones', async () => {
    const ordering = {
      facets: { order: ['brand.name', 'brand.country'] },
      values: {
        'brand.name': {
          order: ['Sony', 'Garmin'],
          hide: ['Philips'],
          sortRemainingBy: 'alpha' as const,
        },
      },
    };
    const set = await admin.setSettings({
      indexName: 'devices',
      indexSettings: { ...deviceSettings, renderingContent: { facetOrdering: ordering } },
    });
    await admin.waitForTask({ indexName: 'devices', taskID: set.taskID });
    const helper = helperFor('devices', {
      disjunctiveFacets: ['brand.name'],
      maxValuesPerFacet: 100,
    });
    const { content } = await helper.searchOnce({});
    // setSettings only changes what it is given: the ordering is removed explicitly.
    const reset = await admin.setSettings({
      indexName: 'devices',
      indexSettings: { renderingContent: {} },
    });
    await admin.waitForTask({ indexName: 'devices', taskID: reset.taskID });
    expect(content.renderingContent?.facetOrdering?.values?.['brand.name']?.hide).toEqual([
      'Philips',
    ]);
    const ordered = content.getFacetValues('brand.name', {}) as FacetValue[];
    const others = Object.keys(countDeviceFacet(devices, 'brand.name'))
      .filter((name) => !['Sony', 'Garmin', 'Philips'].includes(name))
      .sort();
    expect(ordered.map((value) => value.name)).toEqual(['Sony', 'Garmin', ...others]);
  });

  it('takes facets_stats of a refined disjunctive numeric facet from its own query', async () => {
    const helper = helperFor('devices', {
      disjunctiveFacets: ['price'],
      facets: ['inStock'],
      maxValuesPerFacet: 1000,
    });
    helper.addNumericRefinement('price', '>=', 300);
    helper.addFacetRefinement('inStock', 'true');
    const { content } = await helper.searchOnce({});
    const inStock = devices.filter((d) => d.inStock);
    const prices = inStock.flatMap((d) => deviceNumbers(d, 'price'));
    const stats = content.getFacetStats('price') as { min: number; max: number; sum: number };
    expect(stats.min).toBe(Math.min(...prices));
    expect(stats.max).toBe(Math.max(...prices));
    expect(stats.sum).toBe(prices.reduce((sum, price) => sum + price, 0));
    expect(content.nbHits).toBe(
      inStock.filter((d) => deviceNumbers(d, 'price').some((p) => p >= 300)).length,
    );
  });

  it('searches facet values with counts under numeric, tag and other facet refinements', async () => {
    const helper = helperFor('devices', {
      disjunctiveFacets: ['brand.name'],
      facets: ['brand.country'],
      maxValuesPerFacet: 100,
    });
    helper.addDisjunctiveFacetRefinement('brand.name', 'Garmin');
    helper.addFacetExclusion('brand.country', 'Netherlands');
    helper.addNumericRefinement('specs.screen.size', '<=', 20);
    helper.addTag('new');
    const response = await helper.searchForFacetValues('brand.name', 's', 10);
    const pool = devices.filter(
      (d) =>
        d.brand.country !== 'Netherlands' &&
        deviceNumbers(d, 'specs.screen.size').some((s) => s <= 20) &&
        d._tags.includes('new'),
    );
    const counts = countDeviceFacet(pool, 'brand.name');
    const expected = Object.entries(counts)
      .filter(([name]) => /(^|\s)s/i.test(name))
      .map(([name, count]) => ({ value: name, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    expect(expected.length).toBeGreaterThan(0);
    const received = response.facetHits
      .map(({ value, count }) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    expect(received).toEqual(expected);
  });

  it('applies a rule filter to every query of the fan-out, so disjunctive counts honour it', async () => {
    const saved = await admin.saveRules({
      indexName: 'devices',
      rules: [
        {
          objectID: 'in-stock-only',
          conditions: [{ context: 'stock' }],
          consequence: { params: { filters: 'inStock:true' } },
        },
      ],
      clearExistingRules: true,
    });
    await admin.waitForTask({ indexName: 'devices', taskID: saved.taskID });
    const helper = helperFor('devices', {
      disjunctiveFacets: ['brand.name'],
      facets: ['specs.screen.panel'],
      ruleContexts: ['stock'],
      maxValuesPerFacet: 100,
    });
    helper.addDisjunctiveFacetRefinement('brand.name', 'Sony');
    const { content } = await helper.searchOnce({});
    const cleared = await admin.clearRules({ indexName: 'devices' });
    await admin.waitForTask({ indexName: 'devices', taskID: cleared.taskID });
    const stocked = devices.filter((d) => d.inStock);
    const hits = stocked.filter((d) => d.brand.name === 'Sony');
    expect(content.nbHits).toBe(hits.length);
    expect(asCounts(values(content, 'brand.name'))).toEqual(
      countDeviceFacet(stocked, 'brand.name'),
    );
    expect(asCounts(values(content, 'specs.screen.panel'))).toEqual(
      countDeviceFacet(hits, 'specs.screen.panel'),
    );
  });
});
