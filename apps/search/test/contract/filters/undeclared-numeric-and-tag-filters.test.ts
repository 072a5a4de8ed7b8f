/**
 * A film library shaped unlike the other catalogues (credits nested two levels deep, an
 * array of objects, arrays of numbers holding the same number twice, nullable booleans, numbers and years stored
 * as strings, a long synopsis, `_tags` differing only in case, attributes missing on some films), indexed and read
 * through the official v5 client only. Every expectation is a brute-force computation over the records or a
 * statement of docs/api.md: numeric filters on attributes never declared for faceting (§3.3: "any numeric unless
 * numericAttributesForFiltering restricts"), numbers compared to three decimals (§3.3), booleans as 1/0, `_tags` in
 * `filters` and `tagFilters` (§3.3, §3.4), facet counts once per record and value (§6 requirement 4), and
 * facet-value search counted under the same filters (§5.3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { countFacet, numbersAt } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey } from '../../support/test-app.ts';
import {
  clientFor,
  seedIndex,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

interface Film {
  objectID: string;
  title: string;
  originalTitle: string | null;
  year: number;
  yearText: string;
  runtime?: number | null;
  ratings: { press: number | null; audience: number[] };
  festivals: string[];
  genres: string[];
  credits: {
    director: { name: string; born: number | null };
    cast: { name: string; age: number }[];
  };
  colour: boolean | null;
  restored?: boolean;
  budget: string;
  synopsis: string;
  _tags: string[];
  popularity: number;
  series: string;
}

const directors = [
  { name: 'Agnès Varda', born: 1928 },
  { name: 'Jacques Tati', born: 1907 },
  { name: 'Éric Rohmer', born: 1920 },
  { name: 'Chantal Akerman', born: null },
  { name: 'Ousmane Sembène', born: 1923 },
];
const genreNames = ['drame', 'comédie', 'documentaire', 'policier', 'fantastique', 'muet'];
const festivalNames = ['Cannes', 'Venise', 'Berlin', 'Locarno'];
const actors = [
  'Anna Karina',
  'Jean-Pierre Léaud',
  'Delphine Seyrig',
  'Michel Piccoli',
  'Bulle Ogier',
  'Zoé Ångström',
];
const nouns = [
  'lune',
  'rivière',
  'maison',
  'horloge',
  'fenêtre',
  'été',
  'cœur',
  'vélo',
  'phare',
  'jardin',
];
const adjectives = [
  'bleue',
  'lointaine',
  'oubliée',
  'secrète',
  'brûlante',
  'tranquille',
  'dernière',
];
const filler =
  'une histoire de famille racontée lentement avec des plans fixes, des silences et beaucoup de pluie sur la ville';
const pick = <T>(list: readonly T[], position: number): T => list[position % list.length] as T;

function makeFilm(i: number): Film {
  const year = 1950 + ((i * 7) % 60);
  const film: Film = {
    objectID: `film/${String(i).padStart(2, '0')}`,
    title: `La ${pick(nouns, i * 3)} ${pick(adjectives, i * 5)}${i % 9 === 0 ? ' II' : ''}`,
    originalTitle: i % 4 === 0 ? null : `The ${pick(nouns, i * 3)} ${i}`,
    year,
    yearText: String(year),
    ratings: {
      press: i % 6 === 5 ? null : ((i * 13) % 50) / 10,
      // The same number twice in one record: it still counts once for that record.
      audience: i % 5 === 4 ? [] : [((i * 3) % 10) + 0.5, (i * 7) % 10, (i * 7) % 10],
    },
    festivals:
      i % 3 === 0
        ? []
        : [pick(festivalNames, i), pick(festivalNames, i + 1), pick(festivalNames, i)],
    genres: [pick(genreNames, i), ...(i % 2 === 0 ? [pick(genreNames, i + 2)] : [])],
    credits: {
      director: pick(directors, i),
      cast: [
        { name: pick(actors, i), age: 20 + ((i * 11) % 50) },
        { name: pick(actors, i + 2), age: 20 + ((i * 17) % 50) },
      ],
    },
    colour: i % 7 === 6 ? null : year >= 1965,
    budget: String(100_000 * (1 + (i % 12))),
    synopsis: `${filler} ${pick(nouns, i * 3)} ${i % 2 === 0 ? 'au bord de la mer' : 'dans la montagne'}. ${filler}`,
    _tags: [
      i % 2 === 0 ? 'restauré' : 'original',
      ...(i % 5 === 0 ? ['Culte'] : []),
      ...(i % 8 === 0 ? ['culte'] : []),
    ],
    popularity: (i * 37) % 101,
    series: `series-${i % 16}`,
  };
  if (i % 10 !== 3) film.runtime = i % 11 === 0 ? null : 70 + ((i * 19) % 90);
  if (i % 3 === 1) film.restored = i % 2 === 0;
  return film;
}

const films: readonly Film[] = Array.from({ length: 48 }, (_, i) => makeFilm(i));
const indexName = 'cinematheque_probe13';
const settings = {
  searchableAttributes: [
    'title',
    'originalTitle',
    'credits.director.name',
    'credits.cast.name',
    'unordered(synopsis)',
  ],
  // runtime, ratings.press, credits.cast.age, popularity and colour are not declared: numeric filters still work.
  attributesForFaceting: [
    'genres',
    'searchable(festivals)',
    'credits.director.name',
    'restored',
    'year',
    'ratings.audience',
    'budget',
    '_tags',
    'afterDistinct(credits.cast.name)',
  ],
  attributeForDistinct: 'series',
  customRanking: ['desc(popularity)'],
};

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, adminKey);
  await seedIndex(admin, indexName, settings, films as unknown as Record<string, unknown>[]);
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams, index = indexName) =>
  admin.searchSingleIndex<Film>({
    indexName: index,
    searchParams: { hitsPerPage: 1000, attributesToHighlight: [], ...searchParams },
  });
const sorted = (ids: readonly string[]) => [...ids].sort();
const idsOf = (hits: readonly { objectID: string }[]) => sorted(hits.map((hit) => hit.objectID));
const expectIds = (predicate: (film: Film) => boolean) =>
  sorted(films.filter(predicate).map((film) => film.objectID));
const some = (film: Film, path: string, test: (value: number) => boolean) =>
  numbersAt(film, path).some(test);

describe('numeric filters on attributes not declared for faceting', () => {
  const cases: [string, SearchParams, (film: Film) => boolean][] = [
    [
      'a missing or null runtime',
      { numericFilters: ['runtime>=100'] },
      (f) => some(f, 'runtime', (v) => v >= 100),
    ],
    [
      'NOT on a missing or null runtime',
      { filters: 'NOT runtime < 100' },
      (f) => !some(f, 'runtime', (v) => v < 100),
    ],
    [
      'a nested nullable number',
      { filters: 'ratings.press:1.3 TO 3.9' },
      (f) => some(f, 'ratings.press', (v) => v >= 1.3 && v <= 3.9),
    ],
    [
      '!= on a nested nullable number',
      { numericFilters: ['ratings.press!=0'] },
      (f) => some(f, 'ratings.press', (v) => v !== 0),
    ],
    [
      'an array of objects, OR inside a nested list',
      { numericFilters: [['credits.cast.age<25', 'credits.cast.age>65']] },
      (f) => some(f, 'credits.cast.age', (v) => v < 25 || v > 65),
    ],
    [
      'two conditions on an array of numbers, each met by any element',
      { numericFilters: ['ratings.audience>8', 'ratings.audience<2'] },
      (f) => some(f, 'ratings.audience', (v) => v > 8) && some(f, 'ratings.audience', (v) => v < 2),
    ],
    [
      'a half on an array of numbers',
      { filters: 'ratings.audience = 3.5' },
      (f) => some(f, 'ratings.audience', (v) => v === 3.5),
    ],
    [
      'a nested number two levels deep',
      { filters: 'credits.director.born < 1925' },
      (f) => some(f, 'credits.director.born', (v) => v < 1925),
    ],
    ['a boolean as 1', { numericFilters: ['colour=1'] }, (f) => f.colour === true],
    ['a boolean as 0, nulls left out', { filters: 'colour = 0' }, (f) => f.colour === false],
    [
      'an undeclared boolean as a facet value',
      { filters: 'colour:true AND popularity >= 50' },
      (f) => f.colour === true && f.popularity >= 50,
    ],
    [
      'numbers stored as strings, never numeric',
      { filters: 'budget > 0 OR yearText >= 1900' },
      () => false,
    ],
  ];
  it.each(cases)('filters %s', async (_name, searchParams, predicate) => {
    const result = await search(searchParams);
    expect(idsOf(result.hits)).toEqual(expectIds(predicate));
    expect(result.nbHits).toBe(films.filter(predicate).length);
  });
});

describe('numbers compared to three decimals (docs/api.md §3.3 "3 decimals of precision")', () => {
  // Prices computed in floating point, as a catalogue exporter writes them.
  const prices = [
    { objectID: 'sum', price: 0.1 + 0.2 }, // 0.30000000000000004
    { objectID: 'difference', price: 0.7 - 0.4 }, // 0.29999999999999993
    { objectID: 'exact', price: 0.3 },
    { objectID: 'product', price: 1.1 * 3 }, // 3.3000000000000003
    { objectID: 'above', price: 0.301 },
    { objectID: 'whole', price: 3 },
  ];
  const priceIndex = 'cinematheque_probe13_prices';
  beforeAll(async () => {
    await seedIndex(admin, priceIndex, { attributesForFaceting: ['filterOnly(price)'] }, prices);
  });
  const filtered = async (searchParams: SearchParams) =>
    idsOf((await search(searchParams, priceIndex)).hits);

  it('matches a value off by a floating-point error with =, <=, >=, a range and !=', async () => {
    expect(await filtered({ filters: 'price = 0.3' })).toEqual(
      sorted(['sum', 'difference', 'exact']),
    );
    expect(await filtered({ numericFilters: ['price<=0.3'] })).toEqual(
      sorted(['sum', 'difference', 'exact']),
    );
    expect(await filtered({ numericFilters: ['price>=0.3', 'price<3'] })).toEqual(
      sorted(['sum', 'difference', 'exact', 'above']),
    );
    expect(await filtered({ filters: 'price:0.3 TO 0.3' })).toEqual(
      sorted(['sum', 'difference', 'exact']),
    );
    expect(await filtered({ filters: 'price = 3.3 OR price = 3' })).toEqual(
      sorted(['product', 'whole']),
    );
    expect(await filtered({ filters: 'price != 0.3' })).toEqual(
      sorted(['product', 'above', 'whole']),
    );
  });

  it('still tells apart values one thousandth apart', async () => {
    expect(await filtered({ filters: 'price > 0.3 AND price < 1' })).toEqual(['above']);
    expect(await filtered({ filters: 'price < 0.3' })).toEqual([]);
    expect(await filtered({ filters: 'price = 0.301' })).toEqual(['above']);
  });
});

describe('numericAttributesForFiltering with equalOnly()', () => {
  const restricted = 'cinematheque_probe13_equal';
  const restrictedSettings = { numericAttributesForFiltering: ['year', 'equalOnly(popularity)'] };
  beforeAll(async () => {
    await seedIndex(
      admin,
      restricted,
      restrictedSettings,
      films as unknown as Record<string, unknown>[],
    );
  });

  it('returns the setting as sent and allows = and != on an equalOnly attribute', async () => {
    const stored = await admin.getSettings({ indexName: restricted });
    expect(stored.numericAttributesForFiltering).toEqual(
      restrictedSettings.numericAttributesForFiltering,
    );
    const equal = await search({ filters: 'popularity = 37 OR popularity = 74' }, restricted);
    expect(idsOf(equal.hits)).toEqual(expectIds((f) => f.popularity === 37 || f.popularity === 74));
    const different = await search(
      { numericFilters: ['popularity!=37', 'year>=2000'] },
      restricted,
    );
    expect(idsOf(different.hits)).toEqual(expectIds((f) => f.popularity !== 37 && f.year >= 2000));
  });

  it('refuses a comparison or a range on an equalOnly attribute with a 400 naming it', async () => {
    for (const searchParams of [
      { filters: 'popularity > 37' },
      { numericFilters: ['popularity:30 TO 40'] },
    ]) {
      const refused = await failureOf(search(searchParams, restricted));
      expect(refused).toEqual(apiError(400, /.*equalOnly\(popularity\).*/));
    }
  });
});

describe('_tags in filters and tagFilters', () => {
  const cases: [string, SearchParams, (film: Film) => boolean][] = [
    ['a bare value as a tag', { filters: 'restauré' }, (f) => f._tags.includes('restauré')],
    ['tags case-sensitively', { filters: '_tags:culte' }, (f) => f._tags.includes('culte')],
    [
      'a bare tag OR a facet value',
      { filters: '(Culte OR genres:muet) AND year > 1960' },
      (f) => (f._tags.includes('Culte') || f.genres.includes('muet')) && f.year > 1960,
    ],
    [
      'a negated tag next to a nested facet',
      { filters: 'NOT _tags:original AND "credits.director.name":"éric rohmer"' },
      (f) => !f._tags.includes('original') && f.credits.director.name === 'Éric Rohmer',
    ],
    [
      'tagFilters: an OR list and a negation',
      { tagFilters: [['Culte', 'culte'], '-original'] },
      (f) =>
        (f._tags.includes('Culte') || f._tags.includes('culte')) && !f._tags.includes('original'),
    ],
    [
      'tagFilters as a string, AND',
      { tagFilters: 'restauré,Culte' },
      (f) => f._tags.includes('restauré') && f._tags.includes('Culte'),
    ],
  ];
  it.each(cases)('filters %s', async (_name, searchParams, predicate) => {
    expect(idsOf((await search(searchParams)).hits)).toEqual(expectIds(predicate));
  });

  it('counts _tags as a facet, the two cases apart', async () => {
    const result = await search({ hitsPerPage: 0, facets: ['_tags'] });
    expect(result.facets?.['_tags']).toEqual(countFacet(films, '_tags'));
  });
});

describe('facet counts and stats on arrays holding a value twice', () => {
  const facets = [
    'genres',
    'festivals',
    'credits.director.name',
    'restored',
    'year',
    'ratings.audience',
    'budget',
    '_tags',
    'credits.cast.name',
  ];
  const underFilter = (f: Film) => some(f, 'runtime', (v) => v >= 90) && f.colour !== null;

  it('counts every facet once per record and value under a filter on undeclared attributes', async () => {
    const result = await search({
      hitsPerPage: 0,
      facets: ['*'],
      maxValuesPerFacet: 1000,
      filters: 'runtime >= 90 AND (colour = 1 OR colour = 0)',
    });
    const matched = films.filter(underFilter);
    expect(result.nbHits).toBe(matched.length);
    expect(Object.keys(result.facets ?? {}).sort()).toEqual([...facets].sort());
    for (const facet of facets)
      expect(result.facets?.[facet], facet).toEqual(countFacet(matched, facet));
  });

  it('gives facets_stats on numbers only, as the sum of value × count over the facet counts', async () => {
    const result = await search({
      hitsPerPage: 0,
      facets: ['ratings.audience', 'year', 'budget'],
      filters: 'runtime >= 90',
    });
    const matched = films.filter((f) => some(f, 'runtime', (v) => v >= 90));
    const audience = countFacet(matched, 'ratings.audience');
    const values = Object.keys(audience).map(Number);
    const sum = Object.entries(audience).reduce(
      (total, [value, count]) => total + Number(value) * count,
      0,
    );
    const records = Object.values(audience).reduce((total, count) => total + count, 0);
    const stats = result.facets_stats?.['ratings.audience'];
    expect(stats).toMatchObject({ min: Math.min(...values), max: Math.max(...values) });
    expect(stats?.sum).toBeCloseTo(sum, 6);
    expect(stats?.avg).toBeCloseTo(sum / records, 6);
    const years = matched.map((f) => f.year);
    expect(result.facets_stats?.['year']).toMatchObject({
      min: Math.min(...years),
      max: Math.max(...years),
    });
    // Budgets are numbers written as strings: counted as facet values, never as numbers.
    expect(result.facets?.['budget']).toEqual(countFacet(matched, 'budget'));
    expect(result.facets_stats?.['budget']).toBeUndefined();
  });
});

describe('facet-value search under filters on undeclared attributes', () => {
  it('counts festival values under a numeric filter, a nested boolean and a negated tag', async () => {
    const matched = films.filter(
      (f) =>
        some(f, 'credits.cast.age', (v) => v >= 50) &&
        f.colour === true &&
        !f._tags.includes('original'),
    );
    const { facetHits } = await admin.searchForFacetValues({
      indexName,
      facetName: 'festivals',
      searchForFacetValuesRequest: {
        facetQuery: '',
        params:
          'filters=credits.cast.age%20%3E%3D%2050%20AND%20colour%3Atrue%20AND%20NOT%20_tags%3Aoriginal',
      },
    });
    const expected = countFacet(matched, 'festivals');
    expect(Object.keys(expected).length).toBeGreaterThan(1);
    expect(Object.fromEntries(facetHits.map((hit) => [hit.value, hit.count]))).toEqual(expected);
  });
});
