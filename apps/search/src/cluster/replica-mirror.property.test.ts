import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { KeyRing } from '../http/auth/key-ring.ts';
import { hydrateRegistry } from '../indices/hydrate.ts';
import { IndexRegistry } from '../indices/index-registry.ts';
import type { StoredState } from '../store/search-store.ts';
import { ReplicaMirror } from './replica-mirror.ts';

/**
 * Random sequences of writes through the real API (records, partial updates, deletes, settings with standard
 * and virtual replicas, synonyms, rules, copy, move, clear, delete), some of them refused with a 4xx: a
 * follower fed with the committed changes must end with the owner's indices, and so must a restart.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const names = ['a', 'b', 'c', 'd'] as const;
const words = ['red', 'blue', 'jacket', 'shoe', 'wool', 'rain'] as const;
const name = fc.constantFrom(...names);
const id = fc.constantFrom('r1', 'r2', 'r3', 'r4');
const title = fc
  .array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(' '));

type Write = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc
    .record({
      index: name,
      records: fc.array(fc.tuple(id, title, fc.nat(50)), { minLength: 1, maxLength: 3 }),
    })
    .map(({ index, records }) => ({
      method: 'POST' as const,
      url: `/1/indexes/${index}/batch`,
      payload: {
        requests: records.map(([objectID, text, rank]) => ({
          action: 'addObject',
          body: { objectID, title: text, rank },
        })),
      },
    })),
  fc.tuple(name, id, fc.nat(50)).map(([index, objectID, rank]) => ({
    method: 'POST' as const,
    url: `/1/indexes/${index}/${objectID}/partial`,
    payload: { rank },
  })),
  fc.tuple(name, id).map(([index, objectID]) => ({
    method: 'DELETE' as const,
    url: `/1/indexes/${index}/${objectID}`,
  })),
  fc
    .tuple(name, fc.subarray([...names]), fc.boolean(), fc.boolean())
    .map(([index, replicas, virtual, ranked]) => ({
      method: 'PUT' as const,
      url: `/1/indexes/${index}/settings`,
      payload: {
        replicas: replicas
          .filter((replica) => replica !== index)
          .map((replica) => (virtual ? `virtual(${replica})` : replica)),
        ...(ranked ? { customRanking: ['desc(rank)'] } : { ranking: ['asc(rank)'] }),
      },
    })),
  fc.tuple(name, fc.boolean()).map(([index, forward]) => ({
    method: 'POST' as const,
    url: `/1/indexes/${index}/synonyms/batch?forwardToReplicas=${forward}`,
    payload: [{ objectID: 'coat', type: 'synonym', synonyms: ['jacket', 'rain'] }],
  })),
  name.map((index) => ({
    method: 'POST' as const,
    url: `/1/indexes/${index}/rules/batch`,
    payload: [
      {
        objectID: 'pin',
        conditions: [{ pattern: 'red', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: 'r2', position: 0 }] },
      },
    ],
  })),
  fc.tuple(name, name, fc.boolean()).map(([source, destination, scoped]) => ({
    method: 'POST' as const,
    url: `/1/indexes/${source}/operation`,
    payload: {
      operation: 'copy',
      destination,
      ...(scoped ? { scope: ['settings', 'synonyms'] } : {}),
    },
  })),
  fc.tuple(name, name).map(([source, destination]) => ({
    method: 'POST' as const,
    url: `/1/indexes/${source}/operation`,
    payload: { operation: 'move', destination },
  })),
  name.map((index) => ({ method: 'POST' as const, url: `/1/indexes/${index}/clear` })),
  name.map((index) => ({ method: 'DELETE' as const, url: `/1/indexes/${index}` })),
);

function follow(state: StoredState) {
  const registry = new IndexRegistry();
  hydrateRegistry(registry, state.indices);
  return { registry, mirror: new ReplicaMirror(registry, new KeyRing([]), state) };
}

/** What a client could observe of every index. */
function observe(registry: IndexRegistry) {
  return registry
    .list()
    .sort((x, y) => x.name.localeCompare(y.name))
    .map((index) => ({
      name: index.name,
      settings: index.settings,
      records: [...index.allRecords()].sort((x, y) => x.objectID.localeCompare(y.objectID)),
      synonyms: [...index.synonyms.keys()],
      rules: [...index.rules.keys()],
      searches: ['', 'red', 'jacket'].map((text) =>
        index.search({ text, hitsPerPage: 10 }).hits.map((hit) => hit.record.objectID),
      ),
    }));
}

it('ranks a rewritten record where the owner does, in a follower and after a restart (ties: last writes last)', async () => {
  await t.reset();
  const follower = follow(await t.store.load());
  t.app.vitrine.service.replicateWith(async (changes) => follower.mirror.apply(changes));
  try {
    const add = (...objectIDs: string[]) =>
      t.request({
        method: 'POST',
        url: '/1/indexes/c/batch',
        payload: {
          requests: objectIDs.map((objectID) => ({
            action: 'addObject',
            body: { objectID, title: 'red', rank: 0 },
          })),
        },
      });
    await add('r1', 'r2');
    await add('r1');
    const owner = observe(t.app.vitrine.service.registry);
    expect(owner[0]?.searches[1]).toEqual(['r2', 'r1']);
    expect(observe(follower.registry)).toEqual(owner);
    expect(observe(follow(await t.store.load()).registry)).toEqual(owner);
  } finally {
    t.app.vitrine.service.replicateWith(async () => undefined);
  }
});

it('keeps the records of a copied standard replica after a restart (they are stored under its primary)', async () => {
  await t.reset();
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.request({ method, url, payload });
  await send('PUT', '/1/indexes/b/settings', { replicas: ['c'], ranking: ['asc(rank)'] });
  await send('POST', '/1/indexes/b/batch', {
    requests: [{ action: 'addObject', body: { objectID: 'r1', title: 'red', rank: 0 } }],
  });
  await send('POST', '/1/indexes/c/operation', { operation: 'copy', destination: 'a' });
  const restarted = follow(await t.store.load()).registry;
  expect([...(restarted.get('a')?.allRecords() ?? [])].map((record) => record.objectID)).toEqual([
    'r1',
  ]);
  expect(observe(restarted)).toEqual(observe(t.app.vitrine.service.registry));
});

it('a follower and a restart end with the owner’s indices after any sequence of writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
      await t.reset();
      const follower = follow(await t.store.load());
      t.app.vitrine.service.replicateWith(async (changes) => follower.mirror.apply(changes));
      try {
        for (const { method, url, payload } of writes) {
          const response = await t.request({
            method,
            url,
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
        }
        const owner = observe(t.app.vitrine.service.registry);
        expect(observe(follower.registry)).toEqual(owner);
        expect(observe(follow(await t.store.load()).registry)).toEqual(owner);
      } finally {
        t.app.vitrine.service.replicateWith(async () => undefined);
      }
    }),
    { numRuns: 40 },
  );
}, 240_000);
