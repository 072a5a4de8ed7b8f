/**
 * Record writes and their limits, on a small catalogue of records shaped unlike ours
 * (nested objects, arrays of objects, numbers as strings, odd objectIDs), through the official v5 client only.
 *
 * A record over the size cap is refused with Algolia's own wording, which depends on the route: a batch names
 * the record's position and objectID (`Record at the position 1 objectID=56 is too big size=20715 bytes…`, seen in
 * algolia/algoliasearch-rails#375), a route that saves one record does not (`Record is too big
 * size=11226/10000 bytes. Please have a look at …` answered to the v5 client's `saveObject`, and `Record is too
 * big size=234567 bytes…` to a `PUT /1/indexes/{index}/{objectID}`, seen in public code handling the error).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { failureOf } from '../../support/failure-of.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'atelier_écritures';

const lamp = {
  objectID: 'lampe/42 bis',
  title: 'Lampe à poser',
  price: '49.90',
  maker: { name: 'Atelier Nord', city: 'Lille' },
  variants: [{ colour: 'laiton', stock: 3 }],
};
const stool = {
  objectID: '7',
  title: 'Tabouret',
  price: 120,
  maker: { name: 'Bois & Fils', city: 'Nantes' },
  variants: [],
};
const records = [lamp, stool];

const sizeMessage = (prefix: string) =>
  new RegExp(
    `${prefix} is too big size=\\d+/10000 bytes\\. Please have a look at https://www\\.algolia\\.com/doc/guides/sending-and-managing-data/prepare-your-data/in-depth/index-and-records-size-and-usage-limitations/#record-size-limits`,
  );

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({
    indexName,
    settings: { attributesForFaceting: ['maker.city'] },
    records,
  }));
});
afterAll(async () => server.close());

const storedIds = async () =>
  (await admin.searchSingleIndex({ indexName, searchParams: { hitsPerPage: 100 } })).hits
    .map((hit) => hit.objectID)
    .sort();

describe('records over 10 KB, refused with the wording of their route', () => {
  const big = { title: 'Catalogue papier', notes: 'x'.repeat(11_000) };

  it('names no position on saveObject, and saves nothing', async () => {
    const error = await failureOf(
      admin.saveObject({ indexName, body: { objectID: 'gros/1', ...big } }),
    );
    expect(error).toEqual(apiError(400, sizeMessage('Record')));
    expect(error.message).not.toMatch(/position|gros\/1/);
    expect(await storedIds()).toEqual(['7', 'lampe/42 bis']);
  });

  it('names no position on saveObject without an objectID either', async () => {
    const error = await failureOf(admin.saveObject({ indexName, body: big }));
    expect(error).toEqual(apiError(400, sizeMessage('Record')));
    expect(await storedIds()).toEqual(['7', 'lampe/42 bis']);
  });

  it('names no position on addOrUpdateObject, and keeps the record it would have replaced', async () => {
    const error = await failureOf(
      admin.addOrUpdateObject({ indexName, objectID: 'lampe/42 bis', body: big }),
    );
    expect(error).toEqual(apiError(400, sizeMessage('Record')));
    expect(await admin.getObject({ indexName, objectID: 'lampe/42 bis' })).toEqual(lamp);
  });

  it('counts bytes, not characters, on a single-record route: 6,000 "é" are 12,000 bytes', async () => {
    const error = await failureOf(
      admin.addOrUpdateObject({ indexName, objectID: '7', body: { notes: 'é'.repeat(6_000) } }),
    );
    expect(error).toEqual(apiError(400, sizeMessage('Record')));
    const saved = await admin.addOrUpdateObject({
      indexName,
      objectID: '7',
      body: { ...stool, notes: 'é'.repeat(4_000) },
    });
    await admin.waitForTask({ indexName, taskID: saved.taskID ?? 0 });
    expect(await admin.getObject({ indexName, objectID: '7' })).toHaveProperty(
      'notes',
      'é'.repeat(4_000),
    );
  });

  it('still names the position and objectID in a batch, writing none of it', async () => {
    const error = await failureOf(
      admin.saveObjects({
        indexName,
        objects: [
          { objectID: 'petit', title: 'Carte postale' },
          { objectID: 'gros/2', ...big },
        ],
      }),
    );
    expect(error).toEqual(apiError(400, sizeMessage('Record at the position 1 objectID=gros/2')));
    expect(await storedIds()).toEqual(['7', 'lampe/42 bis']);
  });
});
