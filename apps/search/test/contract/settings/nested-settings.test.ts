/**
 * Settings, replicas, keys and limits on the concert catalogue (`concerts.ts`), through
 * the official v5 client only, on what the other contract tests leave thin: nested settings round-tripped as sent (§4.1),
 * `facets: ["*"]` over nested and filterOnly attributes, index-default `attributesToRetrieve`/`attributesToHighlight`
 * on nested paths, `renderingContent.facetOrdering` on nested facets, sorting replicas on a nested timestamp that
 * some records lack and on a rating that is `null` or missing ("missing values last", §4.1), a boolean custom
 * ranking ("booleans by string order"), keys whose forced filters use quoted dashed names and nested paths, and
 * the byte limits on 4-byte emoji queries and multi-byte records (§8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { countFacet } from '../../support/books.ts';
import { matchesQuery } from '../../support/concert-matcher.ts';
import { type Concert, concertSettings, concerts } from '../../support/concerts.ts';
import { failureOf } from '../../support/failure-of.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { clientFor, createKey, seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'billetterie_settings';
const byDoors = 'billetterie_settings_doors_asc';
const byRating = 'billetterie_settings_rating';
const bySoldOut = 'billetterie_settings_sold_out';

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
  await seedIndex(
    admin,
    indexName,
    { ...concertSettings, replicas: [byDoors, `virtual(${byRating})`, bySoldOut] },
    concerts,
  );
  const doors = await admin.setSettings({
    indexName: byDoors,
    indexSettings: {
      ...concertSettings,
      ranking: [
        'asc(doorsAt)',
        'typo',
        'geo',
        'words',
        'filters',
        'proximity',
        'attribute',
        'exact',
        'custom',
      ],
    },
  });
  await admin.waitForTask({ indexName: byDoors, taskID: doors.taskID });
  const rating = await admin.setSettings({
    indexName: byRating,
    indexSettings: { customRanking: ['desc(rating)', 'desc(popularity)'] },
  });
  await admin.waitForTask({ indexName: byRating, taskID: rating.taskID });
  const soldOut = await admin.setSettings({
    indexName: bySoldOut,
    indexSettings: { ...concertSettings, customRanking: ['desc(sold-out)', 'desc(popularity)'] },
  });
  await admin.waitForTask({ indexName: bySoldOut, taskID: soldOut.taskID });
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const searchIn = (name: string, searchParams: SearchParams = {}, client = admin) =>
  client.searchSingleIndex<Concert>({
    indexName: name,
    searchParams: { hitsPerPage: 1000, ...searchParams },
  });
const byPopularity = (a: Concert, b: Concert) => b.popularity - a.popularity;
/** Ascending or descending on a value that may be missing: missing (or null) values always last. */
const missingLast =
  (value: (c: Concert) => number | null | undefined, direction: 1 | -1) =>
  (a: Concert, b: Concert) => {
    const x = value(a);
    const y = value(b);
    if (x == null || y == null) return (x == null ? 1 : 0) - (y == null ? 1 : 0);
    return (x - y) * direction;
  };

describe('nested settings', () => {
  it('returns nested searchable attributes, groups, modifiers and facets exactly as sent', async () => {
    const settings = await admin.getSettings({ indexName });
    expect(settings.searchableAttributes).toEqual(concertSettings.searchableAttributes);
    expect(settings.attributesForFaceting).toEqual(concertSettings.attributesForFaceting);
    expect(settings.customRanking).toEqual(concertSettings.customRanking);
    expect(settings.replicas).toEqual([byDoors, `virtual(${byRating})`, bySoldOut]);
  });

  it("answers facets ['*'] with every nested and array facet but the filterOnly one", async () => {
    const result = await searchIn(indexName, {
      query: 'tango',
      facets: ['*'],
      hitsPerPage: 0,
      maxValuesPerFacet: 1000,
    });
    const matched = concerts.filter((c) => matchesQuery(c, 'tango'));
    expect(result.nbHits).toBe(matched.length);
    const expected = concertSettings.attributesForFaceting
      .filter((attribute) => !attribute.startsWith('filterOnly('))
      .map((attribute) => attribute.replace(/^searchable\((.*)\)$/, '$1'));
    // a facet no matched record has a value for is reported empty or left out
    for (const attribute of expected)
      expect(result.facets?.[attribute] ?? {}, attribute).toEqual(countFacet(matched, attribute));
    expect(result.facets).not.toHaveProperty('price.currency');
  });

  it('applies index-default attributesToRetrieve and attributesToHighlight on nested paths, overridable per query', async () => {
    const name = 'billetterie_defaults';
    await seedIndex(
      admin,
      name,
      {
        ...concertSettings,
        attributesToRetrieve: ['title', 'venue.address.city'],
        attributesToHighlight: ['venue.address.city'],
      },
      concerts,
    );
    const result = await searchIn(name, { query: 'wien' });
    const matched = concerts.filter((c) => matchesQuery(c, 'wien'));
    expect(ids(result.hits).sort()).toEqual(matched.map((c) => c.objectID).sort());
    for (const hit of result.hits) {
      const { _highlightResult, ...record } = hit as unknown as Record<string, unknown>;
      const source = matched.find((c) => c.objectID === hit.objectID);
      expect(record).toEqual({
        objectID: hit.objectID,
        title: source?.title,
        venue: { address: { city: source?.venue.address.city } },
      });
      expect(_highlightResult).toEqual({
        venue: {
          address: {
            city: expect.objectContaining({ value: '<em>Wien</em>', matchLevel: 'full' }),
          },
        },
      });
    }
    const full = await searchIn(name, { query: 'wien', attributesToRetrieve: ['*'] });
    for (const hit of full.hits) {
      const { _highlightResult, ...record } = hit as unknown as Record<string, unknown>;
      expect(record).toEqual(concerts.find((c) => c.objectID === hit.objectID));
    }
  });

  it('returns renderingContent.facetOrdering on nested facets as saved', async () => {
    const name = 'billetterie_ordering';
    const renderingContent = {
      facetOrdering: {
        facets: { order: ['venue.address.country', 'performers.name', 'sold-out'] },
        values: {
          'venue.address.country': {
            order: ['Suisse', 'Grèce'],
            sortRemainingBy: 'alpha' as const,
          },
          'performers.name': {
            order: ['Иван Петров'],
            sortRemainingBy: 'count' as const,
            hide: ['Vargr'],
          },
        },
      },
    };
    await seedIndex(admin, name, { ...concertSettings, renderingContent }, concerts.slice(0, 10));
    expect((await admin.getSettings({ indexName: name })).renderingContent).toEqual(
      renderingContent,
    );
    const result = await searchIn(name, { hitsPerPage: 0, facets: ['*'] });
    expect(result.renderingContent).toEqual(renderingContent);
  });
});

describe('replicas sorting on nested, missing, null and boolean values', () => {
  it('sorts a standard replica on a timestamp some records lack, those records last by popularity', async () => {
    const result = await searchIn(byDoors, { filters: 'genre:Jazz OR genre:Classique' });
    const kept = concerts.filter((c) => c.genre === 'Jazz' || c.genre === 'Classique');
    const expected = [...kept]
      .sort((a, b) => missingLast((c) => c.doorsAt, 1)(a, b) || byPopularity(a, b))
      .map((c) => c.objectID);
    expect(kept.some((c) => c.doorsAt === undefined)).toBe(true);
    expect(ids(result.hits)).toEqual(expected);
  });

  it('sorts a virtual replica on a rating that is null or missing on some records, those last', async () => {
    const result = await searchIn(byRating, {});
    const expected = [...concerts]
      .sort((a, b) => missingLast((c) => c.rating, -1)(a, b) || byPopularity(a, b))
      .map((c) => c.objectID);
    expect(ids(result.hits)).toEqual(expected);
    expect(result.nbHits).toBe(concerts.length);
    expect(result.nbSortedHits).toBe(concerts.length);
  });

  it('ranks a boolean with a dashed name by its string value: true before false', async () => {
    const result = await searchIn(bySoldOut, { filters: 'venue.address.country:France' });
    const kept = concerts.filter((c) => c.venue.address.country === 'France');
    const expected = [...kept]
      .sort((a, b) => Number(b['sold-out']) - Number(a['sold-out']) || byPopularity(a, b))
      .map((c) => c.objectID);
    expect(ids(result.hits)).toEqual(expected);
  });

  it('gives the replicas the writes made to the primary, nested values and odd objectIDs included', async () => {
    const name = 'billetterie_settings';
    const response = await admin.partialUpdateObject({
      indexName: name,
      objectID: 'evt-078',
      attributesToUpdate: { rating: 5, doorsAt: 1 },
    });
    await admin.waitForTask({ indexName: name, taskID: response.taskID ?? -1 });
    expect(ids((await searchIn(byRating, { hitsPerPage: 1 })).hits)).toEqual(['evt-078']);
    expect(ids((await searchIn(byDoors, { hitsPerPage: 1 })).hits)).toEqual(['evt-078']);
    const removed = await admin.deleteObject({ indexName: name, objectID: 'ライブ#7' });
    await admin.waitForTask({ indexName: name, taskID: removed.taskID });
    for (const replica of [byDoors, byRating, bySoldOut]) {
      const result = await searchIn(replica, { hitsPerPage: 0 });
      expect(result.nbHits, replica).toBe(concerts.length - 1);
      expect(
        (await searchIn(replica, { filters: 'venue.address.city:東京' })).hits.map(
          (h) => h.objectID,
        ),
        replica,
      ).not.toContain('ライブ#7');
    }
    const back = await admin.saveObject({
      indexName: name,
      body: concerts.find((c) => c.objectID === 'ライブ#7') as unknown as Record<string, unknown>,
    });
    await admin.waitForTask({ indexName: name, taskID: back.taskID });
    const restore = await admin.saveObject({
      indexName: name,
      body: concerts.find((c) => c.objectID === 'evt-078') as unknown as Record<string, unknown>,
    });
    await admin.waitForTask({ indexName: name, taskID: restore.taskID });
  });
});

describe('distinct on a nested attribute', () => {
  it('keeps the most popular show of each city with attributeForDistinct venue.address.city', async () => {
    const name = 'billetterie_distinct';
    await seedIndex(
      admin,
      name,
      { ...concertSettings, attributeForDistinct: 'venue.address.city', distinct: 1 },
      concerts,
    );
    const result = await searchIn(name, { filters: 'genre:Rock OR genre:Jazz', facets: ['genre'] });
    const kept = [...concerts]
      .filter((c) => c.genre === 'Rock' || c.genre === 'Jazz')
      .sort(byPopularity);
    const seen = new Set<string>();
    const best = kept.filter((c) => {
      if (seen.has(c.venue.address.city)) return false;
      seen.add(c.venue.address.city);
      return true;
    });
    expect(ids(result.hits)).toEqual(best.map((c) => c.objectID));
    expect(result.nbHits).toBe(best.length);
    // facets count before distinct unless facetingAfterDistinct
    expect(result.facets?.['genre']).toEqual(countFacet(kept, 'genre'));
    const after = await searchIn(name, {
      filters: 'genre:Rock OR genre:Jazz',
      facets: ['genre'],
      facetingAfterDistinct: true,
    });
    expect(after.facets?.['genre']).toEqual(countFacet(best, 'genre'));
  });
});

describe('unretrievable nested attributes', () => {
  const name = 'billetterie_hidden';
  let client: SearchClient;
  beforeAll(async () => {
    await seedIndex(
      admin,
      name,
      {
        ...concertSettings,
        unretrievableAttributes: ['venue.address.postcode', 'performers.role'],
      },
      concerts,
    );
    client = clientFor(server, await createKey(admin, { acl: ['search'], indexes: [name] }));
  });
  const everything = {
    query: 'paris',
    attributesToRetrieve: ['*'],
    attributesToHighlight: ['*'],
    attributesToSnippet: ['venue', 'performers'],
    filters: 'venue.address.postcode:75011',
  };
  const matched = () =>
    concerts.filter((c) => matchesQuery(c, 'paris') && c.venue.address.postcode === '75011');
  const parts = (hit: unknown) => {
    const { _highlightResult, _snippetResult, ...record } = hit as Record<string, unknown>;
    return { record, shown: JSON.stringify([_highlightResult, _snippetResult]) };
  };

  it('hides a nested path from hits, highlights, snippets and getObjects, filtering on it still works', async () => {
    const result = await searchIn(name, everything, client);
    expect(ids(result.hits).sort()).toEqual(
      matched()
        .map((c) => c.objectID)
        .sort(),
    );
    for (const hit of result.hits) {
      const { record, shown } = parts(hit);
      const source = concerts.find((c) => c.objectID === hit.objectID) as Concert;
      const { postcode, ...address } = source.venue.address;
      expect(record['venue']).toEqual({ ...source.venue, address });
      expect(shown).not.toContain('"postcode"');
    }
    const objects = await client.getObjects<Concert>({
      requests: [{ indexName: name, objectID: 'evt-010' }],
    });
    expect(JSON.stringify(objects.results)).not.toContain('"postcode"');
    // the admin key still sees it
    expect(await admin.getObject({ indexName: name, objectID: 'evt-010' })).toEqual(
      concerts.find((c) => c.objectID === 'evt-010'),
    );
  });

  // docs/api.md §2.6/§4.1: unretrievable attributes are never returned to non-admin keys; `performers.role` is the
  // same dot path that faceting and searching resolve through the array of performer objects.
  it('hides a path inside an array of objects (performers.role) from a search key', async () => {
    const result = await searchIn(name, everything, client);
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      const { record, shown } = parts(hit);
      const source = concerts.find((c) => c.objectID === hit.objectID) as Concert;
      expect(record['performers']).toEqual(source.performers.map((p) => ({ name: p.name })));
      expect(shown).not.toContain('"role"');
    }
    const objects = await client.getObjects<Concert>({
      requests: [{ indexName: name, objectID: 'evt-010' }],
    });
    expect(JSON.stringify(objects.results)).not.toContain('"role"');
  });
});

describe('keys forcing nested filters', () => {
  it('forces a filter on a quoted dashed boolean and a nested path through queryParameters', async () => {
    const key = await createKey(admin, {
      acl: ['search'],
      indexes: ['billetterie_settings*'],
      queryParameters: `filters=${encodeURIComponent('"sold-out":false AND venue.address.country:France')}`,
    });
    const client = clientFor(server, key);
    const result = await searchIn(
      indexName,
      { filters: 'genre:Rock OR genre:Chanson', facets: ['genre', 'venue.address.city'] },
      client,
    );
    const kept = concerts.filter(
      (c) =>
        !c['sold-out'] &&
        c.venue.address.country === 'France' &&
        (c.genre === 'Rock' || c.genre === 'Chanson'),
    );
    expect(ids(result.hits).sort()).toEqual(kept.map((c) => c.objectID).sort());
    expect(result.facets?.['genre']).toEqual(countFacet(kept, 'genre'));
    expect(result.facets?.['venue.address.city']).toEqual(countFacet(kept, 'venue.address.city'));
    // the replica matches the key's pattern and gets the same forced filter
    const replica = await searchIn(byRating, { hitsPerPage: 0 }, client);
    expect(replica.nbHits).toBe(
      concerts.filter((c) => !c['sold-out'] && c.venue.address.country === 'France').length,
    );
  });

  it('applies a secured key filter on an array of objects to facet-value search on another nested facet', async () => {
    const parent = await createKey(admin, { acl: ['search'] });
    const secured = admin.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { filters: 'performers.role:guest', restrictIndices: [indexName] },
    });
    const client = clientFor(server, secured);
    const facetHits = await client.searchForFacetValues({
      indexName,
      facetName: 'venue.address.city',
      searchForFacetValuesRequest: { facetQuery: 'p', maxFacetHits: 100 },
    });
    const guests = concerts.filter((c) => c.performers.some((p) => p.role === 'guest'));
    const expected = Object.entries(countFacet(guests, 'venue.address.city'))
      .filter(([city]) =>
        city
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .some((word) => word.startsWith('p')),
      )
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => (a.value < b.value ? -1 : 1));
    expect(expected.length).toBeGreaterThan(0);
    expect(
      facetHits.facetHits
        .map(({ value, count }) => ({ value, count }))
        .sort((a, b) => (a.value < b.value ? -1 : 1)),
    ).toEqual(expected);
    const outside = await failureOf(searchIn(byRating, {}, client));
    expect(outside).toEqual(apiError(403, 'Index not allowed with this API key'));
  });
});

describe('byte limits with multi-byte text', () => {
  it('counts a query of 4-byte emoji in UTF-8 bytes: 128 pass, 129 are refused', async () => {
    const ok = await searchIn(indexName, { query: '🎸'.repeat(128), hitsPerPage: 0 });
    expect(ok.nbHits).toBeGreaterThanOrEqual(0);
    const refused = await failureOf(searchIn(indexName, { query: '🎸'.repeat(129) }));
    expect(refused).toEqual(
      apiError(400, 'Invalid value for "query" parameter, expected string shorter than 512 bytes'),
    );
  });

  it('counts analyticsTags in characters: 100 accented letters pass, 101 are refused', async () => {
    const ok = await searchIn(indexName, { analyticsTags: ['é'.repeat(100)], hitsPerPage: 0 });
    expect(ok.nbHits).toBe(concerts.length);
    const refused = await failureOf(searchIn(indexName, { analyticsTags: ['é'.repeat(101)] }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/analyticsTags/);
  });

  // §3.2/§8: an analytics tag holds up to 100 characters; 60 emoji are 60 characters (120 UTF-16 code units).
  it('accepts an analytics tag of 60 emoji (60 characters)', async () => {
    const ok = await searchIn(indexName, { analyticsTags: ['🎸'.repeat(60)], hitsPerPage: 0 });
    expect(ok.nbHits).toBe(concerts.length);
    const refused = await failureOf(searchIn(indexName, { analyticsTags: ['🎸'.repeat(101)] }));
    expect(refused.status).toBe(400);
  });

  it('measures a record in bytes: 4,000 CJK characters are too big, 1,500 are not', async () => {
    const name = 'billetterie_sizes';
    await seedIndex(admin, name, concertSettings, concerts.slice(0, 3));
    const big = { objectID: '大きい', title: '長'.repeat(4000) };
    const refused = await failureOf(
      admin.saveObjects({ indexName: name, objects: [big], waitForTasks: true }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/position 0/);
    expect(refused.message).toMatch(/大きい/);
    expect(refused.message).toMatch(/too big/);
    const fits = { objectID: '小さい', title: '短'.repeat(1500) };
    await admin.saveObjects({ indexName: name, objects: [fits], waitForTasks: true });
    expect(await admin.getObject({ indexName: name, objectID: '小さい' })).toEqual(fits);
    expect((await searchIn(name, { hitsPerPage: 0 })).nbHits).toBe(4);
  });
});
