/**
 * Facets and filters on nested and array attributes of the concert catalogue
 * (`concerts.ts`), through the official v5 client only: counts and facet stats are brute-force counts over the
 * records (docs/api.md §5.1, §6 requirement 4: one count per record and distinct value; nulls and missing values
 * count nowhere), filters follow §3.3/§3.4 (dot paths, booleans, quoted names and values, the first `:` splits a
 * facet filter), numeric filters run on unix timestamps, and facet-value search folds accents (§5.3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { countFacet, numbersAt, valuesAt } from '../../support/books.ts';
import { foldedWords, matchesQuery } from '../../support/concert-matcher.ts';
import { type Concert, concertIds, concertSettings, concerts } from '../../support/concerts.ts';
import { failureOf } from '../../support/failure-of.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'billetterie_facets';

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName,
    settings: concertSettings,
    records: concerts,
  }));
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams) =>
  admin.searchSingleIndex<Concert>({
    indexName,
    searchParams: { hitsPerPage: 1000, attributesToHighlight: [], ...searchParams },
  });
const unix = (iso: string) => Date.parse(iso) / 1000;

const facetNames = [
  'genre',
  'performers.name',
  'performers.role',
  'venue.address.city',
  'venue.address.country',
  'venue.address.postcode',
  'tags',
  'sold-out',
  'accessible',
  'ageLimit',
  'categories.lvl2',
];

function stats(records: readonly Concert[], path: string) {
  const values = records.flatMap((record) => numbersAt(record, path));
  const sum = values.reduce((total, value) => total + value, 0);
  return { min: Math.min(...values), max: Math.max(...values), avg: sum / values.length, sum };
}

describe('facet counts on nested, array, boolean and nullable attributes', () => {
  it('counts every requested facet over all records, nulls and missing values left out', async () => {
    const result = await search({ hitsPerPage: 0, facets: facetNames, maxValuesPerFacet: 1000 });
    expect(result.nbHits).toBe(concerts.length);
    for (const facet of facetNames)
      expect(result.facets?.[facet], facet).toEqual(countFacet(concerts, facet));
    // a record with two guests counts once for "guest"; null and missing `accessible` count nowhere
    const accessible = countFacet(concerts, 'accessible');
    expect((accessible['true'] ?? 0) + (accessible['false'] ?? 0)).toBeLessThan(concerts.length);
    expect(result.exhaustiveFacetsCount).toBe(true);
  });

  it('counts the facets of a query matching through performers, with filters on a quoted dashed name', async () => {
    const result = await search({
      query: 'nordlys',
      filters: '"sold-out":false AND venue.address.country:France',
      facets: ['venue.address.city', 'performers.role', 'tags', 'price.currency'],
    });
    const matched = concerts.filter(
      (c) =>
        foldedWords(
          [c.title, c.description, c.venue.name, ...c.performers.map((p) => p.name)].join(' '),
        ).some((word) => word.startsWith('nordlys')) &&
        !c['sold-out'] &&
        c.venue.address.country === 'France',
    );
    expect(matched.length).toBeGreaterThan(1);
    expect([...ids(result.hits)].sort()).toEqual(matched.map((c) => c.objectID).sort());
    expect(result.facets?.['venue.address.city']).toEqual(
      countFacet(matched, 'venue.address.city'),
    );
    expect(result.facets?.['performers.role']).toEqual(countFacet(matched, 'performers.role'));
    expect(result.facets?.['tags']).toEqual(countFacet(matched, 'tags'));
    // filterOnly(price.currency) filters but is never counted
    expect(result.facets).not.toHaveProperty('price.currency');
  });

  it('computes facets_stats over numbers only, skipping null and missing ratings', async () => {
    const result = await search({
      filters: 'genre:Classique OR genre:Jazz',
      hitsPerPage: 0,
      facets: ['price.min', 'venue.capacity', 'rating'],
    });
    const matched = concerts.filter((c) => c.genre === 'Classique' || c.genre === 'Jazz');
    expect(result.nbHits).toBe(matched.length);
    for (const path of ['price.min', 'venue.capacity', 'rating']) {
      const expected = stats(matched, path);
      const actual = result.facets_stats?.[path];
      expect(actual?.min, path).toBe(expected.min);
      expect(actual?.max, path).toBe(expected.max);
      expect(actual?.sum, path).toBeCloseTo(expected.sum, 6);
      expect(actual?.avg, path).toBeCloseTo(expected.avg, 2);
    }
    expect(matched.some((c) => c.rating === null || c.rating === undefined)).toBe(true);
  });
});

describe('filters on nested attributes, booleans and timestamps', () => {
  const cases: [string, (c: Concert) => boolean][] = [
    [
      'venue.address.city:"São Paulo" OR venue.address.city:Kraków',
      (c) => ['São Paulo', 'Kraków'].includes(c.venue.address.city),
    ],
    [
      'performers.role:guest AND accessible:true',
      (c) => c.performers.some((p) => p.role === 'guest') && c.accessible === true,
    ],
    ['NOT accessible:false', (c) => c.accessible !== false],
    ['accessible:false OR "sold-out":true', (c) => c.accessible === false || c['sold-out']],
    ['venue.address.postcode:"1017 CG"', (c) => c.venue.address.postcode === '1017 CG'],
    ['venue.address.postcode:75011', (c) => c.venue.address.postcode === '75011'],
    ['price.currency:JPY', (c) => c.price.currency === 'JPY'],
    [
      'venue.address.city:東京 AND NOT performers.name:"Chloé Dubois"',
      (c) =>
        c.venue.address.city === '東京' && !c.performers.some((p) => p.name === 'Chloé Dubois'),
    ],
    [
      `startsAt:${unix('2026-04-01T00:00:00Z')} TO ${unix('2026-06-30T23:59:59Z')}`,
      (c) =>
        c.startsAt >= unix('2026-04-01T00:00:00Z') && c.startsAt <= unix('2026-06-30T23:59:59Z'),
    ],
    [
      `doorsAt < ${unix('2026-03-01T00:00:00Z')} AND venue.capacity >= 2000`,
      (c) =>
        (c.doorsAt ?? Number.POSITIVE_INFINITY) < unix('2026-03-01T00:00:00Z') &&
        c.venue.capacity >= 2000,
    ],
    ['rating >= 4.8', (c) => typeof c.rating === 'number' && c.rating >= 4.8],
    ['price.min = 0', (c) => c.price.min === 0],
  ];

  for (const [filters, keep] of cases)
    it(`filters ${filters}`, async () => {
      const result = await search({ filters });
      const expected = concertIds(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(result.hits)).toEqual(expected);
      expect(result.nbHits).toBe(expected.length);
    });

  it('reads numericFilters on timestamps: AND of the outer list, OR inside a nested one', async () => {
    const from = unix('2026-09-01T00:00:00Z');
    const to = unix('2026-12-31T23:59:59Z');
    const result = await search({
      numericFilters: [`startsAt>=${from}`, `startsAt<=${to}`, ['price.min<20', 'price.max>=100']],
      facets: ['genre'],
    });
    const matched = concerts.filter(
      (c) => c.startsAt >= from && c.startsAt <= to && (c.price.min < 20 || c.price.max >= 100),
    );
    expect(ids(result.hits)).toEqual(concertIds((c) => matched.includes(c)));
    expect(result.facets?.['genre']).toEqual(countFacet(matched, 'genre'));
  });

  it('matches numbers only with numeric filters on an attribute mixing numbers and numeric strings', async () => {
    const result = await search({ numericFilters: ['ageLimit>=16'] });
    const expected = concertIds((c) => typeof c.ageLimit === 'number' && c.ageLimit >= 16);
    expect(ids(result.hits)).toEqual(expected);
    expect(concerts.some((c) => c.ageLimit === '18')).toBe(true);
  });

  it('splits a facet filter at the first colon and keeps spaces, quotes, apostrophes and emoji', async () => {
    const values = ['after: 2h', 'session "live"', "L'été", '🎸 guitare', 'accès PMR'];
    for (const value of values) {
      const result = await search({ facetFilters: [`tags:${value}`] });
      const expected = concertIds((c) => c.tags.includes(value));
      expect(expected.length, value).toBeGreaterThan(0);
      expect(ids(result.hits), value).toEqual(expected);
    }
    const ored = await search({
      facetFilters: [['tags:after: 2h', 'tags:session "live"'], 'venue.address.country:France'],
    });
    expect(ids(ored.hits)).toEqual(
      concertIds(
        (c) =>
          (c.tags.includes('after: 2h') || c.tags.includes('session "live"')) &&
          c.venue.address.country === 'France',
      ),
    );
  });

  it('quotes and escapes the same values in the filters string', async () => {
    const result = await search({
      filters: 'tags:"session \\"live\\"" OR tags:"after: 2h" OR tags:"L\'été"',
    });
    expect(ids(result.hits)).toEqual(
      concertIds((c) =>
        c.tags.some((tag) => ['session "live"', 'after: 2h', "L'été"].includes(tag)),
      ),
    );
  });

  it('matches facet values case-insensitively on non-Latin values and negates with a leading -', async () => {
    const greek = await search({ facetFilters: ['performers.name:ηλίας παππάς'] });
    expect(ids(greek.hits)).toEqual(
      concertIds((c) => c.performers.some((p) => p.name === 'Ηλίας Παππάς')),
    );
    const negated = await search({
      facetFilters: ['venue.address.country:-France', 'genre:-Rock'],
    });
    expect(ids(negated.hits)).toEqual(
      concertIds((c) => c.venue.address.country !== 'France' && c.genre !== 'Rock'),
    );
  });

  it('counts empty-array and missing values nowhere but keeps their records in the hits', async () => {
    const result = await search({
      filters: 'genre:Chanson',
      facets: ['performers.name', 'tags', 'rating'],
    });
    const matched = concerts.filter((c) => c.genre === 'Chanson');
    expect(ids(result.hits)).toEqual(concertIds((c) => matched.includes(c)));
    expect(result.facets?.['performers.name']).toEqual(countFacet(matched, 'performers.name'));
    expect(result.facets?.['tags']).toEqual(countFacet(matched, 'tags'));
    expect(result.facets?.['rating']).toEqual(countFacet(matched, 'rating'));
    expect(matched.some((c) => c.performers.length === 0 && c.tags.length === 0)).toBe(true);
  });
});

describe('search for facet values', () => {
  type FacetHit = { value: string; highlighted: string; count: number };
  const facetValues = (
    facetName: string,
    facetQuery: string,
    extra: Record<string, unknown> = {},
  ) =>
    admin.searchForFacetValues({
      indexName,
      facetName,
      searchForFacetValuesRequest: { facetQuery, maxFacetHits: 100, ...extra },
    });
  /** Values of `path` with a word starting with the folded query, counted over `records`, count desc. */
  function expectedHits(records: readonly Concert[], path: string, facetQuery: string) {
    const prefix = foldedWords(facetQuery);
    const counts = countFacet(
      records.filter((record) => valuesAt(record, path).length > 0),
      path,
    );
    return Object.entries(counts)
      .filter(([value]) => {
        const words = foldedWords(value);
        return prefix.every((term, at) =>
          at === prefix.length - 1
            ? words.some((word) => word.startsWith(term))
            : words.includes(term),
        );
      })
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .map(([value, count]) => ({ value, count }));
  }

  it('folds accents in the facet query and highlights the original letters', async () => {
    const cases: [string, string][] = [
      ['zur', '<em>Zür</em>ich'],
      ['sao', '<em>São</em> Paulo'],
      ['montre', '<em>Montré</em>al'],
      ['krako', '<em>Krakó</em>w'],
    ];
    for (const [query, highlighted] of cases) {
      const result = await facetValues('venue.address.city', query);
      const expected = expectedHits(concerts, 'venue.address.city', query);
      expect(expected, query).toHaveLength(1);
      expect(result.facetHits, query).toEqual([
        { ...expected[0], highlighted: expect.any(String) },
      ]);
      expect(result.facetHits[0]?.highlighted, query).toBe(highlighted);
    }
  });

  it('searches the values of an array of objects under a query and filters, counts from the matches', async () => {
    const result = await facetValues('performers.name', 'b', {
      query: 'nuit',
      filters: 'venue.address.country:France',
    });
    const matched = concerts.filter(
      (c) => c.venue.address.country === 'France' && matchesQuery(c, 'nuit'),
    );
    const expected = expectedHits(matched, 'performers.name', 'b');
    expect(expected.length).toBeGreaterThan(1);
    const hits = result.facetHits as FacetHit[];
    const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : 1);
    expect(hits.map(({ value, count }) => ({ value, count })).sort(byValue)).toEqual(
      [...expected].sort(byValue),
    );
    // sorted by count, most frequent first (§2.4)
    expect(hits.map((hit) => hit.count)).toEqual(expected.map((hit) => hit.count));
  });

  it('finds Cyrillic and Greek values by a lower-case prefix', async () => {
    for (const query of ['ива', 'ηλι']) {
      const result = await facetValues('performers.name', query);
      const expected = expectedHits(concerts, 'performers.name', query);
      expect(expected, query).toHaveLength(1);
      expect(
        (result.facetHits as FacetHit[]).map(({ value, count }) => ({ value, count })),
        query,
      ).toEqual(expected);
    }
  });

  it('refuses a facet that is not searchable with the documented 400', async () => {
    expect(await failureOf(facetValues('venue.address.country', 'fr'))).toEqual(
      apiError(
        400,
        'Cannot search in `venue.address.country` attribute, you need to add `searchable(venue.address.country)` to attributesForFaceting.',
      ),
    );
  });
});
