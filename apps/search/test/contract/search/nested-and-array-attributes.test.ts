/**
 * Searching nested and array attributes, on a concert-ticketing catalogue shaped unlike ours
 * (`concerts.ts`: a three-level venue object, performers as an array of objects, cities in four scripts, empty
 * arrays, nulls, a literal dot in an attribute name, very long descriptions), through the official v5 client only.
 * Expectations come from docs/api.md (§3.2 parameters, §4.1 searchable attributes, §5.1–5.2 highlighting) and
 * Algolia's documented behaviour (attributesToRetrieve: "Nested attributes are supported. For example, author.name
 * returns {"author": {"name": …}}"); every id list is computed from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldedWords, matchesQuery, project } from '../../support/concert-matcher.ts';
import { type Concert, concertIds, concertSettings, concerts } from '../../support/concerts.ts';
import { ids, sorted } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'billetterie_search';

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
    searchParams: { hitsPerPage: 1000, ...searchParams },
  });
const byId = (id: string) => {
  const found = concerts.find((concert) => concert.objectID === id);
  if (found === undefined) throw new Error(`No record ${id}`);
  return found;
};
type Highlight = { value: string; matchLevel: string; matchedWords: string[] };
const strip = (hit: Record<string, unknown>) => {
  const { _highlightResult, _snippetResult, _rankingInfo, ...record } = hit;
  return record;
};

describe('matching nested and array attributes', () => {
  it('finds a city of the nested venue.address with its accent folded', async () => {
    const result = await search({ query: 'zurich' });
    const expected = concertIds((concert) => matchesQuery(concert, 'zurich'));
    expect(expected.length).toBeGreaterThan(3);
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    expect(result.nbHits).toBe(expected.length);
  });

  it('finds performers inside an array of objects, by a folded macron', async () => {
    const result = await search({ query: 'koji' });
    const expected = concertIds((concert) => matchesQuery(concert, 'koji'));
    expect(expected.some((id) => !byId(id).title.includes('Kōji'))).toBe(true);
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
  });

  it('searches Cyrillic, Greek and Japanese city names', async () => {
    for (const query of ['София', 'αθηνα', '東京']) {
      const result = await search({ query });
      const expected = concertIds(
        (concert) =>
          matchesQuery(concert, query) ||
          // a CJK run is one "word" to the brute force; the city holds exactly that run
          concert.venue.address.city === query,
      );
      expect(expected.length, query).toBeGreaterThan(0);
      expect(sorted(ids(result.hits)), query).toEqual(sorted(expected));
    }
  });

  it('splits on apostrophes, curly apostrophes, hyphens and dashes, and folds ÿ, ó, ñ', async () => {
    for (const query of [
      "l'olympia",
      'aeronef',
      'ysaye',
      'bartok',
      'esch alzette',
      'saint herblain',
      'jean felix',
      'tarek 93',
      'joaquin',
      'pajaros vuelo',
    ]) {
      const result = await search({ query });
      const expected = concertIds((concert) => matchesQuery(concert, query));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(sorted(ids(result.hits)), query).toEqual(sorted(expected));
    }
  });

  it('counts typo thresholds in letters, not UTF-8 bytes, for Cyrillic and Greek words', async () => {
    const typos = (query: string) => search({ query, typoTolerance: true });
    const petrov = concertIds((concert) => matchesQuery(concert, 'петров'));
    const athens = concertIds((concert) => matchesQuery(concert, 'αθηνα'));
    expect(petrov.length).toBeGreaterThan(0);
    // one substitution in a 6-letter word (12 bytes): allowed from 4 letters
    expect(sorted(ids((await typos('петрав')).hits))).toEqual(sorted(petrov));
    expect(sorted(ids((await typos('αθινα')).hits))).toEqual(sorted(athens));
    // two substitutions in a 6-letter word: two typos need 8 letters, even though it is 12 bytes long
    expect((await typos('пятрав')).nbHits).toBe(0);
    // a 3-letter word (6 bytes) allows no typo
    expect((await typos('ивн')).nbHits).toBe(0);
  });

  it('restricts the search to one nested attribute with restrictSearchableAttributes', async () => {
    const everywhere = await search({ query: 'ferraro' });
    expect(sorted(ids(everywhere.hits))).toEqual(
      sorted(concertIds((concert) => matchesQuery(concert, 'ferraro'))),
    );
    const inTitle = await search({ query: 'ferraro', restrictSearchableAttributes: ['title'] });
    const expected = concertIds((concert) => matchesQuery(concert, 'ferraro', ['title']));
    expect(sorted(ids(inTitle.hits))).toEqual(sorted(expected));
    expect(expected.length).toBeLessThan(everywhere.hits.length);
    const inPerformers = await search({
      query: 'ferraro',
      restrictSearchableAttributes: ['performers.name'],
    });
    expect(sorted(ids(inPerformers.hits))).toEqual(
      sorted(concertIds((concert) => matchesQuery(concert, 'ferraro', ['performers.name']))),
    );
  });

  it('restricts to one nested path of a same-rank group, and turns typos off on an array of objects', async () => {
    const city = await search({
      query: 'lyon',
      restrictSearchableAttributes: ['venue.address.city'],
    });
    expect(sorted(ids(city.hits))).toEqual(
      sorted(concertIds((concert) => matchesQuery(concert, 'lyon', ['venue.address.city']))),
    );
    const everywhere = await search({ query: 'lyon' });
    expect(everywhere.nbHits).toBeGreaterThan(city.nbHits ?? 0);
    // one typo in a 7-letter word is allowed everywhere but in performers.name
    const typo = await search({
      query: 'nordlis',
      typoTolerance: true,
      disableTypoToleranceOnAttributes: ['performers.name'],
    });
    const expected = concertIds((concert) =>
      matchesQuery(concert, 'nordlys', [
        'title',
        'venue.name',
        'venue.address.city',
        'description',
      ]),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(concertIds((concert) => matchesQuery(concert, 'nordlys')).length).toBeGreaterThan(
      expected.length,
    );
    expect(sorted(ids(typo.hits))).toEqual(sorted(expected));
  });

  it('ranks a match in an earlier searchable attribute first (title before performers.name)', async () => {
    const result = await search({ query: 'nordlys' });
    const inTitle = (concert: Concert) => foldedWords(concert.title).includes('nordlys');
    const titled = concertIds((concert) => matchesQuery(concert, 'nordlys') && inTitle(concert));
    const others = concertIds((concert) => matchesQuery(concert, 'nordlys') && !inTitle(concert));
    expect(titled.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    // Nordlys is the first word of every matching title: position ties, popularity orders that group.
    expect(ids(result.hits).slice(0, titled.length)).toEqual(titled);
    expect(sorted(ids(result.hits).slice(titled.length))).toEqual(sorted(others));
  });

  it('keeps ids with slashes, spaces, %, #, ?, & and non-Latin letters intact in hits', async () => {
    const result = await search({ query: 'lumieres' });
    expect(sorted(ids(result.hits))).toEqual(
      sorted(concertIds((concert) => matchesQuery(concert, 'lumieres'))),
    );
    expect(ids(result.hits)).toContain('fête/lumières 2026');
    const odd = await search({ query: '', filters: 'genre:Classique OR genre:Électro' });
    const expected = concertIds((c) => c.genre === 'Classique' || c.genre === 'Électro');
    expect(ids(odd.hits)).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['évènement spécial: 50%', '100% techno']));
  });
});

describe('optional filters on nested and array attributes', () => {
  const boosted = (keep: (c: Concert) => boolean) => [
    ...concertIds(keep),
    ...concertIds((c) => !keep(c)),
  ];

  it('boosts a nested value, an array-of-objects value and buries with a negated one', async () => {
    const swiss = await search({ optionalFilters: ['venue.address.country:Suisse'] });
    expect(ids(swiss.hits)).toEqual(boosted((c) => c.venue.address.country === 'Suisse'));
    const guests = await search({ optionalFilters: ['performers.role:guest'] });
    expect(ids(guests.hits)).toEqual(boosted((c) => c.performers.some((p) => p.role === 'guest')));
    const buried = await search({ optionalFilters: ['venue.address.country:-France'] });
    expect(ids(buried.hits)).toEqual(boosted((c) => c.venue.address.country !== 'France'));
  });

  it('sums the scores of an OR group with sumOrFiltersScores on a dashed boolean (unquoted in the array form) and a nested city', async () => {
    const optionalFilters = [['sold-out:true<score=2>', 'venue.address.city:Paris<score=1>']];
    const score = (c: Concert) =>
      (c['sold-out'] ? 2 : 0) + (c.venue.address.city === 'Paris' ? 1 : 0);
    const best = (c: Concert) =>
      Math.max(c['sold-out'] ? 2 : 0, c.venue.address.city === 'Paris' ? 1 : 0);
    const order = (value: (c: Concert) => number) =>
      [...concerts]
        .sort((a, b) => value(b) - value(a) || b.popularity - a.popularity)
        .map((c) => c.objectID);
    const max = await search({ optionalFilters });
    expect(ids(max.hits)).toEqual(order(best));
    const sum = await search({ optionalFilters, sumOrFiltersScores: true });
    expect(ids(sum.hits)).toEqual(order(score));
    expect(order(best)).not.toEqual(order(score));
  });
});

describe('highlighting mirrors the record', () => {
  it('highlights every searchable attribute by default, nested objects as maps and arrays as arrays', async () => {
    const result = await search({ query: 'müller', filters: 'venue.address.city:Wien' });
    expect(ids(result.hits)).toEqual(['evt-012']);
    const highlight = result.hits[0]?._highlightResult as Record<string, unknown>;
    expect(sorted(Object.keys(highlight))).toEqual(['description', 'performers', 'title', 'venue']);
    expect(highlight['title']).toMatchObject({
      value: 'Ana <em>Müller</em> Trio plays Monk',
      matchLevel: 'full',
      fullyHighlighted: false,
    });
    expect(highlight['performers']).toEqual([
      {
        name: expect.objectContaining({ value: 'Ana <em>Müller</em> Trio', matchLevel: 'full' }),
      },
    ]);
    expect(highlight['venue']).toEqual({
      name: expect.objectContaining({
        value: 'Wiener Konzerthaus',
        matchLevel: 'none',
        matchedWords: [],
      }),
      address: {
        city: expect.objectContaining({ value: 'Wien', matchLevel: 'none', matchedWords: [] }),
      },
    });
  });

  it('highlights Cyrillic, Greek and Japanese matches in the original case and script', async () => {
    const cases: [string, string, string][] = [
      ['софия', 'evt-033', '<em>София</em>'],
      ['αθήνα', 'evt-042', '<em>Αθήνα</em>'],
      ['東京', 'evt-048', '<em>東京</em>'],
    ];
    for (const [query, id, city] of cases) {
      const result = await search({ query, attributesToHighlight: ['venue.address.city'] });
      const hit = result.hits.find((h) => h.objectID === id);
      expect(hit, query).toBeDefined();
      expect(
        (hit?._highlightResult as { venue?: { address?: { city?: Highlight } } } | undefined)?.venue
          ?.address?.city,
        query,
      ).toMatchObject({ value: city, matchLevel: 'full', fullyHighlighted: true });
    }
  });

  it('highlights the typed prefix in a nested city, with the original accent, and only the paths asked for', async () => {
    const result = await search({
      query: 'montr',
      attributesToHighlight: ['venue.address.city', 'performers.name'],
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    const expected = concertIds((concert) => matchesQuery(concert, 'montr'));
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    const hit = result.hits.find((h) => h.objectID === 'evt-085');
    const highlight = hit?._highlightResult as Record<string, unknown>;
    expect(sorted(Object.keys(highlight))).toEqual(['performers', 'venue']);
    expect(highlight['venue']).toEqual({
      address: {
        city: expect.objectContaining({
          value: '__ais-highlight__Montr__/ais-highlight__éal',
          matchLevel: 'full',
        }),
      },
    });
    // One entry per performer, in record order, each holding only `name` (role is not asked for).
    const performers = highlight['performers'] as { name: Highlight }[];
    expect(performers.map((entry) => Object.keys(entry))).toEqual(
      byId('evt-085').performers.map(() => ['name']),
    );
    expect(performers.map((entry) => entry.name.value)).toEqual(
      byId('evt-085').performers.map((performer) => performer.name),
    );
    expect(performers.every((entry) => entry.name.matchLevel === 'none')).toBe(true);
  });

  it('marks a multi-word query partial per attribute and full where every word matched', async () => {
    const result = await search({
      query: 'kwame brass',
      attributesToHighlight: ['title', 'performers.name'],
    });
    const expected = concertIds((concert) => matchesQuery(concert, 'kwame brass'));
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    const hit = result.hits.find((h) => h.objectID === 'evt-024');
    const highlight = hit?._highlightResult as {
      title: Highlight;
      performers: { name: Highlight }[];
    };
    expect(highlight.title).toMatchObject({
      value: '<em>Kwame</em> Asante — Highlife Nights',
      matchLevel: 'partial',
    });
    expect(highlight.performers).toEqual([
      { name: expect.objectContaining({ value: '<em>Kwame</em> Asante', matchLevel: 'partial' }) },
      {
        name: expect.objectContaining({
          value: '<em>Brass</em> Fanfare 13',
          matchLevel: 'partial',
        }),
      },
    ]);
  });

  // Algolia: "true: only items that at least partially matched are highlighted and snippeted" — an item of an
  // array of objects is one item; the service drops unmatched string items only.
  it('keeps only the matched items of an array of objects with restrictHighlightAndSnippetArrays', async () => {
    const result = await search({
      query: 'vargr',
      attributesToHighlight: ['performers.name'],
      restrictHighlightAndSnippetArrays: true,
      filters: 'genre:Métal',
    });
    const hit = result.hits.find((h) => h.objectID === 'evt-031');
    expect(hit).toBeDefined();
    expect((hit?._highlightResult as { performers?: unknown } | undefined)?.performers).toEqual([
      { name: expect.objectContaining({ value: '<em>Vargr</em>', matchLevel: 'full' }) },
    ]);
  });

  it('snippets a very long description around the match and an array of objects item by item', async () => {
    const result = await search({
      query: 'contrebasse',
      attributesToSnippet: ['description:6', 'performers.name:2'],
      attributesToHighlight: [],
      filters: 'genre:Classique',
    });
    const expected = concertIds(
      (concert) => concert.genre === 'Classique' && matchesQuery(concert, 'contrebasse'),
    );
    expect(expected).toContain('evt-020');
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    const hit = result.hits.find((h) => h.objectID === 'evt-020');
    const snippet = hit?._snippetResult as {
      description: { value: string; matchLevel: string };
      performers: { name: { value: string; matchLevel: string } }[];
    };
    expect(snippet.description.matchLevel).toBe('full');
    expect(snippet.description.value).toContain('<em>contrebasse</em>');
    expect(snippet.description.value.startsWith('…')).toBe(true);
    const kept = snippet.description.value
      .replaceAll('…', ' ')
      .replace(/<\/?em>/g, '')
      .split(/\s+/)
      .filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(6);
    expect(byId('evt-020').description.length).toBeGreaterThan(3000);
    // Each performer snippet is cut to 2 words with the ellipsis; none matched.
    expect(snippet.performers.map((entry) => entry.name.matchLevel)).toEqual(['none', 'none']);
    expect(snippet.performers[0]?.name.value).toBe('Orchestre de…');
    expect(snippet.performers[1]?.name.value).toBe('Chloé Dubois');
  });
});

describe('attributesToRetrieve with nested paths', () => {
  it('returns only the nested paths asked for, merged under their common parents', async () => {
    const paths = ['title', 'venue.address.city', 'venue.capacity', 'price.min'];
    const result = await search({
      query: 'tango',
      attributesToRetrieve: paths,
      attributesToHighlight: [],
    });
    const expected = concertIds((concert) => matchesQuery(concert, 'tango'));
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    for (const hit of result.hits)
      expect(strip(hit)).toEqual({
        objectID: hit.objectID,
        ...(project(byId(hit.objectID), paths) as object),
      });
  });

  it("excludes attributes with '-' after '*', and returns nulls, empty arrays and dotted names as stored", async () => {
    const result = await search({
      query: 'decouverte',
      attributesToRetrieve: ['*', '-description', '-venue'],
      attributesToHighlight: [],
    });
    const expected = concertIds((concert) => matchesQuery(concert, 'decouverte'));
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    for (const hit of result.hits) {
      const { description, venue, ...rest } = byId(hit.objectID);
      expect(strip(hit)).toEqual(rest);
    }
  });

  it('returns every field as stored for the empty-performers, null-rating and dotted-name records', async () => {
    const result = await search({
      query: '',
      filters: 'tags:VIP OR genre:Chanson',
      attributesToHighlight: [],
    });
    const expected = concertIds(
      (concert) => concert.tags.includes('VIP') || concert.genre === 'Chanson',
    );
    expect(ids(result.hits)).toEqual(expected);
    for (const hit of result.hits) expect(strip(hit)).toEqual(byId(hit.objectID));
    const shapes = expected.map(byId);
    expect(shapes.some((concert) => concert.performers.length === 0)).toBe(true);
    expect(shapes.some((concert) => concert.rating === null)).toBe(true);
    expect(shapes.some((concert) => concert.accessible === null)).toBe(true);
    expect(shapes.some((concert) => 'ticket.provider' in concert)).toBe(true);
  });
});
