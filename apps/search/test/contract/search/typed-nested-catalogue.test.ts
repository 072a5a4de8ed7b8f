/**
 * An electronics catalogue shaped unlike our products and unlike the books (`devices.ts`): a brand object, specs two
 * levels deep, arrays of numbers, a boolean facet, numbers sent as strings, nulls and missing attributes, a numeric
 * distinct key and hierarchical categories with a `" / "` separator. Indexed and searched only through the official
 * v5 client (and the helper for facets); every expectation comes from the documented semantics and a brute-force
 * pass over the fixture.
 */
import { algoliasearch, type IndexSettings } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSettings } from '../../support/device-settings.ts';
import {
  countDeviceFacet,
  type Device,
  deviceNumbers,
  devices,
  matchesWords,
  searchableText,
} from '../../support/devices.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const hosts = () => hostsOf(server);
const clientFor = (apiKey: string) => algoliasearch(appId, apiKey, { hosts: hosts() });
const rest = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

beforeAll(async () => {
  server = await startTestServer();
  client = clientFor(adminKey);
  const settings = await client.setSettings({
    indexName: 'devices',
    indexSettings: {
      ...deviceSettings,
      replicas: ['devices_price_asc', 'devices_price_desc', 'virtual(devices_cheap)'],
    },
  });
  await client.waitForTask({ indexName: 'devices', taskID: settings.taskID });
  await client.saveObjects({ indexName: 'devices', objects: [...devices], waitForTasks: true });
  const replicaSettings: [string, IndexSettings][] = [
    ['devices_price_asc', { ranking: ['asc(price)', ...rest] }],
    ['devices_price_desc', { ranking: ['desc(price)', ...rest] }],
    ['devices_cheap', { customRanking: ['asc(price)'], relevancyStrictness: 0 }],
  ];
  for (const [indexName, indexSettings] of replicaSettings) {
    const task = await client.setSettings({ indexName, indexSettings });
    await client.waitForTask({ indexName, taskID: task.taskID });
  }
});
afterAll(async () => server.close());

const ids = (records: readonly { objectID: string }[]) => records.map((record) => record.objectID);
const sorted = (values: readonly string[]) => [...values].sort();
const where = (predicate: (record: Device) => boolean) => devices.filter(predicate);
const sales = (record: Device) => record.stats.sales ?? Number.NEGATIVE_INFINITY;

async function searchAll(params: Record<string, unknown>, indexName = 'devices') {
  return client.searchSingleIndex<Device>({
    indexName,
    searchParams: { hitsPerPage: 1000, ...params },
  });
}

async function expectMatches(
  params: Record<string, unknown>,
  predicate: (record: Device) => boolean,
): Promise<void> {
  const result = await searchAll(params);
  const expected = where(predicate);
  expect(expected.length, `fixture for ${JSON.stringify(params)}`).toBeGreaterThan(0);
  expect(result.nbHits, JSON.stringify(params)).toBe(expected.length);
  expect(sorted(ids(result.hits)), JSON.stringify(params)).toEqual(sorted(ids(expected)));
}

async function expectBadRequest(call: Promise<unknown>, mentions: string | RegExp): Promise<void> {
  const error = (await call.then(
    () => undefined,
    (failure: unknown) => failure,
  )) as { status?: number; message?: string } | undefined;
  expect(error, 'the call should have failed').toBeDefined();
  expect(error?.status, error?.message).toBe(400);
  expect(error?.message).toMatch(mentions);
}

describe('settings of a nested catalogue', () => {
  it('returns through getSettings what was set, on the primary and on each replica', async () => {
    const settings = await client.getSettings({ indexName: 'devices' });
    expect(settings).toMatchObject({
      ...deviceSettings,
      replicas: ['devices_price_asc', 'devices_price_desc', 'virtual(devices_cheap)'],
    });
    const ascending = await client.getSettings({ indexName: 'devices_price_asc' });
    expect(ascending).toMatchObject({ primary: 'devices', ranking: ['asc(price)', ...rest] });
    const cheap = await client.getSettings({ indexName: 'devices_cheap' });
    // A virtual replica shows the primary's settings under its own (Algolia: replicas start with the primary's).
    expect(cheap).toMatchObject({
      ...deviceSettings,
      primary: 'devices',
      customRanking: ['asc(price)'],
      relevancyStrictness: 0,
    });
    expect(cheap.replicas).toBeUndefined();
  });

  it('keeps every setting as it was sent, booleans included, next to the defaults', async () => {
    const settings: IndexSettings = {
      ...deviceSettings,
      searchableAttributes: ['unordered(brand.name)', 'name,description', 'specs.screen.panel'],
      attributesForFaceting: ['afterDistinct(searchable(brand.name))', 'filterOnly(specs.ports)'],
      customRanking: ['desc(stats.sales)', 'asc(brand.name)'],
      ranking: ['desc(price)', ...rest],
      numericAttributesForFiltering: ['equalOnly(specs.screen.size)', 'price'],
      distinct: true,
      typoTolerance: 'strict',
      attributesToSnippet: ['description:4'],
      attributesToRetrieve: ['*', '-stats'],
    };
    const task = await client.setSettings({
      indexName: 'devices_settings',
      indexSettings: settings,
    });
    await client.waitForTask({ indexName: 'devices_settings', taskID: task.taskID });
    const stored = (await client.getSettings({ indexName: 'devices_settings' })) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(settings)) expect(stored[name], name).toEqual(value);
    // Settings not sent come back with Algolia's defaults.
    expect(stored).toMatchObject({
      hitsPerPage: 20,
      maxValuesPerFacet: 100,
      paginationLimitedTo: 1000,
    });
    // `distinct: true` groups like `distinct: 1`.
    await client.saveObjects({
      indexName: 'devices_settings',
      objects: [...devices],
      waitForTasks: true,
    });
    const grouped = await searchAll({ attributeForDistinct: undefined }, 'devices_settings');
    expect(grouped.nbHits).toBe(new Set(devices.map((record) => record.modelId)).size);
    await client.deleteIndex({ indexName: 'devices_settings' });
  });

  it('rejects malformed entries of the attribute-list settings instead of ignoring them', async () => {
    for (const indexSettings of [
      { customRanking: ['stats.sales'] },
      { customRanking: ['top(stats.sales)'] },
      { ranking: ['typo', 'popularity'] },
      { attributesForFaceting: ['filterOnly(searchable(brand.name))'] },
      { attributesForFaceting: ['sortable(brand.name)'] },
      { searchableAttributes: ['unordered(brand.name'] },
      { numericAttributesForFiltering: ['rangeOnly(price)'] },
    ]) {
      const [name] = Object.keys(indexSettings);
      await expectBadRequest(
        client.setSettings({ indexName: 'devices', indexSettings }),
        new RegExp(`^Invalid value ".*" in ${name}: `),
      );
    }
    // Nothing of a refused write is kept.
    const settings = await client.getSettings({ indexName: 'devices' });
    expect(settings).toMatchObject({
      customRanking: deviceSettings.customRanking,
      attributesForFaceting: deviceSettings.attributesForFaceting,
      searchableAttributes: deviceSettings.searchableAttributes,
    });
  });

  it('rejects settings out of their documented bounds with a 400 naming the setting', async () => {
    await expectBadRequest(
      client.setSettings({ indexName: 'devices', indexSettings: { paginationLimitedTo: 20_001 } }),
      /paginationLimitedTo/,
    );
    await expectBadRequest(
      client.setSettings({
        indexName: 'devices',
        indexSettings: { userData: { blob: 'x'.repeat(33 * 1024) } },
      }),
      /userData/,
    );
    await expectBadRequest(
      client.setSettings({
        indexName: 'devices_limits',
        indexSettings: {
          replicas: Array.from({ length: 21 }, (_, index) => `virtual(devices_v${index})`),
        },
      }),
      /replica/i,
    );
    // Nothing of a refused write is kept.
    const settings = await client.getSettings({ indexName: 'devices' });
    expect(settings.paginationLimitedTo ?? 1000).toBe(1000);
    expect(settings.userData ?? {}).toEqual({});
  });
});

describe('searching nested attributes', () => {
  it('matches a nested searchable attribute and highlights it inside its object', async () => {
    const result = await searchAll({ query: 'garmin' });
    const expected = where((record) => matchesWords(searchableText(record), 'garmin'));
    expect(sorted(ids(result.hits))).toEqual(sorted(ids(expected)));
    for (const hit of result.hits) {
      const brand = (
        hit._highlightResult as Record<string, Record<string, Record<string, unknown>>>
      )['brand']?.['name'];
      if (hit.brand.name === 'Garmin')
        expect(brand).toMatchObject({
          value: '<em>Garmin</em>',
          matchLevel: 'full',
          matchedWords: ['garmin'],
        });
      else expect(brand).toMatchObject({ value: hit.brand.name, matchLevel: 'none' });
    }
  });

  it('restricts the search to a nested attribute with restrictSearchableAttributes', async () => {
    await expectMatches(
      { query: 'garmin', restrictSearchableAttributes: ['brand.name'] },
      (record) => record.brand.name === 'Garmin',
    );
    await expectMatches(
      { query: 'garmin', restrictSearchableAttributes: ['description'] },
      (record) => matchesWords(record.description, 'garmin'),
    );
  });

  it('retrieves and highlights only the nested paths asked for', async () => {
    const result = await searchAll({
      query: 'oled',
      typoTolerance: false,
      attributesToRetrieve: ['brand.name', 'specs.screen.size'],
      attributesToHighlight: ['specs.screen.panel'],
    });
    const expected = where((record) => record.specs.screen?.panel === 'OLED');
    expect(sorted(ids(result.hits))).toEqual(sorted(ids(expected)));
    for (const hit of result.hits) {
      const record = expected.find((candidate) => candidate.objectID === hit.objectID);
      const { _highlightResult, ...visible } = hit as unknown as Record<string, unknown>;
      expect(visible).toEqual({
        objectID: hit.objectID,
        brand: { name: record?.brand.name },
        specs: { screen: { size: record?.specs.screen?.size } },
      });
      expect(_highlightResult).toEqual({
        specs: {
          screen: {
            panel: {
              value: '<em>OLED</em>',
              matchLevel: 'full',
              matchedWords: ['oled'],
              fullyHighlighted: true,
            },
          },
        },
      });
    }
  });

  it('snippets a description to N words around the match', async () => {
    const result = await searchAll({
      query: 'battery',
      attributesToSnippet: ['description:4'],
      attributesToHighlight: [],
    });
    const expected = where((record) => matchesWords(record.description, 'battery'));
    expect(sorted(ids(result.hits))).toEqual(sorted(ids(expected)));
    for (const hit of result.hits) {
      const snippet = (hit._snippetResult as Record<string, { value: string; matchLevel: string }>)[
        'description'
      ];
      expect(snippet?.matchLevel).toBe('full');
      expect(snippet?.value).toContain('<em>battery</em>');
      const words = (snippet?.value ?? '')
        .replace(/<\/?em>/g, '')
        .replace(/…/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      expect(words, snippet?.value).toHaveLength(4);
      expect(snippet?.value.startsWith('…') || snippet?.value.endsWith('…')).toBe(true);
    }
  });

  it('applies minWordSizefor1Typo and minWordSizefor2Typos to query words', async () => {
    const cameras = (record: Device) => record.name.includes('camera');
    await expectMatches({ query: 'camra' }, cameras);
    const strict = await searchAll({ query: 'camra', minWordSizefor1Typo: 6 });
    expect(strict.nbHits).toBe(0);
    // Two typos from 8 characters by default; `minWordSizefor2Typos: 9` keeps them out.
    await expectMatches({ query: 'heaadsett' }, (record) => record.name.includes('headset'));
    const two = await searchAll({ query: 'heaadsett', minWordSizefor2Typos: 10 });
    expect(two.nbHits).toBe(0);
  });

  it('does not tolerate typos on the attributes of disableTypoToleranceOnAttributes', async () => {
    await expectMatches({ query: 'garmn' }, (record) =>
      matchesWords(searchableText(record), 'garmin'),
    );
    await expectMatches(
      { query: 'garmn', disableTypoToleranceOnAttributes: ['brand.name'] },
      (record) => matchesWords(record.description, 'garmin'),
    );
    const none = await searchAll({
      query: 'philps',
      disableTypoToleranceOnAttributes: ['brand.name'],
    });
    expect(none.nbHits).toBe(0);
  });

  it('ranks by a nested custom ranking attribute, missing values last', async () => {
    const result = await searchAll({});
    const withSales = [...where((record) => record.stats.sales !== undefined)].sort(
      (a, b) => sales(b) - sales(a),
    );
    expect(ids(result.hits.slice(0, withSales.length))).toEqual(ids(withSales));
    expect(sorted(ids(result.hits.slice(withSales.length)))).toEqual(
      sorted(ids(where((record) => record.stats.sales === undefined))),
    );
  });
});

describe('filtering nested, array, boolean and string-typed values', () => {
  it('filters a nested numeric attribute, nulls and missing screens never matching', async () => {
    const size = (record: Device) => record.specs.screen?.size;
    await expectMatches({ numericFilters: ['specs.screen.size>=20'] }, (r) => (size(r) ?? 0) >= 20);
    await expectMatches({ filters: 'specs.screen.size:10 TO 20' }, (r) => {
      const value = size(r);
      return value !== undefined && value >= 10 && value <= 20;
    });
    await expectMatches(
      { filters: 'NOT specs.screen.size:10 TO 20' },
      (r) => !((size(r) ?? -1) >= 10 && (size(r) ?? -1) <= 20),
    );
    await expectMatches({ filters: 'specs.screen.panel:"mini led"' }, (r) => {
      return r.specs.screen?.panel === 'Mini LED';
    });
  });

  it('matches a numeric filter on an array when any element matches', async () => {
    await expectMatches({ numericFilters: ['resolutions=2160'] }, (r) =>
      r.resolutions.includes(2160),
    );
    await expectMatches(
      { filters: 'resolutions > 2000 AND resolutions < 2500' },
      // Each condition holds on any element, not necessarily the same one.
      (r) =>
        r.resolutions.some((value) => value > 2000) && r.resolutions.some((value) => value < 2500),
    );
    // A range holds on one element.
    await expectMatches({ filters: 'resolutions:2000 TO 2500' }, (r) =>
      r.resolutions.some((value) => value >= 2000 && value <= 2500),
    );
    await expectMatches({ numericFilters: [['resolutions=720', 'resolutions=2880']] }, (r) =>
      r.resolutions.some((value) => value === 720 || value === 2880),
    );
  });

  it('facet-filters and excludes array values, and filters on a filterOnly nested array', async () => {
    await expectMatches({ facetFilters: ['colors:Midnight Blue'] }, (r) =>
      r.colors.includes('midnight blue'),
    );
    await expectMatches({ filters: 'NOT colors:black' }, (r) => !r.colors.includes('black'));
    await expectMatches({ facetFilters: ['colors:-black', 'specs.ports:HDMI'] }, (r) => {
      return !r.colors.includes('black') && r.specs.ports.includes('HDMI');
    });
    await expectMatches({ filters: 'specs.ports:"Jack 3.5" AND NOT specs.ports:Ethernet' }, (r) => {
      return r.specs.ports.includes('Jack 3.5') && !r.specs.ports.includes('Ethernet');
    });
  });

  it('filters booleans as facets, with filters and facetFilters alike', async () => {
    await expectMatches({ facetFilters: ['inStock:true'] }, (r) => r.inStock);
    await expectMatches({ filters: 'inStock:false' }, (r) => !r.inStock);
    await expectMatches({ facetFilters: [['inStock:false', 'brand.name:Sony']] }, (r) => {
      return !r.inStock || r.brand.name === 'Sony';
    });
    const result = await searchAll({ facets: ['inStock'], hitsPerPage: 0 });
    expect(result.facets?.['inStock']).toEqual(countDeviceFacet(devices, 'inStock'));
  });

  it('counts numbers sent as strings as facet values but leaves them out of numeric filters', async () => {
    await expectMatches({ numericFilters: ['warranty>=3'] }, (r) => {
      return typeof r.warranty === 'number' && r.warranty >= 3;
    });
    await expectMatches({ facetFilters: ['warranty:3'] }, (r) => String(r.warranty) === '3');
    const result = await searchAll({ facets: ['warranty'], hitsPerPage: 0 });
    expect(result.facets?.['warranty']).toEqual(countDeviceFacet(devices, 'warranty'));
  });

  it('filters on _tags with tagFilters and filters, case-sensitively', async () => {
    await expectMatches({ tagFilters: [['new', 'Flash-Sale']] }, (r) =>
      r._tags.some((tag) => tag === 'new' || tag === 'Flash-Sale'),
    );
    await expectMatches({ tagFilters: ['refurbished', '-Flash-Sale'] }, (r) => {
      return r._tags.includes('refurbished') && !r._tags.includes('Flash-Sale');
    });
    await expectMatches({ filters: '_tags:"Flash-Sale" AND inStock:true' }, (r) => {
      return r._tags.includes('Flash-Sale') && r.inStock;
    });
    const wrongCase = await searchAll({ tagFilters: ['flash-sale'] });
    expect(wrongCase.nbHits).toBe(0);
  });

  it('rejects malformed filters and mixed-type OR groups with a 400', async () => {
    await expectBadRequest(searchAll({ filters: 'price >' }), /filters|price/i);
    await expectBadRequest(searchAll({ filters: 'brand.name:Sony OR price > 3' }), /.+/);
    await expectBadRequest(searchAll({ filters: 'NOT (inStock:true OR price > 3)' }), /.+/);
    await expectBadRequest(searchAll({ filters: 'brand.name:Sony<score=70000>' }), /score/i);
  });
});

describe('facets of a nested catalogue', () => {
  it('returns every non-filterOnly facet for *, with stats over numeric ones', async () => {
    const result = await searchAll({ facets: ['*'], hitsPerPage: 0, query: 'quantum' });
    const matched = where((record) => matchesWords(searchableText(record), 'quantum'));
    const displayed = deviceSettings.attributesForFaceting
      .filter((entry) => !entry.startsWith('filterOnly('))
      .map((entry) => entry.replace(/^\w+\((.*)\)$/, '$1'));
    expect(sorted(Object.keys(result.facets ?? {}))).toEqual(
      sorted(displayed.filter((facet) => Object.keys(countDeviceFacet(matched, facet)).length > 0)),
    );
    for (const facet of displayed) {
      if (facet === 'colors') continue; // afterDistinct: counted below
      expect(result.facets?.[facet] ?? {}, facet).toEqual(countDeviceFacet(matched, facet));
    }
    for (const facet of ['price', 'specs.screen.size']) {
      const numbers = matched.flatMap((record) => deviceNumbers(record, facet));
      const sum = numbers.reduce((total, value) => total + value, 0);
      const stats = result.facets_stats?.[facet];
      expect(stats, facet).toMatchObject({
        min: Math.min(...numbers),
        max: Math.max(...numbers),
      });
      expect(stats?.sum, facet).toBeCloseTo(sum, 6);
      expect(stats?.avg, facet).toBeCloseTo(sum / numbers.length, 2);
    }
  });

  it('searches values of a nested searchable facet and refuses the others', async () => {
    const response = await client.searchForFacetValues({
      indexName: 'devices',
      facetName: 'brand.name',
      searchForFacetValuesRequest: { facetQuery: 'phi', params: 'filters=inStock%3Atrue' },
    });
    const count = where((r) => r.inStock && r.brand.name === 'Philips').length;
    expect(response.facetHits).toEqual([
      { value: 'Philips', highlighted: '<em>Phi</em>lips', count },
    ]);
    await expectBadRequest(
      client.searchForFacetValues({
        indexName: 'devices',
        facetName: 'colors',
        searchForFacetValuesRequest: { facetQuery: 'bl' },
      }),
      'Cannot search in `colors` attribute, you need to add `searchable(colors)` to attributesForFaceting.',
    );
  });
});

describe('distinct on a numeric attribute', () => {
  const groups = new Map<number, Device[]>();
  for (const record of devices)
    groups.set(record.modelId, [...(groups.get(record.modelId) ?? []), record]);
  const best = (count: number) =>
    [...groups.values()].flatMap((members) =>
      [...members].sort((a, b) => sales(b) - sales(a)).slice(0, count),
    );

  it('keeps the best record of each model and counts groups in nbHits', async () => {
    const result = await searchAll({ distinct: true });
    expect(result.nbHits).toBe(groups.size);
    expect(sorted(ids(result.hits))).toEqual(sorted(ids(best(1))));
  });

  it('keeps two records per model with distinct: 2', async () => {
    const result = await searchAll({ distinct: 2 });
    expect(sorted(ids(result.hits))).toEqual(sorted(ids(best(2))));
    const paged = await searchAll({ distinct: 2, hitsPerPage: 5 });
    const firstGroups = new Set(paged.hits.map((hit) => hit.modelId));
    expect(firstGroups.size).toBe(5);
    expect(paged.hits).toHaveLength(10);
  });

  it('counts afterDistinct facets over the kept records and the others over every record', async () => {
    const result = await searchAll({
      distinct: true,
      facets: ['colors', 'brand.name'],
      hitsPerPage: 0,
    });
    expect(result.facets?.['colors']).toEqual(countDeviceFacet(best(1), 'colors'));
    expect(result.facets?.['brand.name']).toEqual(countDeviceFacet(devices, 'brand.name'));
    // Without distinct, afterDistinct changes nothing.
    const plain = await searchAll({ facets: ['colors'], hitsPerPage: 0 });
    expect(plain.facets?.['colors']).toEqual(countDeviceFacet(devices, 'colors'));
  });
});

describe('replicas of a nested catalogue', () => {
  const priced = where((record) => typeof record.price === 'number');
  const unpriced = where((record) => typeof record.price !== 'number');
  const price = (record: Device) => record.price ?? 0;

  it('sorts standard replicas ascending and descending, null and missing prices last', async () => {
    const ascending = await searchAll({}, 'devices_price_asc');
    expect(ids(ascending.hits.slice(0, priced.length))).toEqual(
      ids([...priced].sort((a, b) => price(a) - price(b))),
    );
    expect(sorted(ids(ascending.hits.slice(priced.length)))).toEqual(sorted(ids(unpriced)));
    const descending = await searchAll({}, 'devices_price_desc');
    expect(ids(descending.hits.slice(0, priced.length))).toEqual(
      ids([...priced].sort((a, b) => price(b) - price(a))),
    );
    expect(sorted(ids(descending.hits.slice(priced.length)))).toEqual(sorted(ids(unpriced)));
    // The replica filters like its primary.
    const sony = (r: Device) => r.brand.name === 'Sony';
    const filtered = await searchAll({ filters: 'brand.name:Sony' }, 'devices_price_desc');
    const pricedSony = priced.filter(sony).sort((a, b) => price(b) - price(a));
    expect(ids(filtered.hits.slice(0, pricedSony.length))).toEqual(ids(pricedSony));
    expect(sorted(ids(filtered.hits.slice(pricedSony.length)))).toEqual(
      sorted(ids(unpriced.filter(sony))),
    );
  });

  it('sorts a virtual replica by relevant sort, reporting the strictness it applied', async () => {
    const result = await searchAll({ query: 'tablet' }, 'devices_cheap');
    const tablets = where((record) => record.name.includes('tablet'));
    expect(result['appliedRelevancyStrictness']).toBe(0);
    expect(result.nbHits).toBe(tablets.length);
    expect(result.nbSortedHits).toBe(tablets.length);
    const pricedTablets = tablets.filter((record) => typeof record.price === 'number');
    expect(ids(result.hits.slice(0, pricedTablets.length))).toEqual(
      ids([...pricedTablets].sort((a, b) => price(a) - price(b))),
    );
    const strict = await searchAll({ query: 'tablet', relevancyStrictness: 100 }, 'devices_cheap');
    expect(strict['appliedRelevancyStrictness']).toBe(100);
    expect(strict.nbHits).toBe(tablets.length);
  });
});

describe('hierarchical facets with a custom separator through the helper', () => {
  const levels = ['categories.lvl0', 'categories.lvl1', 'categories.lvl2'];
  interface Node {
    readonly path: string;
    readonly count: number;
    readonly isRefined: boolean;
    readonly data: Node[] | null;
  }

  it('builds the tree under a refined depth-1 category with a disjunctive brand', async () => {
    const helper = algoliasearchHelper(liteClient(appId, adminKey, { hosts: hosts() }), 'devices', {
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' / ' }],
      disjunctiveFacets: ['brand.name'],
      facets: ['inStock'],
      maxValuesPerFacet: 100,
    });
    helper.toggleFacetRefinement('categories', 'Computing / Tablets');
    helper.addDisjunctiveFacetRefinement('brand.name', 'Sony');
    helper.addDisjunctiveFacetRefinement('brand.name', 'Lenovo');
    helper.addFacetRefinement('inStock', 'true');
    const { content } = await helper.searchOnce({});
    const brandOk = (r: Device) => ['Sony', 'Lenovo'].includes(r.brand.name);
    const inCategory = (r: Device) => r.categories.lvl1 === 'Computing / Tablets';
    expect(sorted(ids(content.hits as unknown as Device[]))).toEqual(
      sorted(ids(where((r) => r.inStock && brandOk(r) && inCategory(r)))),
    );
    const tree = content.getFacetValues('categories', {}) as { data: Node[] | null };
    const base = where((r) => r.inStock && brandOk(r));
    const level = (nodes: readonly Node[]) =>
      Object.fromEntries(nodes.map((node) => [node.path, node.count]));
    expect(level(tree.data ?? [])).toEqual(countDeviceFacet(base, 'categories.lvl0'));
    const computing = tree.data?.find((node) => node.path === 'Computing');
    expect(computing?.isRefined).toBe(true);
    expect(level(computing?.data ?? [])).toEqual(
      countDeviceFacet(
        base.filter((r) => r.categories.lvl0 === 'Computing'),
        'categories.lvl1',
      ),
    );
    const tablets = computing?.data?.find((node) => node.path === 'Computing / Tablets');
    expect(level(tablets?.data ?? [])).toEqual(
      countDeviceFacet(base.filter(inCategory), 'categories.lvl2'),
    );
    const brands = content.getFacetValues('brand.name', {}) as { name: string; count: number }[];
    // The helper lists refined values missing from the counts with 0.
    expect(Object.fromEntries(brands.map((item) => [item.name, item.count]))).toEqual({
      Sony: 0,
      Lenovo: 0,
      ...countDeviceFacet(
        where((r) => r.inStock && inCategory(r)),
        'brand.name',
      ),
    });
  });
});

describe('boolean, nested numeric and numeric array facets through the helper', () => {
  it('counts a boolean toggle, a nested range and a numeric array refinement exactly', async () => {
    const helper = algoliasearchHelper(liteClient(appId, adminKey, { hosts: hosts() }), 'devices', {
      disjunctiveFacets: ['inStock', 'specs.screen.size'],
      facets: ['resolutions', 'brand.name'],
      maxValuesPerFacet: 100,
    });
    helper.setQuery('quantum');
    helper.addDisjunctiveFacetRefinement('inStock', 'true');
    helper.addNumericRefinement('specs.screen.size', '>=', 10);
    helper.addNumericRefinement('specs.screen.size', '<=', 25);
    helper.addFacetRefinement('resolutions', '1080');
    const { content } = await helper.searchOnce({});
    const size = (r: Device) => r.specs.screen?.size;
    const inRange = (r: Device) => (size(r) ?? -1) >= 10 && (size(r) ?? -1) <= 25;
    const base = where(
      (r) => matchesWords(searchableText(r), 'quantum') && r.resolutions.includes(1080),
    );
    expect(sorted(ids(content.hits as unknown as Device[]))).toEqual(
      sorted(ids(base.filter((r) => r.inStock && inRange(r)))),
    );
    const counts = (facet: string) =>
      Object.fromEntries(
        (content.getFacetValues(facet, {}) as { name: string; count: number }[]).map((item) => [
          item.name,
          item.count,
        ]),
      );
    // A disjunctive facet counts without its own refinement.
    expect(counts('inStock')).toEqual({
      true: 0,
      ...countDeviceFacet(base.filter(inRange), 'inStock'),
    });
    expect(counts('resolutions')).toEqual(
      countDeviceFacet(
        base.filter((r) => r.inStock && inRange(r)),
        'resolutions',
      ),
    );
    // The range slider bounds come from the query without the range.
    const sizes = base
      .filter((r) => r.inStock)
      .flatMap((r) => deviceNumbers(r, 'specs.screen.size'));
    expect(content.getFacetStats('specs.screen.size')).toMatchObject({
      min: Math.min(...sizes),
      max: Math.max(...sizes),
    });
  });
});

describe('synonyms and rules on a nested catalogue', () => {
  it('applies one-way synonyms, alternative corrections and regular synonyms', async () => {
    const task = await client.saveSynonyms({
      indexName: 'devices',
      synonymHit: [
        { objectID: 'display', type: 'onewaysynonym', input: 'display', synonyms: ['monitor'] },
        { objectID: 'slate', type: 'altcorrection1', word: 'slate', corrections: ['tablet'] },
        { objectID: 'earphones', type: 'synonym', synonyms: ['earphones', 'headset'] },
      ],
      forwardToReplicas: true,
    });
    await client.waitForTask({ indexName: 'devices', taskID: task.taskID });
    const monitors = (r: Device) => r.name.includes('monitor');
    await expectMatches({ query: 'display' }, monitors);
    await expectMatches({ query: 'slate' }, (r) => r.name.includes('tablet'));
    await expectMatches({ query: 'earphones' }, (r) => r.name.includes('headset'));
    // One-way: the synonym does not lead back to its input (no record holds "display").
    await expectMatches({ query: 'monitor' }, monitors);
    const off = await searchAll({ query: 'display', synonyms: false });
    expect(off.nbHits).toBe(0);
    // Forwarded to the replicas.
    const replica = await searchAll({ query: 'display' }, 'devices_price_asc');
    expect(sorted(ids(replica.hits))).toEqual(sorted(ids(where(monitors))));
  });

  it('fills a placeholder synonym with its replacements', async () => {
    const saved = await client.saveObjects({
      indexName: 'devices_placeholder',
      objects: [
        {
          objectID: 'p1',
          name: 'cobalt <edition> router',
          brand: { name: 'Sony', country: 'Japan' },
        },
        { objectID: 'p2', name: 'cobalt router', brand: { name: 'Sony', country: 'Japan' } },
      ],
      waitForTasks: true,
    });
    expect(saved).toHaveLength(1);
    const task = await client.saveSynonyms({
      indexName: 'devices_placeholder',
      synonymHit: [
        {
          objectID: 'edition',
          type: 'placeholder',
          placeholder: '<edition>',
          replacements: ['pro', 'max'],
        },
      ],
    });
    await client.waitForTask({ indexName: 'devices_placeholder', taskID: task.taskID });
    for (const query of ['pro router', 'max router']) {
      const result = await client.searchSingleIndex({
        indexName: 'devices_placeholder',
        searchParams: { query },
      });
      expect(ids(result.hits), query).toEqual(['p1']);
    }
    const other = await client.searchSingleIndex({
      indexName: 'devices_placeholder',
      searchParams: { query: 'ultra router' },
    });
    expect(other.nbHits).toBe(0);
    await client.deleteIndex({ indexName: 'devices_placeholder' });
  });

  it('promotes, hides and filters from a query pattern, and reads a {facet:} pattern on a nested brand', async () => {
    const cheapCameras = where((r) => r.name.includes('camera') && (r.price ?? 1e9) < 400);
    const promoted = cheapCameras.at(-1);
    const hidden = cheapCameras[0];
    if (promoted === undefined || hidden === undefined || promoted === hidden)
      throw new Error('The fixture needs two cheap cameras');
    const task = await client.saveRules({
      indexName: 'devices',
      rules: [
        {
          objectID: 'cheap',
          conditions: [{ pattern: 'cheap', anchoring: 'contains' }],
          consequence: {
            params: { filters: 'price < 400', query: { remove: ['cheap'] } },
            promote: [{ objectID: promoted.objectID, position: 0 }],
            hide: [{ objectID: hidden.objectID }],
          },
        },
        {
          objectID: 'brand-deals',
          conditions: [{ pattern: '{facet:brand.name} deals', anchoring: 'is' }],
          consequence: {
            params: {
              automaticFacetFilters: [{ facet: 'brand.name' }],
              query: { remove: ['deals'] },
            },
            userData: { banner: 'deals' },
          },
        },
      ],
    });
    await client.waitForTask({ indexName: 'devices', taskID: task.taskID });
    const cheap = await searchAll({ query: 'cheap camera' });
    expect(cheap.hits[0]?.objectID).toBe(promoted.objectID);
    expect(sorted(ids(cheap.hits))).toEqual(sorted(ids(cheapCameras.filter((r) => r !== hidden))));
    expect(cheap.appliedRules).toEqual([{ objectID: 'cheap' }]);
    const deals = await searchAll({ query: 'sony deals' });
    expect(sorted(ids(deals.hits))).toEqual(sorted(ids(where((r) => r.brand.name === 'Sony'))));
    expect(deals.userData).toEqual([{ banner: 'deals' }]);
    const off = await searchAll({ query: 'sony deals', enableRules: false });
    expect(off.nbHits).toBe(0);
  });
});

describe('limits and errors on a nested catalogue', () => {
  it('rejects out-of-range search parameters with a 400 naming the parameter', async () => {
    await expectBadRequest(searchAll({ distinct: 5 }), /distinct/);
    await expectBadRequest(searchAll({ offset: 0, length: 1001 }), /length/);
    await expectBadRequest(
      searchAll({ ruleContexts: Array.from({ length: 11 }, (_, index) => `c${index}`) }),
      /ruleContexts/,
    );
    await expectBadRequest(searchAll({ analyticsTags: ['t'.repeat(101)] }), /analyticsTags/);
    await expectBadRequest(searchAll({ page: -1 }), /page/);
    await expectBadRequest(searchAll({ hitsPerPage: 1001 }), /hitsPerPage/);
  });

  it('refuses geo search, naming the parameter', async () => {
    await expectBadRequest(searchAll({ aroundLatLng: '48.85, 2.35' }), /aroundLatLng/);
    await expectBadRequest(
      searchAll({ insideBoundingBox: [[47.3165, 4.9665, 47.3424, 5.0201]] }),
      /insideBoundingBox/,
    );
  });

  it('clamps maxValuesPerFacet above 1,000 instead of failing', async () => {
    const result = await searchAll({ facets: ['price'], maxValuesPerFacet: 5000, hitsPerPage: 0 });
    expect(result.facets?.['price']).toEqual(countDeviceFacet(devices, 'price'));
  });

  it('answers a missing index with 404 Index does not exist', async () => {
    const error = await searchAll({}, 'devices_nowhere').catch((failure: unknown) => failure);
    expect(error).toMatchObject({
      status: 404,
      message: expect.stringMatching(/^Index does not exist/),
    });
  });
});

describe('keys on a nested catalogue', () => {
  async function createKey(apiKey: Parameters<typeof client.addApiKey>[0]): Promise<string> {
    const { key } = await client.addApiKey(apiKey);
    await client.waitForApiKey({ key, operation: 'add' });
    return key;
  }

  it('matches index patterns by prefix, suffix and infix', async () => {
    const suffix = clientFor(await createKey({ acl: ['search'], indexes: ['*_price_asc'] }));
    await expect(
      suffix.searchSingleIndex({ indexName: 'devices_price_asc', searchParams: {} }),
    ).resolves.toMatchObject({ nbHits: devices.length });
    await expect(
      suffix.searchSingleIndex({ indexName: 'devices', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
    const infix = clientFor(await createKey({ acl: ['search'], indexes: ['*price*'] }));
    await expect(
      infix.searchSingleIndex({ indexName: 'devices_price_desc', searchParams: {} }),
    ).resolves.toMatchObject({ nbHits: devices.length });
    await expect(
      infix.searchSingleIndex({ indexName: 'devices_cheap', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('stores the key attributes in order and enforces validity', async () => {
    const key = await createKey({
      acl: ['search', 'browse'],
      indexes: ['devices_price_desc', 'devices'],
      validity: 2,
      description: 'short-lived',
    });
    const stored = await client.getApiKey({ key });
    expect(stored).toMatchObject({
      acl: ['search', 'browse'],
      indexes: ['devices_price_desc', 'devices'],
      description: 'short-lived',
    });
    expect(stored.validity).toBeGreaterThan(0);
    expect(stored.validity).toBeLessThanOrEqual(2);
    await expect(
      clientFor(key).searchSingleIndex({ indexName: 'devices', searchParams: {} }),
    ).resolves.toMatchObject({ nbHits: devices.length });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(
      clientFor(key).searchSingleIndex({ indexName: 'devices', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('hides the primary unretrievable attributes on a virtual replica, in search and getObject(s)', async () => {
    const primary = await client.setSettings({
      indexName: 'devices_private',
      indexSettings: {
        ...deviceSettings,
        unretrievableAttributes: ['stats.sales', 'warranty'],
        replicas: ['virtual(devices_private_rel)'],
      },
    });
    await client.waitForTask({ indexName: 'devices_private', taskID: primary.taskID });
    await client.saveObjects({
      indexName: 'devices_private',
      objects: devices.slice(0, 6),
      waitForTasks: true,
    });
    const reader = clientFor(await createKey({ acl: ['search'], indexes: ['devices_private*'] }));
    const hidden = (record: Record<string, unknown>) => {
      expect(record).not.toHaveProperty('warranty');
      expect(record['stats']).toEqual({});
    };
    for (const indexName of ['devices_private', 'devices_private_rel']) {
      const result = await reader.searchSingleIndex({ indexName, searchParams: {} });
      expect(result.nbHits, indexName).toBe(6);
      for (const hit of result.hits) hidden(hit);
      hidden(await reader.getObject({ indexName, objectID: 'dev-003' }));
      const { results } = await reader.getObjects({
        requests: [{ indexName, objectID: 'dev-004' }],
      });
      hidden(results[0] as Record<string, unknown>);
    }
    // The admin key still sees them.
    const admin = await client.getObject({ indexName: 'devices_private_rel', objectID: 'dev-003' });
    expect(admin).toMatchObject({ warranty: devices[3]?.warranty });
  });

  it('updates a key in full and waits for the update with the official helper', async () => {
    const key = await createKey({ acl: ['search'], indexes: ['devices'], description: 'before' });
    const apiKey = {
      acl: ['search', 'browse'] as ('search' | 'browse')[],
      indexes: ['devices_price_desc', 'devices'],
      referers: ['https://shop.example/*'],
      description: 'after',
      maxHitsPerQuery: 3,
      queryParameters: 'filters=inStock%3Atrue',
    };
    await client.updateApiKey({ key, apiKey });
    await client.waitForApiKey({ key, operation: 'update', apiKey });
    expect(await client.getApiKey({ key })).toMatchObject(apiKey);
    await client.deleteApiKey({ key });
    await client.waitForApiKey({ key, operation: 'delete' });
    await expect(client.getApiKey({ key })).rejects.toMatchObject({ status: 404 });
  });

  it('applies a secured key filters, restricted indices and forced search parameters', async () => {
    const parent = await createKey({ acl: ['search'], indexes: ['devices*'] });
    const secured = client.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: {
        filters: 'brand.name:Philips AND specs.screen.size >= 10',
        restrictIndices: ['devices', 'devices_price_asc'],
        searchParams: { attributesToRetrieve: ['name'] },
      },
    });
    const user = clientFor(secured);
    const expected = where((r) => r.brand.name === 'Philips' && (r.specs.screen?.size ?? 0) >= 10);
    for (const indexName of ['devices', 'devices_price_asc']) {
      const result = await user.searchSingleIndex<Device>({
        indexName,
        searchParams: { hitsPerPage: 1000, attributesToRetrieve: ['*'] },
      });
      expect(sorted(ids(result.hits)), indexName).toEqual(sorted(ids(expected)));
      for (const hit of result.hits) {
        const visible = Object.keys(hit).filter((key) => !key.startsWith('_'));
        expect(visible.sort()).toEqual(['name', 'objectID']);
      }
    }
    const narrowed = await user.searchSingleIndex<Device>({
      indexName: 'devices',
      searchParams: { filters: 'inStock:true', hitsPerPage: 1000 },
    });
    expect(sorted(ids(narrowed.hits))).toEqual(sorted(ids(expected.filter((r) => r.inStock))));
    await expect(
      user.searchSingleIndex({ indexName: 'devices_price_desc', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
    const fromAdmin = clientFor(
      client.generateSecuredApiKey({
        parentApiKey: adminKey,
        restrictions: { filters: 'inStock:true' },
      }),
    );
    await expect(
      fromAdmin.searchSingleIndex({ indexName: 'devices', searchParams: {} }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
