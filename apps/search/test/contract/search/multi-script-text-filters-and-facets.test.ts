/**
 * The agenda of a network of French public libraries, shaped unlike the other
 * catalogues (a venue nested two levels deep, negative floors, arrays of seat counts, a nullable boolean, empty
 * subtitles and empty arrays, a Unix timestamp, accented French, Greek and Japanese names, emoji in titles, quotes
 * and apostrophes in organiser names, a `series` distinct key, a popularity missing on some events), indexed and
 * read through the official v5 client only. Every number asserted is a brute-force computation over the records
 * (text matching per docs/api.md §3.5: folded words, prefix on the last word, Damerau–Levenshtein typos from 4 and
 * 8 letters) or a statement of docs/api.md. These tests found `distinct` ignored on virtual replicas: every match came
 * back, more hits than `nbHits` said, with facets counted after distinct over other records than those shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { countFacet, numbersAt, valuesAt } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey } from '../../support/test-app.ts';
import {
  clientFor,
  createKey,
  seedIndex,
  setSettingsAndWait,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

interface LibraryEvent {
  objectID: string;
  title: string;
  subtitle: string;
  summary: string;
  venue: {
    name: string;
    floor: number;
    address: { city: string; district: number | null };
  };
  audience: string[];
  seats: number[];
  languages: string[];
  free: boolean;
  accessible: boolean | null;
  startsAt: number;
  price: number;
  rating: number | null;
  organiser: string;
  series: string;
  popularity?: number;
  _tags: string[];
}

const kinds = [
  'Lecture',
  'Concert',
  'Atelier',
  'Projection',
  'Conférence',
  'Exposition',
  'Rencontre',
  'Spectacle',
];
const subjects = [
  'château',
  'forêt',
  'océan',
  'musique',
  'jardin',
  'étoiles',
  'robots',
  'volcans',
  'poésie',
  'cuisine',
  'dinosaures',
  'théâtre',
];
const cities = ['Saint-Étienne', 'Besançon', 'Nîmes', 'Orléans', 'Angoulême', 'Αθήνα'];
const venues = [
  'Médiathèque Émile Zola',
  'Bibliothèque des Quais',
  'Salle "La Forge"',
  'Espace Jeunesse 🌱',
  'Ludothèque Arc-en-ciel',
  '図書館 Sakura',
  'Maison du Livre',
  'Le 🎪 Chapiteau des Mots',
];
const organisers = [
  'Les "Amis" du livre',
  "L'Atelier d'écriture",
  'Club 42',
  'Lire & Faire Lire',
  'Ciné-club "Lumière"',
  'Compagnie Ô Sol',
];
const guests = ['Zoé Ndiaye', 'Hélène Lefèvre', 'Kenji Watanabe', 'Maëlle Çelik', 'Jürgen Olsen'];
// One word, its plural and a misspelt plural: 0, 1 and 2 typos away from "marionnette".
const puppets = ['marionnette', 'marionnettes', 'marionettes', 'lanternes'];
const audiences = ['enfants', 'ados', 'adultes', 'seniors', 'familles'];
const languageCodes = ['fr', 'en', 'ja', 'el', 'oc'];
const emoji = ['', '', ' 🎭', '', ' 📚', ''];
const pick = <T>(list: readonly T[], position: number): T => list[position % list.length] as T;
const baseTime = 1_767_225_600; // 2026-01-01T00:00:00Z

function makeEvent(i: number): LibraryEvent {
  const subject = pick(subjects, i * 5 + Math.floor(i / 12));
  const audienceCount = i % 7 === 3 ? 0 : 1 + (i % 3);
  const seatCount = i % 9 === 4 ? 0 : 1 + (i % 2);
  const event: LibraryEvent = {
    objectID: `evt-${String(i).padStart(3, '0')}`,
    title: `${pick(kinds, i)} ${subject}${pick(emoji, i)}`,
    // An empty subtitle on most events, a single subject word on some (a whole attribute equal to one word).
    subtitle:
      i % 4 === 0
        ? pick(subjects, i * 7)
        : i % 4 === 1
          ? `avec ${pick(guests, i)}`
          : i % 8 === 2
            ? '🎶 Entrée libre pour les lève-tôt'
            : '',
    summary: `Une soirée pour découvrir ${pick(subjects, i * 3 + 1)} près de ${pick(cities, i + 2)} avec ${pick(guests, i * 2)} et des ${pick(puppets, Math.floor(i / 8))}`,
    venue: {
      name: pick(venues, i * 3),
      floor: (i % 6) - 2,
      address: { city: pick(cities, i), district: i % 5 === 0 ? null : (i * 3) % 8 },
    },
    audience: Array.from({ length: audienceCount }, (_, k) => pick(audiences, i + k * 2)),
    seats: Array.from({ length: seatCount }, (_, k) => 10 + ((i * 13 + k * 29) % 90)),
    languages: i % 11 === 0 ? [] : [pick(languageCodes, i % 3 === 0 ? i : 0), 'fr'],
    free: i % 3 !== 0,
    accessible: i % 8 === 7 ? null : i % 2 === 0,
    startsAt: baseTime + ((i * 7919) % 480) * 3600 * 6,
    price: i % 3 !== 0 ? 0 : Math.round((((i * 37) % 120) / 10 + 1.5) * 100) / 100,
    rating: i % 10 === 9 ? null : ((i * 17) % 50) / 10,
    organiser: pick(organisers, i * 7),
    series: `serie-${i % 60}`,
    _tags: [
      ...(i % 4 === 2 ? ['coup de cœur'] : []),
      ...(i % 5 === 1 ? ['Nouveau'] : []),
      ...(i % 6 === 5 ? ['nouveau'] : []),
    ],
  };
  if (i % 13 !== 0) event.popularity = (i * 7919) % 1000;
  return event;
}

const events: readonly LibraryEvent[] = Array.from({ length: 480 }, (_, i) => makeEvent(i));
const indexName = 'agenda_p14';
const standardReplica = 'agenda_p14_by_date';
const virtualReplica = 'agenda_p14_soonest';
const leastPopular = 'agenda_p14_least_popular';
const bestRated = 'agenda_p14_best_rated';
const searchable = [
  'title',
  'subtitle',
  'venue.name',
  'venue.address.city',
  'organiser',
  'unordered(summary)',
];
const settings = {
  searchableAttributes: searchable,
  attributesForFaceting: [
    'searchable(audience)',
    'venue.address.city',
    'venue.address.district',
    'venue.floor',
    'free',
    'accessible',
    'seats',
    'languages',
    'filterOnly(organiser)',
    'startsAt',
    'price',
    'rating',
    'afterDistinct(venue.name)',
    '_tags',
  ],
  attributeForDistinct: 'series',
  customRanking: ['desc(popularity)'],
  replicas: [standardReplica, `virtual(${virtualReplica})`, leastPopular, `virtual(${bestRated})`],
};
const facetNames = settings.attributesForFaceting
  .filter((facet) => !facet.startsWith('filterOnly('))
  .map((facet) => facet.replace(/^(?:afterDistinct|searchable)\(|\)$/g, ''));

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, adminKey);
  await seedIndex(admin, indexName, settings, events as unknown as Record<string, unknown>[]);
  await setSettingsAndWait(admin, standardReplica, {
    ranking: ['asc(startsAt)', 'typo', 'words', 'proximity', 'attribute'],
  });
  await setSettingsAndWait(admin, virtualReplica, {
    customRanking: ['asc(startsAt)'],
    relevancyStrictness: 0,
  });
  await setSettingsAndWait(admin, leastPopular, { customRanking: ['asc(popularity)'] });
  await setSettingsAndWait(admin, bestRated, {
    customRanking: ['desc(rating)'],
    relevancyStrictness: 0,
  });
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams, index = indexName, client = admin) =>
  client.searchSingleIndex<LibraryEvent>({
    indexName: index,
    searchParams: { hitsPerPage: 1000, attributesToHighlight: [], ...searchParams },
  });
const sorted = (ids: readonly string[]) => [...ids].sort();
const idsOf = (hits: readonly { objectID: string }[]) => sorted(hits.map((hit) => hit.objectID));
const idsWhere = (predicate: (event: LibraryEvent) => boolean, from = events) =>
  sorted(from.filter(predicate).map((event) => event.objectID));
const some = (event: LibraryEvent, path: string, test: (value: number) => boolean) =>
  numbersAt(event, path).some(test);

// ---------------------------------------------------------------------------------------------------------------
// Brute-force text matching (docs/api.md §3.5).

const fold = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/œ/g, 'oe');
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The searchable attribute values of an event, one list of words per value (array items apart). */
function attributeWords(
  event: LibraryEvent,
  attributes: readonly string[] = searchable,
): string[][] {
  return attributes
    .map((attribute) => attribute.replace(/^unordered\(|\)$/g, ''))
    .flatMap((path) => valuesAt(event, path).map((value) => wordsOf(String(value))));
}

/** Optimal string alignment distance (a swap of two adjacent letters is one typo). */
function typoDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const previous = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

interface TextOptions {
  readonly prefix?: 'last' | 'all' | 'none';
  readonly typos?: boolean;
  readonly minWordSizefor1Typo?: number;
  readonly minWordSizefor2Typos?: number;
  readonly attributes?: readonly string[];
}

/** Fewest typos with which `queryWord` matches `recordWord`, or undefined (a first-letter typo counts two). */
function wordTypos(
  queryWord: string,
  recordWord: string,
  asPrefix: boolean,
  options: TextOptions,
): number | undefined {
  if (recordWord === queryWord || (asPrefix && recordWord.startsWith(queryWord))) return 0;
  if (options.typos === false) return undefined;
  const length = [...queryWord].length;
  const budget =
    length < (options.minWordSizefor1Typo ?? 4)
      ? 0
      : length < (options.minWordSizefor2Typos ?? 8)
        ? 1
        : 2;
  if (budget === 0) return undefined;
  let best = typoDistance(queryWord, recordWord);
  if (asPrefix) {
    for (let end = 1; end < recordWord.length; end++)
      best = Math.min(best, typoDistance(queryWord, recordWord.slice(0, end)));
  }
  if (best > budget) return undefined;
  return recordWord[0] !== queryWord[0] ? best + 1 : best;
}

/** Total typos with which an event matches every word of `query`, or undefined when a word is missing. */
function queryTypos(
  event: LibraryEvent,
  query: string,
  options: TextOptions = {},
): number | undefined {
  const queryWords = wordsOf(query);
  const words = attributeWords(event, options.attributes ?? searchable).flat();
  let total = 0;
  for (const [position, queryWord] of queryWords.entries()) {
    const prefix = options.prefix ?? 'last';
    const asPrefix = prefix === 'all' || (prefix === 'last' && position === queryWords.length - 1);
    let best: number | undefined;
    for (const word of words) {
      const typos = wordTypos(queryWord, word, asPrefix, options);
      if (typos !== undefined && (best === undefined || typos < best)) best = typos;
    }
    if (best === undefined) return undefined;
    total += best;
  }
  return total;
}

const matchesText = (event: LibraryEvent, query: string, options: TextOptions = {}) =>
  queryTypos(event, query, options) !== undefined;
const hasWord = (event: LibraryEvent, word: string) =>
  attributeWords(event).some((words) => words.includes(fold(word)));
/** True when the words of `phrase` follow one another in one attribute value. */
const hasPhrase = (event: LibraryEvent, phrase: string) => {
  const wanted = wordsOf(phrase);
  return attributeWords(event).some((words) =>
    words.some((_, start) => wanted.every((word, k) => words[start + k] === word)),
  );
};

// ---------------------------------------------------------------------------------------------------------------

describe('query text: several words and typos (docs/api.md §3.5)', () => {
  const queries = [
    'concert volcans',
    'atelir robots',
    'conferense dinosaur',
    'spetacle chateua',
    'projection ocean besancon',
    'lectur poesie nimes',
    'saint-etienne atelier',
    'ludotheque arc-en-ciel',
    'αθηνα concert',
    'rencontre jardin zoe',
    'exposition etoile',
    'atelier forêt besancon kenji',
  ];
  it.each(queries)('matches %s as a brute force over the searchable words', async (query) => {
    const result = await search({ query });
    const expected = idsWhere((event) => matchesText(event, query));
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(result.hits)).toEqual(expected);
    expect(result.nbHits).toBe(expected.length);
  });

  it('reports in _rankingInfo the fewest typos each hit needs, and ranks fewer typos first', async () => {
    const query = 'spetacle chateua';
    const result = await search({ query, getRankingInfo: true });
    expect(result.hits.length).toBeGreaterThan(0);
    const reported = result.hits.map((hit) => [hit.objectID, hit._rankingInfo?.nbTypos]);
    const expected = result.hits.map((hit) => [
      hit.objectID,
      queryTypos(events.find((event) => event.objectID === hit.objectID) as LibraryEvent, query),
    ]);
    expect(reported).toEqual(expected);
    const typos = result.hits.map((hit) => hit._rankingInfo?.nbTypos ?? 0);
    expect(typos).toEqual([...typos].sort((a, b) => a - b));
  });

  it('turns typos off with typoTolerance false and keeps the fewest with min', async () => {
    const query = 'atelir robts';
    const strict = await search({ query, typoTolerance: false });
    expect(strict.nbHits).toBe(
      events.filter((e) => matchesText(e, query, { typos: false })).length,
    );
    expect(strict.nbHits).toBe(0);
    const typed = 'marionnette spectacle';
    const loose = await search({ query: typed });
    const counts = events
      .map((event) => queryTypos(event, typed))
      .filter((typos): typos is number => typos !== undefined);
    const [lowest, second, third] = [...new Set(counts)].sort((a, b) => a - b);
    expect(third).toBeDefined();
    expect(loose.nbHits).toBe(counts.length);
    const min = await search({ query: typed, typoTolerance: 'min' });
    expect(min.nbHits).toBe(counts.filter((typos) => typos === lowest).length);
    const strictTwo = await search({ query: typed, typoTolerance: 'strict' });
    expect(strictTwo.nbHits).toBe(
      counts.filter((typos) => typos === lowest || typos === second).length,
    );
    expect(strictTwo.nbHits).toBeLessThan(loose.nbHits ?? 0);
  });

  it('needs minWordSizefor1Typo letters before a typo counts', async () => {
    const query = 'ocen lecture';
    const relaxed = await search({ query, minWordSizefor1Typo: 4 });
    expect(idsOf(relaxed.hits)).toEqual(idsWhere((e) => matchesText(e, query)));
    expect(relaxed.nbHits).toBeGreaterThan(0);
    const raised = await search({ query, minWordSizefor1Typo: 5 });
    expect(idsOf(raised.hits)).toEqual(
      idsWhere((e) => matchesText(e, query, { minWordSizefor1Typo: 5 })),
    );
    expect(raised.nbHits).toBe(0);
    // A 3-letter word with one typo once the threshold is 3.
    const short = await search({ query: 'clb 42', minWordSizefor1Typo: 3 });
    const expectedShort = idsWhere((e) => matchesText(e, 'clb 42', { minWordSizefor1Typo: 3 }));
    expect(expectedShort.length).toBeGreaterThan(0);
    expect(idsOf(short.hits)).toEqual(expectedShort);
    expect((await search({ query: 'clb 42' })).nbHits).toBe(0);
  });

  it('prefixes only the last word by default, every word with prefixAll, none with prefixNone', async () => {
    for (const [queryType, prefix] of [
      ['prefixLast', 'last'],
      ['prefixAll', 'all'],
      ['prefixNone', 'none'],
    ] as const) {
      const query = 'dinos rob';
      const result = await search({ query, queryType, typoTolerance: false });
      expect(idsOf(result.hits), queryType).toEqual(
        idsWhere((e) => matchesText(e, query, { prefix, typos: false })),
      );
    }
    const all = await search({ query: 'dinos rob', queryType: 'prefixAll', typoTolerance: false });
    expect(all.nbHits).toBeGreaterThan(0);
  });

  it('searches only the listed attributes with restrictSearchableAttributes, nested paths included', async () => {
    const query = 'orleans';
    const attributes = ['venue.address.city'];
    const restricted = await search({ query, restrictSearchableAttributes: attributes });
    const everywhere = await search({ query });
    expect(idsOf(restricted.hits)).toEqual(idsWhere((e) => matchesText(e, query, { attributes })));
    expect(idsOf(everywhere.hits)).toEqual(idsWhere((e) => matchesText(e, query)));
    expect(restricted.nbHits).toBeLessThan(everywhere.nbHits ?? 0);
  });

  it('requires every word but the optional ones, and ranks records holding them first', async () => {
    const result = await search({
      query: 'atelier robots zoe',
      optionalWords: ['zoe'],
      typoTolerance: false,
    });
    const required = idsWhere((e) => matchesText(e, 'atelier robots', { typos: false }));
    const all = idsWhere((e) => matchesText(e, 'atelier robots zoe', { typos: false }));
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThan(required.length);
    expect(idsOf(result.hits)).toEqual(required);
    expect(sorted(result.hits.slice(0, all.length).map((hit) => hit.objectID))).toEqual(all);
  });

  it('drops the first words with firstWords and makes every word optional with allOptional', async () => {
    const first = await search({
      query: 'xylophone atelier robots',
      removeWordsIfNoResults: 'firstWords',
      typoTolerance: false,
    });
    expect(idsOf(first.hits)).toEqual(
      idsWhere((e) => matchesText(e, 'atelier robots', { typos: false })),
    );
    const optional = await search({
      query: 'atelier xylophone volcans',
      removeWordsIfNoResults: 'allOptional',
      typoTolerance: false,
    });
    expect(idsOf(optional.hits)).toEqual(
      idsWhere(
        (e) =>
          matchesText(e, 'atelier', { typos: false, prefix: 'none' }) ||
          matchesText(e, 'volcans', { typos: false }),
      ),
    );
  });

  it('requires a phrase in one attribute and drops excluded words with advancedSyntax', async () => {
    const phrase = await search({ query: '"conference chateau"', advancedSyntax: true });
    const withPhrase = idsWhere((e) => hasPhrase(e, 'conference chateau'));
    expect(withPhrase.length).toBeGreaterThan(0);
    expect(idsOf(phrase.hits)).toEqual(withPhrase);
    const excluded = await search({ query: 'atelier -nimes', advancedSyntax: true });
    expect(idsOf(excluded.hits)).toEqual(
      idsWhere((e) => matchesText(e, 'atelier') && !hasWord(e, 'nimes')),
    );
    // Without advancedSyntax, the quotes and the dash are plain separators.
    const plain = await search({ query: 'atelier -nimes', typoTolerance: false });
    expect(idsOf(plain.hits)).toEqual(
      idsWhere((e) => matchesText(e, 'atelier nimes', { typos: false })),
    );
  });

  it('counts a single-word query exact per exactOnSingleWordQuery', async () => {
    const exactOf = async (mode: 'attribute' | 'word' | 'none') => {
      const result = await search({
        query: 'robots',
        exactOnSingleWordQuery: mode,
        getRankingInfo: true,
        typoTolerance: false,
      });
      return Object.fromEntries(
        result.hits.map((hit) => [hit.objectID, hit._rankingInfo?.nbExactWords]),
      );
    };
    const matching = events.filter((e) => matchesText(e, 'robots', { typos: false }));
    const wholeValue = (e: LibraryEvent) =>
      attributeWords(e).some((words) => words.length === 1 && words[0] === 'robots');
    expect(await exactOf('attribute')).toEqual(
      Object.fromEntries(matching.map((e) => [e.objectID, wholeValue(e) ? 1 : 0])),
    );
    expect(await exactOf('word')).toEqual(
      Object.fromEntries(matching.map((e) => [e.objectID, hasWord(e, 'robots') ? 1 : 0])),
    );
    expect(await exactOf('none')).toEqual(Object.fromEntries(matching.map((e) => [e.objectID, 0])));
  });

  it('matches French plurals and drops French stop words with queryLanguages fr', async () => {
    const base: SearchParams = { typoTolerance: false, queryLanguages: ['fr'] };
    const plain = await search({ ...base, query: 'les volcan atelier' });
    expect(idsOf(plain.hits)).toEqual(
      idsWhere((e) => matchesText(e, 'les volcan atelier', { typos: false })),
    );
    const folded = await search({
      ...base,
      query: 'les volcan atelier',
      ignorePlurals: true,
      removeStopWords: true,
    });
    const expected = idsWhere(
      (e) =>
        (hasWord(e, 'volcan') || hasWord(e, 'volcans')) &&
        matchesText(e, 'atelier', { typos: false }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(folded.hits)).toEqual(expected);
  });
});

describe('pagination (docs/api.md §3.2, §5.1)', () => {
  it('walks pages of the same order, with nbPages = ceil(nbHits / hitsPerPage)', async () => {
    const query = 'atelier';
    const everything = await search({ query });
    const order = everything.hits.map((hit) => hit.objectID);
    expect(order.length).toBe(events.filter((e) => matchesText(e, query)).length);
    const hitsPerPage = 7;
    const pages = Math.ceil(order.length / hitsPerPage);
    const walked: string[] = [];
    for (let page = 0; page < pages; page++) {
      const result = await search({ query, page, hitsPerPage });
      expect(result).toMatchObject({ page, hitsPerPage, nbHits: order.length, nbPages: pages });
      walked.push(...result.hits.map((hit) => hit.objectID));
    }
    expect(walked).toEqual(order);
    const past = await search({ query, page: pages, hitsPerPage });
    expect(past.hits).toEqual([]);
    expect(past.nbHits).toBe(order.length);
  });

  it('slices with offset and length from the same order', async () => {
    const everything = await search({ query: 'atelier' });
    const order = everything.hits.map((hit) => hit.objectID);
    const slice = await search({ query: 'atelier', offset: 5, length: 9, page: 3, hitsPerPage: 2 });
    expect(slice.hits.map((hit) => hit.objectID)).toEqual(order.slice(5, 14));
    expect(slice.nbHits).toBe(order.length);
  });

  it('orders by custom ranking with missing values last under an empty query', async () => {
    const result = await search({ query: '' });
    const withValue = events
      .filter((e) => e.popularity !== undefined)
      .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))
      .map((e) => e.objectID);
    const ids = result.hits.map((hit) => hit.objectID);
    expect(ids.slice(0, withValue.length)).toEqual(withValue);
    expect(sorted(ids.slice(withValue.length))).toEqual(
      idsWhere((e) => e.popularity === undefined),
    );
  });
});

describe('filters (docs/api.md §3.3, §3.4)', () => {
  const cases: [string, SearchParams, (event: LibraryEvent) => boolean][] = [
    [
      'a nested value two levels deep, quoted with an accent and a dash',
      { filters: 'venue.address.city:"Saint-Étienne"' },
      (e) => e.venue.address.city === 'Saint-Étienne',
    ],
    [
      'a nested value case-insensitively, in facetFilters',
      { facetFilters: ['venue.address.city:saint-étienne'] },
      (e) => e.venue.address.city === 'Saint-Étienne',
    ],
    [
      'a Greek value',
      { facetFilters: ['venue.address.city:αθήνα'] },
      (e) => e.venue.address.city === 'Αθήνα',
    ],
    [
      'a nested nullable number with NOT',
      { filters: 'NOT venue.address.district = 3 AND venue.address.district >= 1' },
      (e) => some(e, 'venue.address.district', (v) => v >= 1) && e.venue.address.district !== 3,
    ],
    ['a negative number', { filters: 'venue.floor < 0' }, (e) => e.venue.floor < 0],
    [
      'a range with negative bounds',
      { filters: 'venue.floor:-2 TO -1' },
      (e) => e.venue.floor >= -2 && e.venue.floor <= -1,
    ],
    [
      'a negative equality in numericFilters',
      { numericFilters: ['venue.floor=-1'] },
      (e) => e.venue.floor === -1,
    ],
    [
      'an escaped negative number as a facet value',
      { facetFilters: ['venue.floor:\\-1'] },
      (e) => e.venue.floor === -1,
    ],
    [
      'a leading dash as a negation of a number',
      { facetFilters: ['venue.floor:-1'] },
      (e) => e.venue.floor !== 1,
    ],
    [
      'an array of numbers, any element in a range',
      { filters: 'seats:10 TO 20' },
      (e) => some(e, 'seats', (v) => v >= 10 && v <= 20),
    ],
    [
      'an array of numbers, two conditions OR-ed in a nested list',
      { numericFilters: [['seats>95', 'seats<12'], 'price=0'] },
      (e) => some(e, 'seats', (v) => v > 95 || v < 12) && e.price === 0,
    ],
    [
      'an array of numbers as a facet value',
      { facetFilters: ['seats:42'] },
      (e) => e.seats.includes(42),
    ],
    ['a nullable boolean false', { filters: 'accessible:false' }, (e) => e.accessible === false],
    [
      'NOT a boolean, nulls kept',
      { filters: 'NOT accessible:true AND free:true' },
      (e) => e.accessible !== true && e.free,
    ],
    [
      'a boolean negated with a leading dash',
      { facetFilters: ['accessible:-true', 'free:false'] },
      (e) => e.accessible !== true && !e.free,
    ],
    [
      'a quoted value holding quotes',
      { filters: 'organiser:"Les \\"Amis\\" du livre"' },
      (e) => e.organiser === 'Les "Amis" du livre',
    ],
    [
      'quotes and apostrophes in facetFilters, OR-ed',
      { facetFilters: [['organiser:Ciné-club "Lumière"', "organiser:L'Atelier d'écriture"]] },
      (e) => e.organiser === 'Ciné-club "Lumière"' || e.organiser === "L'Atelier d'écriture",
    ],
    [
      'an ampersand and a number in a value',
      { filters: 'organiser:"Lire & Faire Lire" OR organiser:"Club 42"' },
      (e) => e.organiser === 'Lire & Faire Lire' || e.organiser === 'Club 42',
    ],
    [
      'a tag with spaces and a ligature',
      { filters: '_tags:"coup de cœur" AND NOT Nouveau' },
      (e) => e._tags.includes('coup de cœur') && !e._tags.includes('Nouveau'),
    ],
    [
      'tags case-sensitively through tagFilters',
      { tagFilters: [['nouveau'], '-coup de cœur'] },
      (e) => e._tags.includes('nouveau') && !e._tags.includes('coup de cœur'),
    ],
    [
      'a timestamp range and a decimal price',
      { filters: `startsAt:${baseTime} TO ${baseTime + 30 * 86_400} AND price < 4.5` },
      (e) => e.startsAt >= baseTime && e.startsAt <= baseTime + 30 * 86_400 && e.price < 4.5,
    ],
    [
      'an OR group of facets, NOT on an array and a numeric comparison',
      {
        filters: '(audience:enfants OR audience:familles) AND NOT languages:en AND rating >= 2.5',
      },
      (e) =>
        (e.audience.includes('enfants') || e.audience.includes('familles')) &&
        !e.languages.includes('en') &&
        some(e, 'rating', (v) => v >= 2.5),
    ],
    [
      'an empty array never matching, NOT keeping it',
      { filters: 'NOT audience:adultes AND NOT seats > 0' },
      (e) => !e.audience.includes('adultes') && e.seats.length === 0,
    ],
    [
      'a NOT inside an OR group of the filters string',
      { filters: '(NOT accessible:true OR free:false) AND venue.floor >= 2' },
      (e) => (e.accessible !== true || !e.free) && e.venue.floor >= 2,
    ],
    [
      'a negation inside a facetFilters OR group',
      { facetFilters: [['accessible:-true', 'free:false'], 'venue.floor:-1'] },
      (e) => (e.accessible !== true || !e.free) && e.venue.floor !== 1,
    ],
    [
      'a NOT numeric inside an OR group',
      { filters: '(NOT venue.floor = -2 OR price > 10) AND free:false' },
      (e) => (e.venue.floor !== -2 || e.price > 10) && !e.free,
    ],
    [
      'a negative bound without spaces and a negative decimal',
      { filters: 'venue.floor<-1 OR venue.floor>=-0.5' },
      (e) => e.venue.floor < -1 || e.venue.floor >= -0.5,
    ],
    [
      'NOT on a negative range',
      { filters: 'NOT venue.floor:-2 TO -1 AND free:true' },
      (e) => !(e.venue.floor >= -2 && e.venue.floor <= -1) && e.free,
    ],
    [
      'a negative range in numericFilters, string form',
      { numericFilters: 'venue.floor:-2 TO -1' },
      (e) => e.venue.floor >= -2 && e.venue.floor <= -1,
    ],
    [
      'a quoted attribute name and an unquoted accented value',
      { filters: '"venue.address.city":Nîmes OR venue.address.city:Besançon' },
      (e) => e.venue.address.city === 'Nîmes' || e.venue.address.city === 'Besançon',
    ],
    [
      'a number of an array as a facet value in the filters string, and NOT of one',
      { filters: 'seats:42 OR seats:17' },
      (e) => e.seats.includes(42) || e.seats.includes(17),
    ],
    [
      'a quoted boolean and a tag OR-ed with a facet',
      { filters: 'accessible:"true" AND (Nouveau OR audience:seniors)' },
      (e) =>
        e.accessible === true && (e._tags.includes('Nouveau') || e.audience.includes('seniors')),
    ],
    [
      'comma-separated numericFilters as AND',
      { numericFilters: 'seats>=50,price=0' },
      (e) => some(e, 'seats', (v) => v >= 50) && e.price === 0,
    ],
  ];
  it.each(cases)('filters %s', async (_name, searchParams, predicate) => {
    const result = await search(searchParams);
    const expected = idsWhere(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(result.hits)).toEqual(expected);
    expect(result.nbHits).toBe(expected.length);
  });
});

describe('facets (docs/api.md §3.2, §5.1, §6)', () => {
  it('counts every non-filterOnly facet with ["*"] under a query and a filter', async () => {
    const query = 'atelier';
    const predicate = (e: LibraryEvent) => matchesText(e, query) && e.venue.floor >= 0;
    const result = await search({
      query,
      filters: 'venue.floor >= 0',
      facets: ['*'],
      hitsPerPage: 0,
      maxValuesPerFacet: 1000,
    });
    const matched = events.filter(predicate);
    expect(result.nbHits).toBe(matched.length);
    expect(Object.keys(result.facets ?? {}).sort()).toEqual([...facetNames].sort());
    for (const facet of facetNames)
      expect(result.facets?.[facet], facet).toEqual(countFacet(matched, facet));
  });

  it('returns the top maxValuesPerFacet values by count (ties by value), or alphabetically', async () => {
    const counts = countFacet(events, 'seats');
    const byCount = Object.entries(counts)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 4);
    const result = await search({ hitsPerPage: 0, facets: ['seats'], maxValuesPerFacet: 4 });
    expect(result.facets?.['seats']).toEqual(Object.fromEntries(byCount));
    const alpha = await search({
      hitsPerPage: 0,
      facets: ['audience', 'languages'],
      maxValuesPerFacet: 2,
      sortFacetValuesBy: 'alpha',
    });
    for (const facet of ['audience', 'languages']) {
      const all = countFacet(events, facet);
      const firstTwo = Object.keys(all).sort().slice(0, 2);
      expect(alpha.facets?.[facet]).toEqual(
        Object.fromEntries(firstTwo.map((value) => [value, all[value]])),
      );
    }
  });

  it('computes facets_stats on negative, array, nullable and timestamp numbers', async () => {
    const predicate = (e: LibraryEvent) => e.free;
    const matched = events.filter(predicate);
    const result = await search({
      filters: 'free:true',
      hitsPerPage: 0,
      facets: ['venue.floor', 'seats', 'rating', 'startsAt', 'venue.address.city'],
    });
    for (const facet of ['venue.floor', 'seats', 'rating', 'startsAt']) {
      const counts = countFacet(matched, facet);
      const values = Object.keys(counts).map(Number);
      const sum = Object.entries(counts).reduce((t, [v, c]) => t + Number(v) * c, 0);
      const records = Object.values(counts).reduce((t, c) => t + c, 0);
      const stats = result.facets_stats?.[facet];
      expect(stats, facet).toMatchObject({ min: Math.min(...values), max: Math.max(...values) });
      expect(stats?.sum, facet).toBeCloseTo(sum, 3);
      expect(stats?.avg, facet).toBeCloseTo(sum / records, 3);
    }
    expect(result.facets_stats?.['venue.address.city']).toBeUndefined();
  });

  it('counts an afterDistinct facet over groups and the others over records under distinct', async () => {
    const result = await search({
      query: '',
      distinct: true,
      hitsPerPage: 0,
      facets: ['venue.name', 'audience'],
      maxValuesPerFacet: 1000,
    });
    const bySeries = new Map<string, LibraryEvent>();
    for (const event of events) {
      const best = bySeries.get(event.series);
      if (best === undefined || (event.popularity ?? -1) > (best.popularity ?? -1))
        bySeries.set(event.series, event);
    }
    const representatives = [...bySeries.values()];
    expect(result.nbHits).toBe(representatives.length);
    expect(result.facets?.['venue.name']).toEqual(countFacet(representatives, 'venue.name'));
    expect(result.facets?.['audience']).toEqual(countFacet(events, 'audience'));
    const after = await search({
      query: '',
      distinct: true,
      hitsPerPage: 1000,
      facets: ['audience'],
      facetingAfterDistinct: true,
    });
    expect(after.facets?.['audience']).toEqual(countFacet(representatives, 'audience'));
    expect(idsOf(after.hits)).toEqual(sorted(representatives.map((e) => e.objectID)));
  });

  it('searches facet values under filters and a query, counted as the search would', async () => {
    const predicate = (e: LibraryEvent) =>
      matchesText(e, 'robots') && e.venue.floor < 1 && e.accessible !== false;
    const { facetHits } = await admin.searchForFacetValues({
      indexName,
      facetName: 'audience',
      searchForFacetValuesRequest: {
        facetQuery: 'a',
        params: 'query=robots&filters=venue.floor%20%3C%201%20AND%20NOT%20accessible%3Afalse',
      },
    });
    const expected = Object.fromEntries(
      Object.entries(countFacet(events.filter(predicate), 'audience')).filter(([value]) =>
        value.startsWith('a'),
      ),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(Object.fromEntries(facetHits.map((hit) => [hit.value, hit.count]))).toEqual(expected);
    const counts = facetHits.map((hit) => hit.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe('settings and replicas (docs/api.md §4)', () => {
  it('returns the settings as set, the primary on replicas, and documented defaults', async () => {
    const stored = await admin.getSettings({ indexName });
    expect(stored).toMatchObject({
      searchableAttributes: settings.searchableAttributes,
      attributesForFaceting: settings.attributesForFaceting,
      attributeForDistinct: 'series',
      customRanking: ['desc(popularity)'],
      replicas: settings.replicas,
    });
    expect(stored).toMatchObject({
      hitsPerPage: 20,
      maxValuesPerFacet: 100,
      paginationLimitedTo: 1000,
      ranking: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
    });
    const standard = await admin.getSettings({ indexName: standardReplica });
    expect(standard).toMatchObject({
      primary: indexName,
      ranking: ['asc(startsAt)', 'typo', 'words', 'proximity', 'attribute'],
    });
    expect(standard.replicas ?? []).toEqual([]);
    const virtual = await admin.getSettings({ indexName: virtualReplica });
    expect(virtual).toMatchObject({
      primary: indexName,
      customRanking: ['asc(startsAt)'],
      relevancyStrictness: 0,
    });
  });

  it('sorts a standard replica exhaustively by its first ranking criterion', async () => {
    const result = await search({ query: 'concert' }, standardReplica);
    const times = result.hits.map((hit) => hit.startsAt);
    expect(result.nbHits).toBe(events.filter((e) => matchesText(e, 'concert')).length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('sorts every match of a virtual replica at strictness 0, fewer at 100', async () => {
    const query = 'atelir';
    const zero = await search({ query }, virtualReplica);
    const expected = idsWhere((e) => matchesText(e, query));
    expect(idsOf(zero.hits)).toEqual(expected);
    expect(zero).toMatchObject({
      nbHits: expected.length,
      nbSortedHits: expected.length,
      appliedRelevancyStrictness: 0,
    });
    const times = zero.hits.map((hit) => hit.startsAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const strict = await search({ query, relevancyStrictness: 100 }, virtualReplica);
    expect(strict['appliedRelevancyStrictness']).toBe(100);
    expect(strict.nbSortedHits).toBeLessThanOrEqual(expected.length);
    expect(strict.hits.length).toBe(strict.nbSortedHits);
  });

  it('applies distinct on a virtual replica: one hit per series, sorted, counted as it shows them', async () => {
    const query = 'atelier';
    const result = await search(
      { query, distinct: true, facets: ['venue.name'], maxValuesPerFacet: 1000 },
      virtualReplica,
    );
    const series = new Set(events.filter((e) => matchesText(e, query)).map((e) => e.series));
    expect(result.nbHits).toBe(series.size);
    expect(result.hits).toHaveLength(series.size);
    expect(new Set(result.hits.map((hit) => hit.series)).size).toBe(series.size);
    expect(result.nbSortedHits).toBe(series.size);
    const times = result.hits.map((hit) => hit.startsAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The relevant sort orders what the primary ranking selects (docs/api.md §4.3): the primary's groups.
    const primary = await search({ query, distinct: true });
    expect(idsOf(result.hits)).toEqual(idsOf(primary.hits));
    // venue.name is counted after distinct: over the hits the response shows.
    expect(result.facets?.['venue.name']).toEqual(countFacet(result.hits, 'venue.name'));
    const page = await search({ query, distinct: true, hitsPerPage: 4, page: 1 }, virtualReplica);
    expect(page.hits.map((hit) => hit.objectID)).toEqual(
      result.hits.slice(4, 8).map((hit) => hit.objectID),
    );
    expect(page.nbPages).toBe(Math.ceil(series.size / 4));
  });

  it('forwards settings to both replicas only with forwardToReplicas', async () => {
    const forwarded = await admin.setSettings({
      indexName,
      indexSettings: { attributesToSnippet: ['summary:5'] },
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName, taskID: forwarded.taskID });
    const kept = await admin.setSettings({
      indexName,
      indexSettings: { snippetEllipsisText: '[…]' },
    });
    await admin.waitForTask({ indexName, taskID: kept.taskID });
    for (const replica of [standardReplica, virtualReplica]) {
      const replicaSettings = await admin.getSettings({ indexName: replica });
      expect(replicaSettings.attributesToSnippet, replica).toEqual(['summary:5']);
    }
    // A standard replica keeps its own settings (a virtual one reads the primary's: docs/api.md is silent).
    const standard = await admin.getSettings({ indexName: standardReplica });
    expect(standard.snippetEllipsisText ?? '…').toBe('…');
    expect((await admin.getSettings({ indexName })).snippetEllipsisText).toBe('[…]');
  });
});

describe('keys (docs/api.md §7)', () => {
  it('applies a key’s index patterns, maxHitsPerQuery and queryParameters', async () => {
    const key = await createKey(admin, {
      acl: ['search'],
      indexes: ['agenda_p14*', '*_soonest'],
      maxHitsPerQuery: 7,
      queryParameters: 'filters=free%3Atrue&typoTolerance=false',
    });
    const client = clientFor(server, key);
    const result = await search({ query: 'atelier', hitsPerPage: 50 }, indexName, client);
    const expected = events.filter((e) => e.free && matchesText(e, 'atelier', { typos: false }));
    expect(result.hits).toHaveLength(7);
    expect(result.nbHits).toBe(expected.length);
    const typo = await search({ query: 'atelir' }, indexName, client);
    expect(typo.nbHits).toBe(0);
    const other = await failureOf(
      client.searchSingleIndex({ indexName: 'elsewhere_p14', searchParams: {} }),
    );
    expect(other).toEqual(apiError(403, 'Index not allowed with this API key'));
  });

  it('restricts a secured key by filters, restrictIndices and validUntil', async () => {
    const parent = await createKey(admin, { acl: ['search'], indexes: ['agenda_p14*'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: {
        filters: 'accessible:true AND venue.floor >= 0',
        restrictIndices: [indexName, virtualReplica],
        validUntil: Math.floor(Date.now() / 1000) + 3600,
      },
    });
    const client = clientFor(server, await secured);
    const result = await search({ query: 'robots', filters: 'free:false' }, indexName, client);
    expect(idsOf(result.hits)).toEqual(
      idsWhere(
        (e) => e.accessible === true && e.venue.floor >= 0 && !e.free && matchesText(e, 'robots'),
      ),
    );
    const facets = await search(
      { hitsPerPage: 0, facets: ['accessible', 'venue.floor'] },
      virtualReplica,
      client,
    );
    const visible = events.filter((e) => e.accessible === true && e.venue.floor >= 0);
    expect(facets.facets?.['accessible']).toEqual(countFacet(visible, 'accessible'));
    expect(facets.facets?.['venue.floor']).toEqual(countFacet(visible, 'venue.floor'));
    const outside = await failureOf(
      client.searchSingleIndex({ indexName: standardReplica, searchParams: {} }),
    );
    expect(outside).toEqual(apiError(403, 'Index not allowed with this API key'));
    const hidden = events.find((e) => e.accessible === null) as LibraryEvent;
    const missing = await failureOf(client.getObject({ indexName, objectID: hidden.objectID }));
    expect(missing.status).toBe(404);
    const expired = clientFor(
      server,
      await admin.generateSecuredApiKey({
        parentApiKey: parent,
        restrictions: { filters: 'free:true', validUntil: Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const refused = await failureOf(
      expired.searchSingleIndex({ indexName, searchParams: { query: '' } }),
    );
    expect(refused.status).toBe(403);
  });
});

describe('more query text, highlighting and ranking', () => {
  it('takes ignorePlurals and removeStopWords as language lists without queryLanguages', async () => {
    const result = await search({
      query: 'les volcan atelier',
      typoTolerance: false,
      ignorePlurals: ['fr'],
      removeStopWords: ['fr'],
    });
    const expected = idsWhere(
      (e) =>
        (hasWord(e, 'volcan') || hasWord(e, 'volcans')) &&
        matchesText(e, 'atelier', { typos: false }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(result.hits)).toEqual(expected);
    const none = await search({ query: 'les volcan atelier', typoTolerance: false });
    expect(idsOf(none.hits)).toEqual(
      idsWhere((e) => matchesText(e, 'les volcan atelier', { typos: false })),
    );
  });

  it('counts matched words in _rankingInfo.words under optionalWords', async () => {
    const query = 'atelier robots zoe';
    const result = await search({
      query,
      optionalWords: ['zoe'],
      typoTolerance: false,
      getRankingInfo: true,
    });
    const reported = Object.fromEntries(
      result.hits.map((hit) => [hit.objectID, hit._rankingInfo?.words]),
    );
    const expected = Object.fromEntries(
      events
        .filter((e) => matchesText(e, 'atelier robots', { typos: false }))
        .map((e) => [e.objectID, matchesText(e, query, { typos: false }) ? 3 : 2]),
    );
    expect(reported).toEqual(expected);
  });

  it('highlights words after an emoji and next to Japanese text without breaking either', async () => {
    const tags = { highlightPreTag: '<b>', highlightPostTag: '</b>' };
    const emoji = await search({
      query: 'entree libre',
      restrictSearchableAttributes: ['subtitle'],
      attributesToHighlight: ['subtitle'],
      ...tags,
    });
    expect(emoji.nbHits).toBe(events.filter((e) => e.subtitle.startsWith('🎶')).length);
    expect(emoji.hits[0]?._highlightResult?.['subtitle']).toMatchObject({
      value: '🎶 <b>Entrée</b> <b>libre</b> pour les lève-tôt',
      matchLevel: 'full',
      matchedWords: ['entree', 'libre'],
    });
    const circus = await search({
      query: 'chapiteau mo',
      attributesToHighlight: ['venue.name'],
      ...tags,
    });
    expect(circus.nbHits).toBe(events.filter((e) => e.venue.name.includes('Chapiteau')).length);
    const venue = circus.hits[0]?._highlightResult?.['venue'] as { name?: { value?: string } };
    expect(venue.name?.value).toBe('Le 🎪 <b>Chapiteau</b> des <b>Mo</b>ts');
    const sakura = await search({
      query: 'sakura',
      attributesToHighlight: ['venue.name'],
      ...tags,
    });
    expect(sakura.nbHits).toBe(events.filter((e) => e.venue.name.includes('Sakura')).length);
    const japanese = sakura.hits[0]?._highlightResult?.['venue'] as { name?: { value?: string } };
    expect(japanese.name?.value).toBe('図書館 <b>Sakura</b>');
  });
});

describe('custom ranking with missing values on replicas (docs/api.md §4.1, §4.3)', () => {
  it('puts records without the attribute last when a standard replica sorts ascending', async () => {
    const result = await search({ query: '' }, leastPopular);
    const withValue = events
      .filter((e) => e.popularity !== undefined)
      .sort((a, b) => (a.popularity ?? 0) - (b.popularity ?? 0))
      .map((e) => e.objectID);
    const ids = result.hits.map((hit) => hit.objectID);
    expect(ids.slice(0, withValue.length)).toEqual(withValue);
    expect(sorted(ids.slice(withValue.length))).toEqual(
      idsWhere((e) => e.popularity === undefined),
    );
  });

  it('puts null ratings last when a virtual replica sorts every match by rating', async () => {
    const query = 'concert';
    const result = await search({ query }, bestRated);
    const matched = events.filter((e) => matchesText(e, query));
    expect(result).toMatchObject({ nbHits: matched.length, nbSortedHits: matched.length });
    const ratings = result.hits.map((hit) => hit.rating);
    const rated = matched.filter((e) => e.rating !== null).length;
    expect(ratings.slice(rated)).toEqual(ratings.slice(rated).map(() => null));
    const values = ratings.slice(0, rated) as number[];
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('resets a setting sent as null to its default', async () => {
    const set = await admin.setSettings({ indexName, indexSettings: { hitsPerPage: 5 } });
    await admin.waitForTask({ indexName, taskID: set.taskID });
    expect((await admin.getSettings({ indexName })).hitsPerPage).toBe(5);
    const reset = await admin.setSettings({
      indexName,
      indexSettings: { hitsPerPage: null } as unknown as { hitsPerPage: number },
    });
    await admin.waitForTask({ indexName, taskID: reset.taskID });
    expect((await admin.getSettings({ indexName })).hitsPerPage).toBe(20);
    const result = await admin.searchSingleIndex({ indexName, searchParams: { query: '' } });
    expect(result.hits).toHaveLength(20);
    expect(result.hitsPerPage).toBe(20);
  });
});

describe('keys in a multi-search (docs/api.md §2.2, §7)', () => {
  it('caps every entry at maxHitsPerQuery and applies secured filters to a facet entry', async () => {
    const parent = await createKey(admin, {
      acl: ['search'],
      indexes: ['agenda_p14*'],
      maxHitsPerQuery: 4,
    });
    const secured = await admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'venue.floor < 0 AND (free:false OR accessible:true)' },
    });
    const visible = events.filter((e) => e.venue.floor < 0 && (!e.free || e.accessible === true));
    const client = clientFor(server, secured);
    const { results } = await client.search<LibraryEvent>({
      requests: [
        { indexName, query: 'atelier', hitsPerPage: 30 },
        { indexName: virtualReplica, query: '', hitsPerPage: 30, facets: ['audience'] },
        { indexName, type: 'facet', facet: 'audience', facetQuery: '', query: 'robots' },
      ],
    });
    const [hits, facets, facetValues] = results as [
      { hits: LibraryEvent[]; nbHits: number; hitsPerPage: number },
      { hits: LibraryEvent[]; nbHits: number; facets: Record<string, Record<string, number>> },
      { facetHits: { value: string; count: number }[] },
    ];
    const atelier = visible.filter((e) => matchesText(e, 'atelier'));
    expect(atelier.length).toBeGreaterThan(4);
    expect(hits.hits).toHaveLength(4);
    expect(hits.nbHits).toBe(atelier.length);
    for (const hit of hits.hits) expect(atelier.map((e) => e.objectID)).toContain(hit.objectID);
    expect(facets.hits).toHaveLength(4);
    expect(facets.nbHits).toBe(visible.length);
    expect(facets.facets['audience']).toEqual(countFacet(visible, 'audience'));
    const robots = visible.filter((e) => matchesText(e, 'robots'));
    expect(Object.fromEntries(facetValues.facetHits.map((hit) => [hit.value, hit.count]))).toEqual(
      countFacet(robots, 'audience'),
    );
  });
});

describe('limits and ill-typed parameters (docs/api.md §3.2, §8)', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['typoTolerance', { typoTolerance: 'sometimes' }],
    ['queryType', { queryType: 'prefixFirst' }],
    ['removeWordsIfNoResults', { removeWordsIfNoResults: 'middleWords' }],
    ['exactOnSingleWordQuery', { exactOnSingleWordQuery: 'phrase' }],
    ['sortFacetValuesBy', { sortFacetValuesBy: 'size' }],
    ['hitsPerPage', { hitsPerPage: 1001 }],
    ['length', { offset: 0, length: 1001 }],
    ['distinct', { distinct: 5 }],
    ['query', { query: 'é'.repeat(257) }],
    ['aroundLatLng', { aroundLatLng: '48.85, 2.35' }],
    ['page', { page: -1 }],
  ];
  it.each(cases)('rejects a bad %s with a 400 naming it', async (name, params) => {
    const failure = await failureOf(search(params as SearchParams));
    expect(failure.status).toBe(400);
    expect(failure.message).toContain(name);
  });

  it('rejects paginationLimitedTo above 20,000 and keeps the setting', async () => {
    const failure = await failureOf(
      admin.setSettings({ indexName, indexSettings: { paginationLimitedTo: 20_001 } }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('paginationLimitedTo');
    expect((await admin.getSettings({ indexName })).paginationLimitedTo).toBe(1000);
  });
});
