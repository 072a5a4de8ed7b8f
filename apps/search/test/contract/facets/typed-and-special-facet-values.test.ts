/**
 * Facets through the official v5 client, on the record shop catalogue (`releases.ts`): counts on
 * boolean, number, nested number and array facets; facet values holding a colon, quotes, a slash, an ampersand and
 * a leading `-`, in facetFilters (split at the first `:`, `\-` for a literal dash) and in quoted `filters`; search
 * for facet values with accents, words inside the value, filters and query context, maxFacetHits and count ties.
 * Expected counts are computed from the records (docs/api.md §2.4, §3.3, §3.4, §5.3, §6 requirement 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Release, releaseIds, releaseSettings, releases } from '../../support/releases.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const indexName = 'shop_facets';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer({
    indexName,
    settings: releaseSettings,
    records: releases,
  }));
});
afterAll(async () => server.close());

type Params = Parameters<typeof client.searchSingleIndex>[0]['searchParams'];

const search = (params: Params) =>
  client.searchSingleIndex<Release>({ indexName, searchParams: { hitsPerPage: 100, ...params } });

async function matches(params: Params): Promise<string[]> {
  const result = await search(params);
  expect(result.hits.length, JSON.stringify(params)).toBe(result.nbHits);
  return result.hits.map((hit) => hit.objectID).sort();
}

/** `{value: count}` over `records` for the values `valuesOf` gives each record (each counted once per record). */
function countBy(
  records: readonly Release[],
  valuesOf: (release: Release) => readonly (string | number | boolean)[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records)
    for (const value of new Set(valuesOf(record).map(String)))
      counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** The first `limit` entries by count descending, ties by value ascending. */
const topByCount = (counts: Record<string, number>, limit: number) =>
  Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit);

describe('facet counts on booleans, numbers and arrays', () => {
  it('counts booleans and numbers under their string keys, with stats on numbers', async () => {
    const result = await search({
      query: '',
      facets: ['explicit', 'year', 'formats', 'stock.warehouse'],
      hitsPerPage: 0,
    });
    expect(result.facets?.['explicit']).toEqual(countBy(releases, (r) => [r.explicit]));
    expect(result.facets?.['year']).toEqual(countBy(releases, (r) => [r.year]));
    expect(result.facets?.['formats']).toEqual(countBy(releases, (r) => r.formats));
    const years = releases.map((release) => release.year);
    expect(result.facets_stats?.['year']).toMatchObject({
      min: Math.min(...years),
      max: Math.max(...years),
      sum: years.reduce((a, b) => a + b, 0),
    });
    const stock = releases.map((release) => release.stock.warehouse);
    expect(result.facets_stats?.['stock.warehouse']).toMatchObject({
      min: Math.min(...stock),
      max: Math.max(...stock),
    });
    expect(result.facets_stats?.['formats']).toBeUndefined();
  });

  it('filters booleans and numbers as facet values, and numbers with an operator', async () => {
    const explicit = releaseIds((release) => release.explicit);
    expect(await matches({ facetFilters: ['explicit:true'] })).toEqual(explicit);
    expect(await matches({ filters: 'explicit:true' })).toEqual(explicit);
    const of1997 = releaseIds((release) => release.year === 1997);
    expect(await matches({ facetFilters: ['year:1997'] })).toEqual(of1997);
    expect(await matches({ filters: 'year = 1997' })).toEqual(of1997);
    expect(await matches({ filters: 'stock.warehouse:0 TO 2' })).toEqual(
      releaseIds((release) => release.stock.warehouse <= 2),
    );
  });

  it('picks the top values of an array facet by count, or the first ones alphabetically', async () => {
    const counts = countBy(releases, (r) => r.formats);
    const byCount = await search({ facets: ['formats'], maxValuesPerFacet: 2, hitsPerPage: 0 });
    expect(Object.entries(byCount.facets?.['formats'] ?? {}).sort()).toEqual(
      topByCount(counts, 2).sort(),
    );
    const byName = await search({
      facets: ['formats'],
      maxValuesPerFacet: 2,
      sortFacetValuesBy: 'alpha',
      hitsPerPage: 0,
    });
    const firstNames = Object.keys(counts).sort().slice(0, 2);
    expect(byName.facets?.['formats']).toEqual(
      Object.fromEntries(firstNames.map((name) => [name, counts[name]])),
    );
  });
});

describe('facet values with special characters', () => {
  it('returns the raw values as facet keys', async () => {
    const result = await search({ facets: ['artist.name', 'label'], hitsPerPage: 0 });
    expect(result.facets?.['artist.name']).toEqual(countBy(releases, (r) => [r.artist.name]));
    expect(result.facets?.['label']).toMatchObject({ 'EMI: Parlophone': 2, 'A&M': 1 });
  });

  it('splits facetFilters at the first colon, and matches the same values quoted in filters', async () => {
    const emi = releaseIds((release) => release.label === 'EMI: Parlophone');
    expect(await matches({ facetFilters: ['label:EMI: Parlophone'] })).toEqual(emi);
    expect(await matches({ filters: 'label:"EMI: Parlophone"' })).toEqual(emi);
    expect(await matches({ filters: 'NOT label:"EMI: Parlophone"' })).toEqual(
      releaseIds((release) => release.label !== 'EMI: Parlophone'),
    );
    expect(await matches({ filters: 'label:"A&M"' })).toEqual(['r22']);
  });

  it('reads a leading - as a negation unless escaped, and literally inside quotes', async () => {
    expect(await matches({ facetFilters: ['artist.name:\\-M-'] })).toEqual(['r05']);
    // `-M-` unescaped is "not M-": no record has the value `M-`.
    expect(await matches({ facetFilters: ['artist.name:-M-'] })).toEqual(releaseIds(() => true));
    expect(await matches({ facetFilters: [['artist.name:\\-M-', 'artist.name:Björk']] })).toEqual(
      releaseIds((release) => ['-M-', 'Björk'].includes(release.artist.name)),
    );
    expect(await matches({ filters: 'artist.name:"-M-"' })).toEqual(['r05']);
  });

  it('matches values holding quotes, apostrophes and slashes, case-insensitively', async () => {
    expect(await matches({ facetFilters: ['artist.name:"Weird Al" Yankovic'] })).toEqual(['r07']);
    expect(await matches({ filters: 'artist.name:"\\"Weird Al\\" Yankovic"' })).toEqual(['r07']);
    expect(await matches({ facetFilters: ["artist.name:Guns N' Roses"] })).toEqual(['r04']);
    expect(await matches({ filters: `artist.name:"Guns N' Roses"` })).toEqual(['r04']);
    const acdc = releaseIds((release) => release.artist.name === 'AC/DC');
    expect(await matches({ facetFilters: ['artist.name:ac/dc'] })).toEqual(acdc);
    expect(await matches({ filters: 'artist.name:"AC/DC"' })).toEqual(acdc);
  });
});

describe('search for facet values: accents, typos, inner words, filters and maxFacetHits', () => {
  const facetHits = async (
    facetName: string,
    facetQuery: string,
    params = '',
    maxFacetHits?: number,
  ) =>
    (
      await client.searchForFacetValues({
        indexName,
        facetName,
        searchForFacetValuesRequest: {
          facetQuery,
          params,
          ...(maxFacetHits === undefined ? {} : { maxFacetHits }),
        },
      })
    ).facetHits;

  it('folds accents and highlights the typed prefix on the stored value', async () => {
    expect(await facetHits('artist.name', 'bjo')).toEqual([
      { value: 'Björk', highlighted: '<em>Bjö</em>rk', count: 2 },
    ]);
    expect(await facetHits('artist.name', 'BJÖRK')).toEqual([
      { value: 'Björk', highlighted: '<em>Björk</em>', count: 2 },
    ]);
  });

  it('tolerates typos in the facet query unless typoTolerance is false in params', async () => {
    // "bjrok" is "bjork" with two letters swapped (one typo); typoTolerance is usable in searchForFacetValues.
    expect(await facetHits('artist.name', 'bjrok')).toEqual([
      { value: 'Björk', highlighted: '<em>Björk</em>', count: 2 },
    ]);
    expect(await facetHits('artist.name', 'bjrok', 'typoTolerance=false')).toEqual([]);
  });

  it('matches any word of a value, values with separators included', async () => {
    const m = (await facetHits('artist.name', 'm')).map((hit) => hit.value);
    expect(m).toEqual(expect.arrayContaining(['-M-', 'Miles Davis', 'Fleetwood Mac']));
    expect(await facetHits('label', 'parl')).toEqual([
      { value: 'EMI: Parlophone', highlighted: 'EMI: <em>Parl</em>ophone', count: 2 },
    ]);
    expect(await facetHits('genre', 'hop')).toEqual([
      { value: 'hip-hop', highlighted: 'hip-<em>hop</em>', count: 1 },
    ]);
  });

  it('counts under the filters and query of params, by count then value', async () => {
    expect(await facetHits('label', 'v')).toEqual([
      { value: 'Virgin', highlighted: '<em>V</em>irgin', count: 2 },
      { value: 'Virgin France', highlighted: '<em>V</em>irgin France', count: 1 },
      { value: 'Volcano', highlighted: '<em>V</em>olcano', count: 1 },
    ]);
    expect(
      await facetHits('label', 'v', `filters=${encodeURIComponent('artist.country:France')}`),
    ).toEqual([
      { value: 'Virgin', highlighted: '<em>V</em>irgin', count: 2 },
      { value: 'Virgin France', highlighted: '<em>V</em>irgin France', count: 1 },
    ]);
    expect(await facetHits('genre', '', 'query=daft&typoTolerance=false')).toEqual([
      { value: 'electronic', highlighted: 'electronic', count: 3 },
    ]);
  });

  it('returns the maxFacetHits most frequent values for an empty facet query', async () => {
    const counts = countBy(releases, (r) => [r.genre]);
    const hits = await facetHits('genre', '', '', 3);
    expect(hits.map((hit) => [hit.value, hit.count])).toEqual(topByCount(counts, 3));
  });
});
