/**
 * The other official clients on the concert catalogue (`concerts.ts`): the v4 client
 * (`algoliasearch-v4`), whose `params` string URL-encodes JSON arrays holding colons, quotes, apostrophes, emoji
 * and non-Latin letters (docs/api.md §3.1), and the v5 lite client's multi-search mixing a hits entry and a
 * `type: "facet"` entry on a nested facet (§2.2). Searches, facet counts, facet-value searches, browsing and the
 * record calls on odd objectIDs are compared with brute-force answers over the records.
 */
import { liteClient } from 'algoliasearch/lite';
import type algoliasearchV4 from 'algoliasearch-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { foldedWords, matchesQuery, project } from '../../support/concert-matcher.ts';
import { type Concert, concertIds, concertSettings, concerts } from '../../support/concerts.ts';
import { failureOf } from '../../support/failure-of.ts';
import { ids, sorted } from '../../support/hit-ids.ts';
import { v4ClientFor } from '../../support/seeded-server.ts';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let v4: ReturnType<typeof algoliasearchV4>;
const indexName = 'billetterie_clients';

beforeAll(async () => {
  server = await startTestServer();
  v4 = v4ClientFor(server);
  const index = v4.initIndex(indexName);
  await index.setSettings(concertSettings).wait();
  await index.saveObjects([...concerts]).wait();
});
afterAll(async () => server.close());

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('the v4 client', () => {
  it('sends facetFilters with colons, quotes, apostrophes, emoji and Greek in its params string', async () => {
    const index = v4.initIndex(indexName);
    const from = unix('2026-05-01T00:00:00Z');
    const result = await index.search<Concert>('', {
      facetFilters: [
        ['tags:after: 2h', 'tags:session "live"', "tags:L'été", 'tags:🎸 guitare'],
        'venue.address.country:-Japon',
      ],
      numericFilters: [`startsAt>=${from}`],
      facets: ['tags', 'performers.name'],
      hitsPerPage: 1000,
      maxValuesPerFacet: 1000,
    });
    const matched = concerts.filter(
      (c) =>
        c.tags.some((tag) =>
          ['after: 2h', 'session "live"', "L'été", '🎸 guitare'].includes(tag),
        ) &&
        c.venue.address.country !== 'Japon' &&
        c.startsAt >= from,
    );
    expect(matched.length).toBeGreaterThan(3);
    expect(ids(result.hits)).toEqual(concertIds((c) => matched.includes(c)));
    expect(result.facets?.['tags']).toEqual(countFacet(matched, 'tags'));
    expect(result.facets?.['performers.name']).toEqual(countFacet(matched, 'performers.name'));
    const greek = await index.search<Concert>('', {
      facetFilters: ['performers.name:Ελένη Κ.'],
      hitsPerPage: 1000,
    });
    expect(ids(greek.hits)).toEqual(
      concertIds((c) => c.performers.some((p) => p.name === 'Ελένη Κ.')),
    );
  });

  it('highlights and retrieves nested paths asked for in the params string', async () => {
    const index = v4.initIndex(indexName);
    const result = await index.search<Concert>('sofia', {
      attributesToRetrieve: ['title', 'venue.address'],
      attributesToHighlight: ['performers.name'],
      hitsPerPage: 1000,
    });
    const expected = concertIds((c) => matchesQuery(c, 'sofia'));
    expect(sorted(ids(result.hits))).toEqual(sorted(expected));
    for (const hit of result.hits) {
      const { _highlightResult, ...record } = hit as unknown as Record<string, unknown>;
      const source = concerts.find((c) => c.objectID === hit.objectID);
      expect(record).toEqual({
        objectID: hit.objectID,
        ...(project(source, ['title', 'venue.address']) as object),
      });
      const performers = (_highlightResult as { performers: { name: { value: string } }[] })
        .performers;
      expect(performers.map((entry) => entry.name.value.replace(/<\/?em>/g, ''))).toEqual(
        source?.performers.map((p) => p.name),
      );
    }
    const reyes = result.hits.find((hit) => hit.objectID === 'evt-039');
    const reyesHighlight = reyes?._highlightResult as unknown as
      | { performers: { name: { value: string } }[] }
      | undefined;
    expect(reyesHighlight?.performers[0]?.name.value).toBe('<em>Sofía</em> Reyes Quartet');
  });

  it('searches facet values with a folded accent under filters sent as requestOptions', async () => {
    const index = v4.initIndex(indexName);
    const result = await index.searchForFacetValues('performers.name', 'sofi', {
      filters: 'venue.address.country:Espagne OR venue.address.country:Suisse',
    });
    const matched = concerts.filter((c) => ['Espagne', 'Suisse'].includes(c.venue.address.country));
    const expected = Object.entries(countFacet(matched, 'performers.name'))
      .filter(([name]) => foldedWords(name).some((word) => word.startsWith('sofi')))
      .map(([value, count]) => ({ value, count }));
    expect(expected).toHaveLength(1);
    expect(result.facetHits.map(({ value, count }) => ({ value, count }))).toEqual(expected);
    expect(result.facetHits[0]?.highlighted).toBe('<em>Sofí</em>a Reyes Quartet');
  });

  it('reads, partially updates and deletes records with odd objectIDs', async () => {
    const index = v4.initIndex('billetterie_clients_ids');
    await index.setSettings(concertSettings).wait();
    await index.saveObjects([...concerts]).wait();
    const odd = concerts.filter((c) => !/^evt-\d+$/.test(c.objectID));
    for (const concert of odd)
      expect(await index.getObject(concert.objectID), concert.objectID).toEqual(concert);
    const some = await index.getObjects<Concert>(
      [odd[0]?.objectID ?? '', 'missing #1', odd[1]?.objectID ?? ''],
      { attributesToRetrieve: ['venue.address.country'] },
    );
    expect(some.results).toEqual([
      {
        objectID: odd[0]?.objectID,
        venue: { address: { country: odd[0]?.venue.address.country } },
      },
      null,
      {
        objectID: odd[1]?.objectID,
        venue: { address: { country: odd[1]?.venue.address.country } },
      },
    ]);
    await index
      .partialUpdateObject(
        {
          objectID: 'zürich jazz #1',
          'sold-out': false,
          tags: { _operation: 'Remove', value: 'VIP' },
        },
        { createIfNotExists: false },
      )
      .wait();
    const zurich = concerts.find((c) => c.objectID === 'zürich jazz #1');
    expect(await index.getObject('zürich jazz #1')).toEqual({
      ...zurich,
      'sold-out': false,
      tags: zurich?.tags.filter((tag) => tag !== 'VIP'),
    });
    await index.deleteObject('évènement spécial: 50%').wait();
    expect((await failureOf(index.getObject('évènement spécial: 50%'))).status).toBe(404);
    const after = await index.search('', { filters: 'tags:VIP', hitsPerPage: 1000 });
    expect(ids(after.hits)).toEqual(
      concertIds(
        (c) =>
          c.tags.includes('VIP') &&
          c.objectID !== 'zürich jazz #1' &&
          c.objectID !== 'évènement spécial: 50%',
      ),
    );
  });

  it('browses every record under a nested filter with nested attributes to retrieve', async () => {
    const index = v4.initIndex(indexName);
    const seen: Record<string, unknown>[] = [];
    await index.browseObjects<Concert>({
      filters: 'venue.address.country:France AND NOT performers.role:support',
      attributesToRetrieve: ['venue.address.city', 'performers'],
      batch: (hits) => {
        seen.push(...(hits as unknown as Record<string, unknown>[]));
      },
    });
    const matched = concerts.filter(
      (c) =>
        c.venue.address.country === 'France' && !c.performers.some((p) => p.role === 'support'),
    );
    expect(sorted(seen.map((hit) => String(hit['objectID'])))).toEqual(
      sorted(matched.map((c) => c.objectID)),
    );
    for (const hit of seen) {
      const source = matched.find((c) => c.objectID === hit['objectID']);
      expect(hit).toEqual({
        objectID: source?.objectID,
        ...(project(source, ['venue.address.city', 'performers']) as object),
      });
    }
  });
});

describe('the v5 lite client', () => {
  it('answers a hits entry and a facet entry on a nested facet in one multi-search, in order', async () => {
    const client = liteClient(appId, adminKey, { hosts: hostsOf(server) });
    const { results } = await client.search({
      requests: [
        {
          indexName,
          query: 'quartet',
          facets: ['venue.address.city'],
          facetFilters: [['venue.address.country:Suisse', 'venue.address.country:Espagne']],
          hitsPerPage: 1000,
        },
        {
          indexName,
          type: 'facet',
          facet: 'venue.address.city',
          facetQuery: 'bar',
          query: 'quartet',
          maxFacetHits: 10,
        },
      ],
    });
    const [hitsResult, facetResult] = results as [
      { hits: { objectID: string }[]; facets: Record<string, Record<string, number>> },
      { facetHits: { value: string; count: number; highlighted: string }[] },
    ];
    const inCountries = (c: Concert) =>
      matchesQuery(c, 'quartet') && ['Suisse', 'Espagne'].includes(c.venue.address.country);
    expect(sorted(ids(hitsResult.hits))).toEqual(sorted(concertIds(inCountries)));
    expect(hitsResult.facets['venue.address.city']).toEqual(
      countFacet(concerts.filter(inCountries), 'venue.address.city'),
    );
    const quartet = concerts.filter((c) => matchesQuery(c, 'quartet'));
    const barcelona = countFacet(quartet, 'venue.address.city')['Barcelona'];
    expect(barcelona).toBeGreaterThan(0);
    expect(facetResult.facetHits).toEqual([
      { value: 'Barcelona', highlighted: '<em>Bar</em>celona', count: barcelona },
    ]);
  });
});
