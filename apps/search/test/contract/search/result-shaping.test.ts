/**
 * Result shaping and parameter errors through the official v5 client, on the record shop
 * catalogue (`releases.ts`): `*` and `*:N` in attributesToHighlight/attributesToSnippet, highlights on nested
 * objects and arrays of objects, restrictSearchableAttributes on nested paths, nested attributesToRetrieve,
 * paginationLimitedTo against nbPages, nbHits/nbPages under distinct, the `exhaustive*` fields, renderingContent
 * from settings alone, and ill-typed parameters answered with a 400 naming them. Expected values come from
 * docs/api.md §3.2, §5, §8 and the Algolia parameter reference, and from the records themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { type Release, releaseIds, releaseSettings, releases } from '../../support/releases.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let client: SearchClient;
const indexName = 'shop_shaping';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer({
    indexName,
    settings: releaseSettings,
    records: releases,
  }));
});
afterAll(async () => server.close());

type Params = Parameters<typeof client.searchSingleIndex>[0]['searchParams'];
type Highlight = { value: string; matchLevel: string; matchedWords?: string[] };
type Hit = Release & {
  _highlightResult?: Record<string, unknown>;
  _snippetResult?: Record<string, unknown>;
};

const search = (params: Params, index = indexName) =>
  client.searchSingleIndex<Hit>({
    indexName: index,
    searchParams: { hitsPerPage: 100, ...params },
  });
const ids = (records: readonly { objectID: string }[]) =>
  records.map((record) => record.objectID).sort();
const hitOf = (hits: readonly Hit[], objectID: string): Hit => {
  const hit = hits.find((candidate) => candidate.objectID === objectID);
  if (hit === undefined) throw new Error(`${objectID} is not among the hits`);
  return hit;
};

describe('highlighting nested objects and arrays of objects', () => {
  it('highlights an array of objects item by item, each item a map of its attributes', async () => {
    const result = await search({ query: 'blue', attributesToHighlight: ['tracks.title'] });
    const hit = hitOf(result.hits, 'r16');
    const tracks = hit._highlightResult?.['tracks'] as { title: Highlight }[];
    expect(tracks).toHaveLength(2);
    expect(tracks[0]?.title).toMatchObject({
      value: '<em>Blue</em> Train',
      matchLevel: 'full',
      matchedWords: ['blue'],
    });
    expect(tracks[1]?.title).toMatchObject({ value: "Moment's Notice", matchLevel: 'none' });
    expect(Object.keys(hit._highlightResult ?? {})).toEqual(['tracks']);
  });

  it('highlights every string attribute, searchable or not, with *', async () => {
    const result = await search({ query: 'pop', attributesToHighlight: ['*'] });
    const hit = hitOf(result.hits, 'r10');
    const highlight = hit._highlightResult ?? {};
    // `genre` is not searchable: `*` still highlights it (Algolia docs, attributesToHighlight).
    expect(highlight['genre']).toMatchObject({ value: '<em>pop</em>', matchLevel: 'full' });
    expect(highlight['title']).toMatchObject({ value: '1989', matchLevel: 'none' });
    expect(highlight['artist']).toMatchObject({
      name: { value: 'Taylor Swift', matchLevel: 'none' },
      country: { value: 'USA', matchLevel: 'none' },
    });
    expect(highlight['formats']).toEqual([
      expect.objectContaining({ value: 'vinyl', matchLevel: 'none' }),
      expect.objectContaining({ value: 'cd', matchLevel: 'none' }),
      expect.objectContaining({ value: 'digital', matchLevel: 'none' }),
    ]);
    expect(highlight['notes']).toMatchObject({ matchLevel: 'full' });
  });

  it('snippets every attribute with *:N, nested ones included', async () => {
    const result = await search({
      query: 'zebra',
      attributesToSnippet: ['*:2'],
      attributesToHighlight: [],
    });
    expect(ids(result.hits)).toEqual(['r02']);
    const snippet = result.hits[0]?._snippetResult ?? {};
    expect(snippet['notes']).toMatchObject({ matchLevel: 'full' });
    expect((snippet['notes'] as Highlight).value).toMatch(/<em>zebra<\/em>/);
    expect(
      (snippet['notes'] as Highlight).value
        .replace(/<\/?em>|…/g, '')
        .trim()
        .split(/\s+/),
    ).toHaveLength(2);
    expect(snippet['artist']).toMatchObject({ name: { value: 'The Beatles', matchLevel: 'none' } });
    expect(result.hits[0]?._highlightResult).toBeUndefined();
  });

  it('snippets an attribute inside an array of objects by dot path', async () => {
    const result = await search({
      query: 'jungle',
      attributesToSnippet: ['tracks.title:1'],
      attributesToHighlight: [],
    });
    expect(ids(result.hits)).toEqual(['r04']);
    const tracks = result.hits[0]?._snippetResult?.['tracks'] as { title: Highlight }[];
    expect(tracks[0]?.title).toMatchObject({ matchLevel: 'full' });
    expect(tracks[0]?.title.value).toContain('<em>Jungle</em>');
    expect(tracks[0]?.title.value).not.toContain('Welcome');
  });
});

describe('restricting and retrieving nested attributes', () => {
  it('searches only the restricted attributes, nested paths and unordered ones by plain name', async () => {
    const inTracks = await search({
      query: 'blue',
      restrictSearchableAttributes: ['tracks.title'],
    });
    expect(ids(inTracks.hits)).toEqual(['r15', 'r16']);
    const inTitle = await search({ query: 'blue', restrictSearchableAttributes: ['title'] });
    expect(ids(inTitle.hits)).toEqual(['r15', 'r16']);
    const label = await search({ query: 'note', restrictSearchableAttributes: ['label'] });
    expect(ids(label.hits)).toEqual(['r16']);
    const artist = await search({ query: 'daft', restrictSearchableAttributes: ['title'] });
    expect(artist.hits).toEqual([]);
    const notes = await search({ query: 'galway', restrictSearchableAttributes: ['notes'] });
    expect(ids(notes.hits)).toEqual(['r08']);
    const byArtist = await search({ query: 'daft', restrictSearchableAttributes: ['artist.name'] });
    expect(ids(byArtist.hits)).toEqual(
      releaseIds((release) => release.artist.name === 'Daft Punk'),
    );
  });

  it('retrieves nested attributes by dot path and drops whole objects with -attr', async () => {
    const narrow = await search({
      query: 'homework',
      attributesToRetrieve: ['title', 'artist.country', 'stock.shop'],
      attributesToHighlight: [],
    });
    expect(narrow.hits).toEqual([
      {
        objectID: 'r18',
        title: 'Homework',
        artist: { country: 'France' },
        stock: { shop: releases[17]?.stock.shop },
      },
    ]);
    const wide = await search({
      query: 'homework',
      attributesToRetrieve: ['*', '-tracks', '-artist', '-notes'],
      attributesToHighlight: [],
    });
    const { tracks: _tracks, artist: _artist, notes: _notes, ...rest } = releases[17] as Release;
    expect(wide.hits).toEqual([rest]);
  });
});

describe('paging limits and counts', () => {
  it('caps nbPages and the last page at paginationLimitedTo, nbHits uncapped', async () => {
    const limited = 'shop_limited';
    await seedIndex(client, limited, { ...releaseSettings, paginationLimitedTo: 5 }, releases);
    const page0 = await search({ hitsPerPage: 2, page: 0 }, limited);
    expect(page0.nbHits).toBe(releases.length);
    expect(page0.nbPages).toBe(3);
    const page2 = await search({ hitsPerPage: 2, page: 2 }, limited);
    expect(page2.hits).toHaveLength(1);
    const page3 = await search({ hitsPerPage: 2, page: 3 }, limited);
    expect(page3.hits).toEqual([]);
    const window = await search({ offset: 4, length: 5 }, limited);
    expect(window.hits).toHaveLength(1);
  });

  it('counts groups in nbHits and nbPages with distinct, and pages over groups', async () => {
    const grouped = 'shop_distinct';
    await seedIndex(
      client,
      grouped,
      { ...releaseSettings, attributeForDistinct: 'artist.name', distinct: true },
      releases,
    );
    const artists = new Set(releases.map((release) => release.artist.name));
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => search({ hitsPerPage: 5, page }, grouped)),
    );
    expect(pages[0]?.nbHits).toBe(artists.size);
    expect(pages[0]?.nbPages).toBe(Math.ceil(artists.size / 5));
    const seen = pages.flatMap((page) => page.hits.map((hit) => hit.artist.name));
    expect(seen.sort()).toEqual([...artists].sort());
    // The newest release of each artist (customRanking desc(year)) represents it.
    const daft = pages.flatMap((page) => page.hits).find((hit) => hit.artist.name === 'Daft Punk');
    expect(daft?.objectID).toBe('r12');
  });

  it('reports exhaustive counts, the deprecated aliases mirroring exhaustive', async () => {
    const result = await search({ query: 'daft', facets: ['genre'] });
    expect(result.exhaustive).toMatchObject({ nbHits: true, typo: true, facetsCount: true });
    expect(result.exhaustiveNbHits).toBe(true);
    expect(result.exhaustiveFacetsCount).toBe(true);
  });

  it('returns the settings renderingContent on every search, with no rule and no facets asked', async () => {
    const shown = 'shop_rendering';
    const renderingContent = {
      facetOrdering: {
        facets: { order: ['genre', 'formats'] },
        values: { genre: { order: ['jazz'], sortRemainingBy: 'alpha' as const } },
      },
    };
    await seedIndex(client, shown, { ...releaseSettings, renderingContent }, releases.slice(0, 4));
    const result = await search({ query: 'abbey' }, shown);
    expect(result.renderingContent).toEqual(renderingContent);
  });
});

describe('ill-typed parameters', () => {
  const cases: [string, unknown][] = [
    ['attributesToHighlight', 5],
    ['attributesToSnippet', { title: 3 }],
    ['restrictSearchableAttributes', 7],
    ['responseFields', 3],
    ['removeWordsIfNoResults', 'sometimes'],
    ['exactOnSingleWordQuery', 'phrase'],
    ['sortFacetValuesBy', 'random'],
    ['minWordSizefor1Typo', 'four'],
    ['getRankingInfo', 'perhaps'],
    ['facetingAfterDistinct', 'maybe'],
    ['alternativesAsExact', ['nonsense']],
    ['offset', -1],
    ['queryType', 'prefixSome'],
  ];
  it.each(cases)('answers %s = %j with a 400 naming it', async (name, value) => {
    await expect(
      client.searchSingleIndex({ indexName, searchParams: { [name]: value } as never }),
    ).rejects.toMatchObject(apiError(400, new RegExp(`.*${name}.*`)));
  });
});

describe('unknown parameter names', () => {
  // docs/api.md §1.6 (a Vitrine decision): unknown parameters are ignored, not rejected. Algolia itself answers
  // 400 "Unknown parameter" (algolia/api-clients-automation#5441); the shared protocol chose otherwise.
  it('ignores a name it does not know on every search route, as docs/api.md §1.6 says', async () => {
    const plain = await search({ query: 'blue' });
    const misspelt = await client.searchSingleIndex<Release>({
      indexName,
      searchParams: { query: 'blue', hitsPerPge: 5 } as never,
    });
    expect(ids(misspelt.hits)).toEqual(ids(plain.hits));
    const { results } = await client.search<Release>({
      requests: [{ indexName, query: 'blue', hitsPerPge: 5 } as never],
    });
    expect(ids((results[0] as { hits: Release[] }).hits)).toEqual(ids(plain.hits));
    const facets = await client.searchForFacetValues({
      indexName,
      facetName: 'label',
      searchForFacetValuesRequest: { facetQuery: 'v', params: 'hitsPerPge=5' },
    });
    expect(facets.facetHits.length).toBeGreaterThan(0);
    const browsed = await client.browse<Release>({
      indexName,
      browseParams: { query: 'blue', hitsPerPge: 5 } as never,
    });
    expect(browsed.hits.map((hit) => hit.objectID).sort()).toEqual(ids(plain.hits).sort());
  });

  it('accepts the Algolia parameters it does not implement, and ignores them', async () => {
    const plain = await search({ query: 'blue' });
    const extra = await search({
      query: 'blue',
      enablePersonalization: true,
      personalizationImpact: 10,
      enableABTest: false,
      naturalLanguages: ['en'],
    });
    expect(ids(extra.hits)).toEqual(ids(plain.hits));
  });
});
