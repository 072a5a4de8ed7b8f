/**
 * Search results, on a furniture catalogue shaped unlike ours (`furniture.ts`: bilingual
 * names in an object, colours as an array of objects, nested numbers, a boolean, multi-valued facets, hierarchical
 * categories, variants sharing a `family`), through the official v5 client only. Expectations come from
 * docs/api.md (§3 parameters and filters, §4.2 ranking info, §5 responses) and Algolia's documented behaviour, and
 * every count or id list is computed from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet, numbersAt } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureSettings,
  level2Of,
} from '../../support/furniture.ts';
import { ids, sorted } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_search';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({ indexName, settings, records: furniture }));
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams) =>
  admin.searchSingleIndex<Furniture>({ indexName, searchParams });

/** Lower-case words with accents folded (§3.5), split on anything that is not a letter or a digit. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const searchableText = (item: Furniture) =>
  words(
    [
      item.name.fr,
      item.name.en,
      item.brand,
      ...item.materials,
      ...item.colors.map((c) => c.name),
      item.description,
    ].join(' '),
  );
/** prefixLast without typos: every word but the last matches whole, the last as a prefix. */
function matchesQuery(item: Furniture, query: string): boolean {
  const text = searchableText(item);
  const terms = words(query);
  return terms.every((term, at) =>
    at === terms.length - 1 ? text.some((word) => word.startsWith(term)) : text.includes(term),
  );
}

describe('pagination', () => {
  it('walks every page with page/hitsPerPage in custom-ranking order', async () => {
    const order = byPopularity();
    const seen: string[] = [];
    for (let page = 0; page < 6; page += 1) {
      const result = await search({ page, hitsPerPage: 7 });
      expect(result.page).toBe(page);
      expect(result.hitsPerPage).toBe(7);
      expect(result.nbPages).toBe(Math.ceil(furniture.length / 7));
      seen.push(...ids(result.hits));
    }
    expect(seen).toEqual(order);
    const past = await search({ page: 6, hitsPerPage: 7 });
    expect(past.hits).toEqual([]);
    expect(past.nbHits).toBe(furniture.length);
  });

  it('slices with offset/length, ignoring page and hitsPerPage', async () => {
    const order = byPopularity((item) => item.inStock);
    const window = await search({ filters: 'inStock:true', offset: 5, length: 7, page: 3 });
    expect(ids(window.hits)).toEqual(order.slice(5, 12));
    const tail = await search({ filters: 'inStock:true', offset: order.length - 2, length: 5 });
    expect(ids(tail.hits)).toEqual(order.slice(-2));
    const empty = await search({ filters: 'inStock:true', offset: 3, length: 0 });
    expect(empty.hits).toEqual([]);
    expect(empty.nbHits).toBe(order.length);
  });
});

describe('highlighting and snippets', () => {
  it('wraps a folded-accent match in custom tags on nested and array attributes', async () => {
    const result = await search({
      query: 'chene',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      attributesToHighlight: ['name.fr', 'materials'],
      hitsPerPage: 100,
    });
    expect(sorted(ids(result.hits))).toEqual(
      sorted(furniture.filter((item) => matchesQuery(item, 'chene')).map((i) => i.objectID)),
    );
    const chair = result.hits.find((hit) => hit.objectID === 'f01');
    const highlight = chair?._highlightResult as Record<string, unknown> | undefined;
    expect(highlight?.['name']).toMatchObject({
      fr: { value: 'Chaise Éole en <mark>chêne</mark>', matchLevel: 'full' },
    });
    expect(highlight?.['materials']).toEqual([
      expect.objectContaining({ value: '<mark>chêne</mark>', matchLevel: 'full' }),
    ]);
    expect(highlight).not.toHaveProperty('brand');
  });

  it('highlights only the typed prefix of the last word', async () => {
    const result = await search({ query: 'halo lait', attributesToHighlight: ['name.fr'] });
    expect(ids(result.hits)).toEqual(['f20']);
    expect(result.hits[0]?._highlightResult).toMatchObject({
      name: { fr: { value: 'Lampe <em>Halo</em> en <em>lait</em>on', matchLevel: 'full' } },
    });
  });

  it('highlights inside an array of objects, unmatched items included', async () => {
    const params = { query: 'walnut desk', attributesToHighlight: ['colors.name', 'materials'] };
    const full = await search(params);
    expect(ids(full.hits)).toEqual(['f14']);
    const colors = ((full.hits[0]?._highlightResult ?? {}) as Record<string, unknown>)['colors'];
    expect(colors).toEqual([
      { name: expect.objectContaining({ value: '<em>walnut</em>', matchLevel: 'partial' }) },
      { name: expect.objectContaining({ value: 'black', matchLevel: 'none', matchedWords: [] }) },
    ]);
  });

  it('keeps only the matching array items with restrictHighlightAndSnippetArrays', async () => {
    const params = { query: 'laiton', attributesToHighlight: ['materials'] };
    const lounge = (hits: readonly { objectID: string; _highlightResult?: unknown }[]) =>
      (
        (hits.find((hit) => hit.objectID === 'f05')?._highlightResult ?? {}) as Record<
          string,
          unknown
        >
      )['materials'];
    const all = await search({ ...params, hitsPerPage: 100 });
    expect(lounge(all.hits)).toEqual([
      expect.objectContaining({ value: 'velours', matchLevel: 'none' }),
      expect.objectContaining({ value: '<em>laiton</em>', matchLevel: 'full' }),
    ]);
    const restricted = await search({
      ...params,
      hitsPerPage: 100,
      restrictHighlightAndSnippetArrays: true,
    });
    expect(lounge(restricted.hits)).toEqual([
      expect.objectContaining({ value: '<em>laiton</em>', matchLevel: 'full' }),
    ]);
  });

  it('cuts snippets to the requested word count with the requested ellipsis', async () => {
    const result = await search({
      query: 'calm',
      filters: 'family:cocotte',
      attributesToSnippet: ['description:4', 'name.en'],
      snippetEllipsisText: '[…]',
      hitsPerPage: 1,
    });
    const snippet = result.hits[0]?._snippetResult as Record<
      string,
      { value: string; matchLevel: string }
    >;
    const description = snippet['description'];
    expect(description?.matchLevel).toBe('full');
    expect(description?.value).toContain('<em>calm</em>');
    expect(description?.value.startsWith('[…]')).toBe(true);
    const kept = (description?.value ?? '')
      .replaceAll('[…]', ' ')
      .replace(/<\/?em>/g, '')
      .split(/\s+/)
      .filter(Boolean);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThanOrEqual(4);
    // `name.en` without a count: 10 words, longer than the 4-word name, so nothing is cut.
    expect((snippet['name'] as unknown as Record<string, { value: string }>)['en']?.value).toBe(
      'Red cast iron casserole',
    );
  });

  it('uses "…" as the default ellipsis', async () => {
    const result = await search({
      query: 'bright',
      filters: 'family:plaid',
      attributesToSnippet: ['description:3'],
    });
    const value = ((result.hits[0]?._snippetResult ?? {}) as Record<string, { value: string }>)[
      'description'
    ]?.value;
    expect(value).toContain('<em>bright</em>');
    expect(value?.startsWith('…')).toBe(true);
  });
});

describe('ranking info (§4.2)', () => {
  it('reports the documented _rankingInfo fields for a two-word query', async () => {
    const result = await search({ query: 'table basse', getRankingInfo: true });
    const expected = byPopularity((item) => matchesQuery(item, 'table basse'));
    expect(ids(result.hits)).toEqual(expected);
    expect(expected).toEqual(['f11', 'f12']);
    for (const hit of result.hits) {
      expect(hit._rankingInfo).toMatchObject({
        nbTypos: 0,
        firstMatchedWord: 0,
        proximityDistance: 1,
        words: 2,
        nbExactWords: 2,
        filters: 0,
        geoDistance: 0,
        userScore: expect.any(Number),
      });
    }
  });

  it('encodes the word position in firstMatchedWord and counts optional filter scores', async () => {
    const result = await search({
      query: 'noyer',
      getRankingInfo: true,
      optionalFilters: ['brand:Muuto'],
      restrictSearchableAttributes: ['name.fr'],
      hitsPerPage: 100,
    });
    const matched = furniture.filter((item) => words(item.name.fr).includes('noyer'));
    expect(sorted(ids(result.hits))).toEqual(sorted(matched.map((item) => item.objectID)));
    const info = Object.fromEntries(result.hits.map((hit) => [hit.objectID, hit._rankingInfo]));
    expect(info['f08']).toMatchObject({ firstMatchedWord: 3, proximityDistance: 0, filters: 0 });
    expect(info['f12']).toMatchObject({ firstMatchedWord: 3, filters: 1 });
    expect(info['f37']).toMatchObject({ firstMatchedWord: 4, filters: 0 });
    // filters outranks attribute position and custom ranking: every Muuto record comes first.
    const muuto = matched.filter((item) => item.brand === 'Muuto').length;
    expect(result.hits.slice(0, muuto).every((hit) => hit.brand === 'Muuto')).toBe(true);
  });
});

describe('distinct', () => {
  /** The best (most popular) `perGroup` variants of each family, in popularity order. */
  function distinctIds(perGroup: number, keep: (item: Furniture) => boolean = () => true) {
    const taken = new Map<string, number>();
    return byPopularity(keep).filter((id) => {
      const family = furniture.find((item) => item.objectID === id)?.family ?? '';
      const count = taken.get(family) ?? 0;
      taken.set(family, count + 1);
      return count < perGroup;
    });
  }

  it('keeps the most popular variant of each family with distinct 1', async () => {
    const result = await search({ distinct: 1, hitsPerPage: 100 });
    expect(ids(result.hits)).toEqual(distinctIds(1));
  });

  it('keeps two variants per family with distinct 2, hitsPerPage counting groups', async () => {
    const result = await search({ distinct: 2, hitsPerPage: 3 });
    const best = distinctIds(1).slice(0, 3);
    const families = new Set(
      best.map((id) => furniture.find((item) => item.objectID === id)?.family),
    );
    const expected = distinctIds(2).filter((id) =>
      families.has(furniture.find((item) => item.objectID === id)?.family),
    );
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    expect(expected.length).toBeGreaterThan(3);
    // Algolia's distinct doc: with distinct > 1, "nbHits reflects the number of groups, not total records".
    expect(result.nbHits).toBe(new Set(furniture.map((item) => item.family)).size);
  });

  it('counts facets before distinct by default and after it with facetingAfterDistinct', async () => {
    const before = await search({ distinct: 1, hitsPerPage: 0, facets: ['brand', 'inStock'] });
    expect(before.facets?.['brand']).toEqual(countFacet(furniture, 'brand'));
    const after = await search({
      distinct: 1,
      hitsPerPage: 0,
      facets: ['brand', 'inStock'],
      facetingAfterDistinct: true,
    });
    const kept = distinctIds(1).map((id) => furniture.find((item) => item.objectID === id));
    expect(after.facets?.['brand']).toEqual(countFacet(kept, 'brand'));
    expect(after.facets?.['inStock']).toEqual(countFacet(kept, 'inStock'));
  });
});

describe('facets', () => {
  function topValues(counts: Record<string, number>, by: 'count' | 'alpha', n: number) {
    const entries = Object.entries(counts).sort(([a, x], [b, y]) =>
      by === 'alpha' ? (a < b ? -1 : 1) : y - x || (a < b ? -1 : 1),
    );
    return Object.fromEntries(entries.slice(0, n));
  }

  it('picks the top values by count, or alphabetically with sortFacetValuesBy alpha', async () => {
    const all = countFacet(furniture, 'colors.name');
    const byCount = await search({ hitsPerPage: 0, facets: ['colors.name'], maxValuesPerFacet: 3 });
    expect(byCount.facets?.['colors.name']).toEqual(topValues(all, 'count', 3));
    const byAlpha = await search({
      hitsPerPage: 0,
      facets: ['colors.name'],
      maxValuesPerFacet: 3,
      sortFacetValuesBy: 'alpha',
    });
    expect(byAlpha.facets?.['colors.name']).toEqual(topValues(all, 'alpha', 3));
  });

  it("returns every faceted attribute but filterOnly ones for facets ['*']", async () => {
    const result = await search({ query: 'cocotte', facets: ['*'] });
    const matched = furniture.filter((item) => matchesQuery(item, 'cocotte'));
    expect(ids(result.hits)).toEqual(['f38', 'f39']);
    const expected = settings.attributesForFaceting
      .filter((attribute) => !attribute.startsWith('filterOnly('))
      .map((attribute) => attribute.replace(/^searchable\((.*)\)$/, '$1'));
    expect(sorted(Object.keys(result.facets ?? {}))).toEqual(sorted(expected));
    for (const attribute of expected)
      expect(result.facets?.[attribute]).toEqual(countFacet(matched, attribute));
  });

  it('computes facets_stats for numeric facets only, over the matched records', async () => {
    const result = await search({
      filters: 'categories.lvl0:Cuisine',
      hitsPerPage: 0,
      facets: ['price.value', 'rating', 'dimensions.width', 'brand'],
    });
    const matched = furniture.filter((item) => item.categories.lvl0 === 'Cuisine');
    expect(result.nbHits).toBe(matched.length);
    expect(Object.keys(result.facets_stats ?? {}).sort()).toEqual([
      'dimensions.width',
      'price.value',
      'rating',
    ]);
    for (const attribute of ['price.value', 'rating', 'dimensions.width']) {
      const values = matched.flatMap((item) => numbersAt(item, attribute));
      const sum = values.reduce((total, value) => total + value, 0);
      const stats = result.facets_stats?.[attribute];
      expect(stats?.min).toBe(Math.min(...values));
      expect(stats?.max).toBe(Math.max(...values));
      expect(stats?.sum).toBeCloseTo(sum, 3);
      expect(stats?.avg).toBeCloseTo(sum / values.length, 2);
    }
  });
});

describe('filters', () => {
  const expectIds = async (params: SearchParams, keep: (item: Furniture) => boolean) => {
    const result = await search({ hitsPerPage: 100, ...params });
    expect(ids(result.hits)).toEqual(byPopularity(keep));
    return result;
  };

  it('ANDs numeric filters with a nested OR group and an inclusive range', async () => {
    await expectIds(
      { numericFilters: [['price.value<60', 'rating>=4.8'], 'dimensions.width:20 TO 50'] },
      (item) =>
        (item.price.value < 60 || item.rating >= 4.8) &&
        item.dimensions.width >= 20 &&
        item.dimensions.width <= 50,
    );
    await expectIds(
      { numericFilters: ['price.value!=49', 'dimensions.height<=2'] },
      (item) => item.price.value !== 49 && item.dimensions.height <= 2,
    );
  });

  it('combines facet filters with OR groups, negation, booleans and case-insensitive values', async () => {
    await expectIds(
      { facetFilters: [['materials:CHÊNE', 'materials:noyer'], 'inStock:true', 'brand:-Hay'] },
      (item) =>
        (item.materials.includes('chêne') || item.materials.includes('noyer')) &&
        item.inStock &&
        item.brand !== 'Hay',
    );
  });

  it('tells a negation from an escaped leading dash', async () => {
    await expectIds(
      { facetFilters: ['collection:\\-20% Outlet'] },
      (item) => item.collection === '-20% Outlet',
    );
    // Unescaped, the dash negates: NOT collection:"20% Outlet", a value no record holds.
    await expectIds({ facetFilters: ['collection:-20% Outlet'] }, () => true);
    await expectIds(
      { facetFilters: ['collection:-Atelier', 'collection:\\-20% Outlet'] },
      (item) => item.collection === '-20% Outlet',
    );
    await expectIds(
      { facetFilters: ['collection:-atelier'] },
      (item) => item.collection !== 'Atelier',
    );
  });

  it('filters on nested arrays of objects and on either placement of a multi-valued level', async () => {
    await expectIds(
      {
        facetFilters: [
          'colors.name:walnut',
          'categories.lvl2:Mobilier > Tables > Tables d’appoint',
        ],
      },
      (item) =>
        item.colors.some((c) => c.name === 'walnut') &&
        level2Of(item).includes('Mobilier > Tables > Tables d’appoint'),
    );
    await expectIds(
      { facetFilters: ['categories.lvl2:Mobilier > Tables > Tables d’appoint'] },
      (item) => level2Of(item).includes('Mobilier > Tables > Tables d’appoint'),
    );
  });

  it('applies tagFilters: AND of entries, OR inside a nested list, "-" excludes', async () => {
    await expectIds(
      { tagFilters: ['sale', ['new', 'eco'], '-discontinued'] },
      (item) =>
        item._tags.includes('sale') &&
        (item._tags.includes('new') || item._tags.includes('eco')) &&
        !item._tags.includes('discontinued'),
    );
  });

  it('boosts with optionalFilters and buries with a negated one, never removing hits', async () => {
    const flos = (item: Furniture) => item.brand === 'Flos';
    const boosted = await search({ optionalFilters: ['brand:Flos'], hitsPerPage: 100 });
    expect(ids(boosted.hits)).toEqual([
      ...byPopularity(flos),
      ...byPopularity((item) => !flos(item)),
    ]);
    const buried = await search({ optionalFilters: ['brand:-Flos'], hitsPerPage: 100 });
    expect(ids(buried.hits)).toEqual([
      ...byPopularity((item) => !flos(item)),
      ...byPopularity(flos),
    ]);
  });

  it('evaluates a filters string with quotes, OR groups, NOT, ranges and booleans', async () => {
    await expectIds(
      {
        filters:
          'inStock:true AND (materials:laiton OR materials:verre) AND NOT brand:Flos AND price.value:100 TO 500',
      },
      (item) =>
        item.inStock &&
        (item.materials.includes('laiton') || item.materials.includes('verre')) &&
        item.brand !== 'Flos' &&
        item.price.value >= 100 &&
        item.price.value <= 500,
    );
    await expectIds(
      { filters: '"categories.lvl1":"Mobilier > Assises" AND inStock:false' },
      (item) => item.categories.lvl1 === 'Mobilier > Assises' && !item.inStock,
    );
    await expectIds(
      { filters: 'brand:"Astier de Villatte" OR brand:"Sika Design"' },
      (item) => item.brand === 'Astier de Villatte' || item.brand === 'Sika Design',
    );
    await expectIds(
      { filters: 'collection:"-20% Outlet" AND NOT _tags:eco' },
      (item) => item.collection === '-20% Outlet' && !item._tags.includes('eco'),
    );
  });

  it('rejects malformed filters strings with a 400 that names filters and the position', async () => {
    //           0         1
    //           0123456789012345
    const text = 'brand:Hay AND AND inStock:true';
    const error = await failureOf(search({ filters: text }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/filter/i);
    expect(error.message).toMatch(/\b1[45]\b/);
    for (const invalid of [
      'brand:Hay OR price.value > 3',
      'NOT (brand:Hay OR brand:Gubi)',
      'brand:Hay OR brand:Gubi AND inStock:true',
      '(brand:Hay AND (inStock:true OR inStock:false))',
      'brand:Hay AND (materials:chêne OR',
    ]) {
      const failure = await failureOf(search({ filters: invalid }));
      expect(failure.status, invalid).toBe(400);
      expect(failure.message, invalid).toMatch(/filter/i);
    }
  });
});

describe('settings and replicas', () => {
  it('round-trips the nested settings and sorts a standard replica by price', async () => {
    const stored = await admin.getSettings({ indexName });
    expect(stored).toMatchObject({
      searchableAttributes: settings.searchableAttributes,
      attributesForFaceting: settings.attributesForFaceting,
      attributeForDistinct: 'family',
      customRanking: ['desc(popularity)'],
    });
    const replica = `${indexName}_price_asc`;
    const { taskID } = await admin.setSettings({
      indexName,
      indexSettings: { replicas: [replica] },
    });
    await admin.waitForTask({ indexName, taskID });
    const replicaTask = await admin.setSettings({
      indexName: replica,
      indexSettings: {
        ranking: [
          'asc(price.value)',
          'typo',
          'words',
          'filters',
          'proximity',
          'attribute',
          'exact',
          'custom',
        ],
      },
    });
    await admin.waitForTask({ indexName: replica, taskID: replicaTask.taskID });
    expect(await admin.getSettings({ indexName: replica })).toMatchObject({ primary: indexName });
    const result = await admin.searchSingleIndex<Furniture>({
      indexName: replica,
      searchParams: { filters: 'categories.lvl0:Décoration', hitsPerPage: 100 },
    });
    expect(ids(result.hits)).toEqual(
      furniture
        .filter((item) => item.categories.lvl0 === 'Décoration')
        .sort((a, b) => a.price.value - b.price.value)
        .map((item) => item.objectID),
    );
    expect(result.index).toBe(replica);
  });
});
