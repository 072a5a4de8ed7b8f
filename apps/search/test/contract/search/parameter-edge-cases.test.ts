/**
 * Edge cases of parameters and limits on a furniture catalogue shaped unlike ours
 * (`furniture.ts`), through the official v5 client only: limits set as index defaults, filter forms the protocol
 * rejects, French elisions, custom tags in facet-value search, filter scores in ranking info, snippets of nested
 * and array attributes, and records grown too big by a partial update. Expectations come from docs/api.md
 * (§3, §4, §5, §8) and Algolia's documented behaviour, counts from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import {
  byPopularity,
  type Furniture,
  furniture,
  furnitureIds,
  furnitureSettings,
} from '../../support/furniture.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_edges';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({ indexName, settings, records: furniture }));
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams & Record<string, unknown>, index = indexName) =>
  admin.searchSingleIndex<Furniture>({ indexName: index, searchParams });

describe('limits as index defaults', () => {
  it('rejects out-of-range defaults in setSettings, naming the setting, and keeps the old ones', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ hitsPerPage: 1001 }, /hitsPerPage/],
      [{ maxFacetHits: 101 }, /maxFacetHits/],
      [{ distinct: 5 }, /distinct/],
      [{ paginationLimitedTo: 20001 }, /paginationLimitedTo/],
      [{ minProximity: 8 }, /minProximity/],
    ];
    for (const [indexSettings, message] of cases) {
      const error = await failureOf(admin.setSettings({ indexName, indexSettings }));
      expect(error.status, JSON.stringify(indexSettings)).toBe(400);
      expect(error.message, JSON.stringify(indexSettings)).toMatch(message);
    }
    const stored = await admin.getSettings({ indexName });
    expect(stored.hitsPerPage ?? 20).toBe(20);
    expect(stored.distinct ?? 0).toBe(0);
  });

  it('applies a hitsPerPage default from the settings and lets the query override it', async () => {
    const index = 'maison_edges_defaults';
    await seedIndex(
      admin,
      index,
      { ...settings, hitsPerPage: 7, paginationLimitedTo: 20 },
      furniture,
    );
    const byDefault = await search({}, index);
    expect(byDefault.hitsPerPage).toBe(7);
    expect(ids(byDefault.hits)).toEqual(byPopularity().slice(0, 7));
    expect(byDefault.nbPages).toBe(3); // ceil(min(40, 20) / 7)
    const overridden = await search({ hitsPerPage: 15, page: 1 }, index);
    expect(ids(overridden.hits)).toEqual(byPopularity().slice(15, 20));
    expect(overridden.nbPages).toBe(2);
  });

  it('answers a page past paginationLimitedTo with 200, no hits and a message', async () => {
    const index = 'maison_edges_defaults';
    const result = await search({ hitsPerPage: 10, page: 2 }, index);
    expect(result.hits).toEqual([]);
    expect(result.nbHits).toBe(furniture.length);
    expect(typeof result.message).toBe('string');
  });
});

describe('filter forms the protocol rejects', () => {
  it('rejects facetFilters nested two levels deep naming facetFilters', async () => {
    const error = await failureOf(
      search({ facetFilters: [[['brand:Hay', 'brand:Gubi']]] as unknown as string[] }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/facetFilters/);
  });

  it('rejects boolean keywords inside numericFilters naming numericFilters', async () => {
    const error = await failureOf(search({ numericFilters: ['price.value > 3 OR rating > 4'] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/numericFilters/);
  });

  it('rejects a numeric filter without a number', async () => {
    const error = await failureOf(search({ numericFilters: ['price.value >= cheap'] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/numericFilters|price\.value/);
  });

  it('rejects an unterminated quote in filters, naming filters', async () => {
    const error = await failureOf(search({ filters: 'brand:"Maison Lenoir' }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/filter/i);
  });

  it('counts 1,001 atoms of a filters string as too many filters', async () => {
    const atoms = Array.from({ length: 1001 }, (_, at) => `rating != ${at + 10}`).join(' AND ');
    const error = await failureOf(search({ filters: atoms }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/filter/i);
  });

  it('rejects a filter score above 65,535 inside a filters string', async () => {
    const error = await failureOf(
      search({ filters: '(brand:Hay<score=70000> OR brand:Gubi<score=1>)' }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/score/i);
  });

  it('accepts the legacy "(a,b)" OR group in a tagFilters string', async () => {
    const result = await search({ tagFilters: 'sale,(new,eco)', hitsPerPage: 100 } as never);
    expect(ids(result.hits)).toEqual(
      byPopularity(
        (item) =>
          item._tags.includes('sale') && (item._tags.includes('new') || item._tags.includes('eco')),
      ),
    );
  });
});

describe('scores, elisions and tags', () => {
  it('reports the highest matching score of an OR group, or their sum with sumOrFiltersScores', async () => {
    const optionalFilters = [['materials:laiton<score=3>', 'materials:marbre<score=2>']];
    const both = (item: Furniture) =>
      item.materials.includes('laiton') && item.materials.includes('marbre');
    const max = await search({ optionalFilters, getRankingInfo: true, hitsPerPage: 100 });
    const sum = await search({
      optionalFilters,
      getRankingInfo: true,
      sumOrFiltersScores: true,
      hitsPerPage: 100,
    });
    const scoreOf = (item: Furniture, add: boolean) => {
      const brass = item.materials.includes('laiton') ? 3 : 0;
      const marble = item.materials.includes('marbre') ? 2 : 0;
      return add ? brass + marble : Math.max(brass, marble);
    };
    const info = (result: typeof max) =>
      Object.fromEntries(result.hits.map((hit) => [hit.objectID, hit._rankingInfo?.filters]));
    expect(furniture.some(both)).toBe(true);
    expect(info(max)).toEqual(
      Object.fromEntries(furniture.map((item) => [item.objectID, scoreOf(item, false)])),
    );
    expect(info(sum)).toEqual(
      Object.fromEntries(furniture.map((item) => [item.objectID, scoreOf(item, true)])),
    );
    // With the sum, records holding both materials come first.
    const bothCount = furniture.filter(both).length;
    expect(ids(sum.hits).slice(0, bothCount)).toEqual(byPopularity(both));
  });

  it('finds French names after an elision and highlights the word after the apostrophe', async () => {
    const result = await search({ query: 'armoire', attributesToHighlight: ['name.fr'] });
    expect(ids(result.hits)).toEqual(byPopularity((item) => /armoire/i.test(item.name.fr)));
    expect(result.hits[0]?._highlightResult).toMatchObject({
      name: { fr: { value: "L'<em>armoire</em> Héritage" } },
    });
    const elided = await search({ query: "d'été", attributesToHighlight: ['name.fr'] });
    expect(ids(elided.hits)).toEqual(['f04']);
  });

  it('uses the request tags in facet-value search highlights and folds accents', async () => {
    const { facetHits } = await admin.searchForFacetValues({
      indexName,
      facetName: 'brand',
      searchForFacetValuesRequest: {
        facetQuery: 'fer',
        params: new URLSearchParams({
          filters: 'inStock:true',
          highlightPreTag: '[',
          highlightPostTag: ']',
        }).toString(),
      },
    });
    const inStock = furniture.filter((item) => item.inStock);
    expect(facetHits).toEqual([
      {
        value: 'Ferm Living',
        highlighted: '[Fer]m Living',
        count: countFacet(inStock, 'brand')['Ferm Living'],
      },
    ]);
  });

  it('sorts facet-value search hits alphabetically with sortFacetValuesBy alpha', async () => {
    const byCount = await admin.searchForFacetValues({
      indexName,
      facetName: 'brand',
      searchForFacetValuesRequest: { facetQuery: '', maxFacetHits: 3 },
    });
    const counts = countFacet(furniture, 'brand');
    const expected = Object.entries(counts)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, 3)
      .map(([value]) => value);
    expect(byCount.facetHits.map((hit) => hit.value)).toEqual(expected);
    const alpha = await admin.searchForFacetValues({
      indexName,
      facetName: 'brand',
      searchForFacetValuesRequest: {
        facetQuery: '',
        maxFacetHits: 3,
        params: 'sortFacetValuesBy=alpha',
      },
    });
    expect(alpha.facetHits.map((hit) => hit.value)).toEqual(Object.keys(counts).sort().slice(0, 3));
  });
});

describe('snippets of nested and array attributes', () => {
  it('snippets a nested attribute and keeps only matching array items when restricted', async () => {
    const result = await search({
      query: 'verre',
      filters: 'family:halo',
      attributesToSnippet: ['name.fr:2', 'materials:1'],
      restrictHighlightAndSnippetArrays: true,
      hitsPerPage: 100,
    });
    expect(ids(result.hits)).toEqual(byPopularity((item) => item.family === 'halo'));
    for (const hit of result.hits) {
      const snippet = hit._snippetResult as Record<string, unknown>;
      expect(snippet['materials']).toEqual([
        expect.objectContaining({ value: '<em>verre</em>', matchLevel: 'full' }),
      ]);
      const name = (snippet['name'] as Record<string, { value: string; matchLevel: string }>)['fr'];
      expect(name?.matchLevel).toBe('none');
      expect(
        name?.value.replaceAll('…', ' ').split(/\s+/).filter(Boolean).length,
      ).toBeLessThanOrEqual(2);
    }
  });
});

describe('records grown past the size limit', () => {
  it('rejects a partial update that makes a record bigger than 10 KB and keeps the record', async () => {
    const error = await failureOf(
      admin.partialUpdateObject({
        indexName,
        objectID: 'f25',
        attributesToUpdate: { notes: 'x'.repeat(11_000) },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/f25/);
    expect(error.message).toMatch(/too big/);
    const record = await admin.getObject({ indexName, objectID: 'f25' });
    expect(record).not.toHaveProperty('notes');
    expect(record).toMatchObject({ name: { fr: 'Coussin lin lavé' } });
  });

  it('rejects one record of 6,000 characters but 12,000 bytes (the limit counts bytes)', async () => {
    const error = await failureOf(
      admin.addOrUpdateObject({
        indexName,
        objectID: 'f-huge',
        body: { notes: 'é'.repeat(6_000) },
      }),
    );
    expect(error.status).toBe(400);
    // A single-record route names no position nor objectID, as Algolia's `Record is too big size=…` does.
    expect(error.message).toMatch(/^Record is too big size=\d+\/10000 bytes/);
    expect(ids((await search({ hitsPerPage: 100 })).hits)).toEqual(byPopularity());
    expect(furnitureIds(() => true)).toHaveLength(40);
  });
});
