/**
 * Writes on the concert catalogue (`concerts.ts`) through the official v5 client only:
 * built-in partial-update operations next to nested objects and arrays of objects (docs/api.md §2.6: first-level
 * attributes only, a nested object replaces its first-level ancestor), IncrementFrom/IncrementSet deciding the
 * whole object's update and re-sorting the custom ranking, createIfNotExists, deleteBy on nested paths, booleans,
 * timestamps and values with colons, objectIDs with spaces, slashes, `%`, `#`, `?`, `&` and non-Latin letters
 * through getObject/getObjects/deleteObject, replaceAllObjects and a batch of mixed actions (§2.7). After each
 * write the searches, facet counts and facet-value searches are compared with the records as they must now be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { type Concert, concertSettings, concerts } from '../../support/concerts.ts';
import { failureOf } from '../../support/failure-of.ts';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer());
});
afterAll(async () => server.close());

type Row = Record<string, unknown> & { objectID: string };
const clone = (): Row[] => structuredClone(concerts) as unknown as Row[];
const byId = (rows: readonly Row[], id: string) => {
  const found = rows.find((row) => row.objectID === id);
  if (found === undefined) throw new Error(`No record ${id}`);
  return found;
};
/** Ids most popular first, the order an empty query gives under `desc(popularity)`. */
const rankedIds = (rows: readonly Row[], keep: (row: Row) => boolean = () => true) =>
  rows
    .filter(keep)
    .sort((a, b) => Number(b['popularity']) - Number(a['popularity']))
    .map((row) => row.objectID);

async function seeded(indexName: string): Promise<Row[]> {
  await seedIndex(admin, indexName, concertSettings, concerts);
  return clone();
}
const searchIn = (indexName: string, searchParams: Record<string, unknown> = {}) =>
  admin.searchSingleIndex<Row>({
    indexName,
    searchParams: { hitsPerPage: 1000, attributesToHighlight: [], ...searchParams },
  });
async function wait(indexName: string, response: { taskID?: number | undefined }) {
  await admin.waitForTask({ indexName, taskID: response.taskID ?? -1 });
}

const oddIds = concerts.map((c) => c.objectID).filter((id) => !/^evt-\d+$/.test(id));

describe('partial updates next to nested objects and arrays of objects', () => {
  it('applies Increment, Decrement, Add, AddUnique and Remove, and replaces a nested object whole', async () => {
    const indexName = 'billetterie_partial';
    const rows = await seeded(indexName);
    const target = byId(rows, 'evt 019/amsterdam');
    const response = await admin.partialUpdateObject({
      indexName,
      objectID: 'evt 019/amsterdam',
      attributesToUpdate: {
        popularity: { _operation: 'Increment', value: 2000 },
        ageLimit: { _operation: 'Decrement', value: 2 },
        tags: { _operation: 'Add', value: 'session "live"' },
        venue: { name: 'Victoria Hall', address: { city: 'Genève', country: 'Suisse' } },
      },
    });
    await wait(indexName, response);
    Object.assign(target, {
      popularity: Number(target['popularity']) + 2000,
      ageLimit: Number(target['ageLimit']) - 2,
      tags: [...(target['tags'] as string[]), 'session "live"'],
      venue: { name: 'Victoria Hall', address: { city: 'Genève', country: 'Suisse' } },
    });
    expect(await admin.getObject({ indexName, objectID: 'evt 019/amsterdam' })).toEqual(target);

    const again = await admin.partialUpdateObject({
      indexName,
      objectID: 'evt 019/amsterdam',
      attributesToUpdate: {
        tags: { _operation: 'AddUnique', value: 'session "live"' },
        performers: [{ name: 'Los Pájaros', role: 'headliner' }],
      },
    });
    await wait(indexName, again);
    target['performers'] = [{ name: 'Los Pájaros', role: 'headliner' }];
    expect(await admin.getObject({ indexName, objectID: 'evt 019/amsterdam' })).toEqual(target);
    const removed = await admin.partialUpdateObject({
      indexName,
      objectID: 'evt 019/amsterdam',
      attributesToUpdate: { tags: { _operation: 'Remove', value: 'festival' } },
    });
    await wait(indexName, removed);
    target['tags'] = (target['tags'] as string[]).filter((tag) => tag !== 'festival');
    expect(await admin.getObject({ indexName, objectID: 'evt 019/amsterdam' })).toEqual(target);

    // The search sees the new record: first by popularity, its old nested values gone from facets and filters.
    const all = await searchIn(indexName, {
      facets: ['venue.address.city', 'venue.address.country', 'tags', 'performers.name'],
    });
    expect(ids(all.hits)).toEqual(rankedIds(rows));
    expect(ids(all.hits)[0]).toBe('evt 019/amsterdam');
    for (const facet of ['venue.address.city', 'venue.address.country', 'tags', 'performers.name'])
      expect(all.facets?.[facet], facet).toEqual(countFacet(rows, facet));
    const capacity = await searchIn(indexName, { filters: 'venue.capacity >= 0' });
    expect(ids(capacity.hits)).not.toContain('evt 019/amsterdam');
    expect(capacity.nbHits).toBe(rows.length - 1);
    const geneva = await searchIn(indexName, { query: 'geneve' });
    expect(ids(geneva.hits)).toEqual(['evt 019/amsterdam']);
    const cities = await admin.searchForFacetValues({
      indexName,
      facetName: 'venue.address.city',
      searchForFacetValuesRequest: { facetQuery: 'gen' },
    });
    expect(cities.facetHits).toEqual([
      { value: 'Genève', highlighted: '<em>Gen</em>ève', count: 1 },
    ]);
    const stale = await searchIn(indexName, { filters: 'venue.address.postcode:"1017 CG"' });
    expect(ids(stale.hits)).toEqual(
      rankedIds(rows, (row) => (row['venue'] as Concert['venue']).address.postcode === '1017 CG'),
    );
  });

  it('decides each object of partialUpdateObjects alone with IncrementFrom and IncrementSet, and re-ranks', async () => {
    const indexName = 'billetterie_versions';
    const rows = await seeded(indexName);
    const a = byId(rows, 'ライブ#7');
    const b = byId(rows, '100% techno');
    const c = byId(rows, 'a+b=c?&d');
    const response = await admin.partialUpdateObjects({
      indexName,
      objects: [
        // matches the current value: +1, and the title changes with it
        {
          objectID: 'ライブ#7',
          popularity: { _operation: 'IncrementFrom', value: a['popularity'] },
          title: 'Nordlys live — date ajoutée',
        },
        // does not match: the whole object update is ignored, title included
        {
          objectID: '100% techno',
          popularity: { _operation: 'IncrementFrom', value: Number(b['popularity']) + 5 },
          title: 'ignored',
        },
        // greater than the current value: set to it
        { objectID: 'a+b=c?&d', popularity: { _operation: 'IncrementSet', value: 5000 } },
        // not greater: ignored whole
        {
          objectID: 'evt-001',
          popularity: { _operation: 'IncrementSet', value: 0 },
          genre: 'ignored',
        },
      ],
      waitForTasks: true,
    });
    expect(response.length).toBeGreaterThan(0);
    a['popularity'] = Number(a['popularity']) + 1;
    a['title'] = 'Nordlys live — date ajoutée';
    c['popularity'] = 5000;
    for (const id of ['ライブ#7', '100% techno', 'a+b=c?&d', 'evt-001'])
      expect(await admin.getObject({ indexName, objectID: id }), id).toEqual(byId(rows, id));
    const ranked = await searchIn(indexName, {});
    expect(ids(ranked.hits)).toEqual(rankedIds(rows));
    expect(ids(ranked.hits)[0]).toBe('a+b=c?&d');
    const genres = await searchIn(indexName, { hitsPerPage: 0, facets: ['genre'] });
    expect(genres.facets?.['genre']).toEqual(countFacet(rows, 'genre'));
  });

  it('creates a record with an odd objectID only when createIfNotExists is true', async () => {
    const indexName = 'billetterie_create';
    await seeded(indexName);
    const id = 'nouveau concert/été #1 ?';
    const skipped = await admin.partialUpdateObject({
      indexName,
      objectID: id,
      attributesToUpdate: { title: 'Concert fantôme' },
      createIfNotExists: false,
    });
    await wait(indexName, skipped);
    expect(await failureOf(admin.getObject({ indexName, objectID: id }))).toMatchObject({
      status: 404,
    });
    const created = await admin.partialUpdateObject({
      indexName,
      objectID: id,
      attributesToUpdate: {
        title: 'Concert zygomatique',
        popularity: { _operation: 'Increment', value: 3 },
        tags: { _operation: 'AddUnique', value: 'nouveauté' },
      },
      createIfNotExists: true,
    });
    await wait(indexName, created);
    expect(await admin.getObject({ indexName, objectID: id })).toEqual({
      objectID: id,
      title: 'Concert zygomatique',
      popularity: 3,
      tags: ['nouveauté'],
    });
    const found = await searchIn(indexName, { query: 'zygomatique', facets: ['tags'] });
    expect(ids(found.hits)).toEqual([id]);
    expect(found.facets?.['tags']).toEqual({ nouveauté: 1 });
  });
});

describe('deleting and reading by odd objectIDs', () => {
  it('reads every odd objectID with getObject and getObjects, nested paths retrieved', async () => {
    const indexName = 'billetterie_ids';
    const rows = await seeded(indexName);
    expect(oddIds.length).toBeGreaterThan(6);
    for (const id of oddIds)
      expect(await admin.getObject({ indexName, objectID: id }), id).toEqual(byId(rows, id));
    const many = await admin.getObjects<Row>({
      requests: [...oddIds, 'absent/id'].map((objectID) => ({
        indexName,
        objectID,
        attributesToRetrieve: ['venue.address.city', 'sold-out'],
      })),
    });
    expect(many.results).toEqual([
      ...oddIds.map((id) => {
        const row = byId(rows, id) as unknown as Concert;
        return {
          objectID: id,
          venue: { address: { city: row.venue.address.city } },
          'sold-out': row['sold-out'],
        };
      }),
      null,
    ]);
  });

  it('deletes records whose objectIDs hold %, #, ?, &, spaces, slashes and non-Latin letters', async () => {
    const indexName = 'billetterie_delete_ids';
    const rows = await seeded(indexName);
    const doomed = oddIds.filter((_, at) => at % 2 === 0);
    for (const objectID of doomed) {
      const response = await admin.deleteObject({ indexName, objectID });
      await wait(indexName, response);
    }
    for (const id of oddIds) {
      const read = await failureOf(admin.getObject({ indexName, objectID: id }));
      expect(read.status, id).toBe(doomed.includes(id) ? 404 : undefined);
    }
    const left = rows.filter((row) => !doomed.includes(row.objectID));
    const result = await searchIn(indexName, { facets: ['venue.address.city'] });
    expect(ids(result.hits)).toEqual(rankedIds(left));
    expect(result.facets?.['venue.address.city']).toEqual(countFacet(left, 'venue.address.city'));
  });

  it('deleteBy removes exactly the records matching nested, boolean, timestamp and colon filters', async () => {
    const indexName = 'billetterie_delete_by';
    let rows = await seeded(indexName);
    const cutoff = Date.parse('2026-03-01T00:00:00Z') / 1000;
    const steps: [
      Parameters<typeof admin.deleteBy>[0]['deleteByParams'],
      (c: Concert) => boolean,
    ][] = [
      [
        { filters: 'venue.address.country:France AND "sold-out":true' },
        (c) => c.venue.address.country === 'France' && c['sold-out'],
      ],
      [{ numericFilters: [`startsAt<${cutoff}`] }, (c) => c.startsAt < cutoff],
      [{ facetFilters: ['tags:after: 2h'] }, (c) => c.tags.includes('after: 2h')],
      [
        { filters: 'performers.role:guest AND NOT accessible:true' },
        (c) => c.performers.some((p) => p.role === 'guest') && c.accessible !== true,
      ],
    ];
    for (const [deleteByParams, matches] of steps) {
      const doomed = rows.filter((row) => matches(row as unknown as Concert));
      expect(doomed.length, JSON.stringify(deleteByParams)).toBeGreaterThan(0);
      const response = await admin.deleteBy({ indexName, deleteByParams });
      await wait(indexName, response);
      rows = rows.filter((row) => !doomed.includes(row));
      const result = await searchIn(indexName, { facets: ['genre', 'accessible'] });
      expect(ids(result.hits), JSON.stringify(deleteByParams)).toEqual(rankedIds(rows));
      expect(result.facets?.['genre']).toEqual(countFacet(rows, 'genre'));
      expect(result.facets?.['accessible']).toEqual(countFacet(rows, 'accessible'));
    }
  });
});

describe('whole-index writes', () => {
  it('replaceAllObjects swaps in new shapes, keeping nested searchable and facet settings', async () => {
    const indexName = 'billetterie_replace';
    await seeded(indexName);
    const jazz = clone().filter((row) => row['genre'] === 'Jazz');
    const extra: Row = {
      objectID: 'jazz/extra 1 %',
      title: 'Jam session de minuit',
      genre: 'Jazz',
      performers: [],
      venue: { name: 'Le Baiser Salé', address: { city: 'Paris', country: 'France' } },
      tags: [],
      popularity: 2000,
    };
    const next = [...jazz, extra];
    await admin.replaceAllObjects({ indexName, objects: next, batchSize: 4 });
    const settings = await admin.getSettings({ indexName });
    expect(settings.searchableAttributes).toEqual(concertSettings.searchableAttributes);
    expect(settings.attributesForFaceting).toEqual(concertSettings.attributesForFaceting);
    const all = await searchIn(indexName, {
      facets: ['venue.address.city', 'performers.name', 'genre'],
    });
    expect(ids(all.hits)).toEqual(rankedIds(next));
    for (const facet of ['venue.address.city', 'performers.name', 'genre'])
      expect(all.facets?.[facet], facet).toEqual(countFacet(next, facet));
    const salé = await searchIn(indexName, { query: 'baiser sale' });
    expect(ids(salé.hits)).toEqual(['jazz/extra 1 %']);
    const gone = await failureOf(admin.getObject({ indexName, objectID: 'evt-001' }));
    expect(gone.status).toBe(404);
  });

  it('applies a batch of mixed actions in order and answers one objectID per record action', async () => {
    const indexName = 'billetterie_batch';
    const rows = await seeded(indexName);
    const response = await admin.batch({
      indexName,
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { title: 'Sans identifiant', popularity: 1500 } },
          {
            action: 'updateObject',
            body: { objectID: 'évènement spécial: 50%', title: 'Remplacé', popularity: 1 },
          },
          {
            action: 'partialUpdateObject',
            body: { objectID: 'créé/par partial', title: 'Créé', popularity: 2 },
          },
          {
            action: 'partialUpdateObjectNoCreate',
            body: { objectID: 'ghost#2', title: 'Jamais' },
          },
          { action: 'deleteObject', body: { objectID: 'a+b=c?&d' } },
          {
            action: 'partialUpdateObject',
            body: {
              objectID: '100% techno',
              tags: { _operation: 'AddUnique', value: '18+' },
              rating: 4.2,
            },
          },
        ],
      },
    });
    await wait(indexName, response);
    const [generated, ...rest] = response.objectIDs;
    expect(rest).toEqual([
      'évènement spécial: 50%',
      'créé/par partial',
      'ghost#2',
      'a+b=c?&d',
      '100% techno',
    ]);
    expect(typeof generated).toBe('string');
    expect(oddIds).not.toContain(generated);

    const techno = byId(rows, '100% techno');
    techno['rating'] = 4.2;
    const expected = [
      ...rows.filter((row) => !['évènement spécial: 50%', 'a+b=c?&d'].includes(row.objectID)),
      { objectID: generated ?? '', title: 'Sans identifiant', popularity: 1500 },
      { objectID: 'évènement spécial: 50%', title: 'Remplacé', popularity: 1 },
      { objectID: 'créé/par partial', title: 'Créé', popularity: 2 },
    ];
    for (const id of [generated ?? '', 'évènement spécial: 50%', 'créé/par partial', '100% techno'])
      expect(await admin.getObject({ indexName, objectID: id }), id).toEqual(byId(expected, id));
    for (const id of ['ghost#2', 'a+b=c?&d'])
      expect((await failureOf(admin.getObject({ indexName, objectID: id }))).status, id).toBe(404);
    const result = await searchIn(indexName, { facets: ['genre', 'tags'] });
    expect(ids(result.hits)).toEqual(rankedIds(expected));
    expect(result.facets?.['genre']).toEqual(countFacet(expected, 'genre'));
    expect(result.facets?.['tags']).toEqual(countFacet(expected, 'tags'));
  });
});
