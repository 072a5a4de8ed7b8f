import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { KeyRing } from '../http/auth/key-ring.ts';
import { hydrateRegistry } from '../indices/hydrate.ts';
import { IndexRegistry } from '../indices/index-registry.ts';
import type { StoredState } from '../store/search-store.ts';
import { ReplicaMirror } from './replica-mirror.ts';

/**
 * A search worker's indices must stay what a restart would load from the store. The owner here is the real
 * service over PGlite, written through its HTTP API with every kind of change (records, touches, settings,
 * standard and virtual replicas, synonyms, rules, copy, move, clear, delete, keys); two followers get its
 * committed changes (one from the start, one joining halfway), and at the end both are compared with the
 * owner's live indices and with indices rebuilt from the store (which caught detached replicas losing their
 * records on a restart).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

interface Follower {
  readonly registry: IndexRegistry;
  readonly ring: KeyRing;
  readonly mirror: ReplicaMirror;
}

function follow(state: StoredState): Follower {
  const registry = new IndexRegistry();
  hydrateRegistry(registry, state.indices);
  const ring = new KeyRing([]);
  return { registry, ring, mirror: new ReplicaMirror(registry, ring, state) };
}

/** What a shopper or client could observe of every index. */
function observe(registry: IndexRegistry) {
  return registry
    .list()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((index) => ({
      name: index.name,
      settings: index.settings,
      primary: index.primary,
      replicas: index.replicas,
      records: [...index.allRecords()],
      synonyms: [...index.synonyms.keys()],
      rules: [...index.rules.keys()],
      searches: ['', 'hugo', 'paris', 'roman'].map((text) =>
        index.search({ text, hitsPerPage: 50 }).hits.map((hit) => hit.record.objectID),
      ),
    }));
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
}

const book = (objectID: string, title: string, author: string, year: number) => ({
  action: 'addObject',
  body: { objectID, title, author, year },
});

it('follows every kind of write exactly as a restart would load it', async () => {
  const followers: Follower[] = [follow(await t.store.load())];
  t.app.vitrine.service.replicateWith(async (changes) => {
    for (const follower of followers) follower.mirror.apply(changes);
  });

  await send('POST', '/1/indexes/books/batch', {
    requests: [
      book('b1', 'Le Petit Prince', 'Saint-Exupéry', 1943),
      book('b2', 'Les Misérables', 'Hugo', 1862),
      book('b3', 'Notre-Dame de Paris', 'Hugo', 1831),
      book('b4', 'Madame Bovary', 'Flaubert', 1857),
      book('b5', 'Le Père Goriot', 'Balzac', 1835),
    ],
  });
  await send('PUT', '/1/indexes/books/settings', {
    searchableAttributes: ['title', 'author'],
    customRanking: ['desc(year)'],
    replicas: ['books_year', 'virtual(books_desc)'],
  });
  await send('PUT', '/1/indexes/books_year/settings', { ranking: ['asc(year)'] });
  await send('PUT', '/1/indexes/books_desc/settings', { customRanking: ['asc(title)'] });
  await send('POST', '/1/indexes/books/synonyms/batch?forwardToReplicas=true', [
    { objectID: 'novel', type: 'synonym', synonyms: ['roman', 'prince'] },
  ]);
  await send('POST', '/1/indexes/books/rules/batch', [
    {
      objectID: 'pin',
      conditions: [{ pattern: 'paris', anchoring: 'contains' }],
      consequence: { promote: [{ objectID: 'b4', position: 0 }] },
    },
  ]);
  await send('POST', '/1/indexes/books/b1/partial', { year: 1944 });
  await send('DELETE', '/1/indexes/books/b2');

  let joinedAt: StoredState | undefined;
  await t.app.vitrine.service.exclusive(async () => {
    joinedAt = await t.store.load();
    followers.push(follow(joinedAt));
  });

  await send('POST', '/1/indexes/books/operation', {
    operation: 'copy',
    destination: 'books_copy',
    scope: ['settings', 'synonyms'],
  });
  await send('POST', '/1/indexes/books_copy/batch', {
    requests: [book('c1', 'Germinal', 'Zola', 1885), book('c2', 'Hugo le roman', 'X', 1900)],
  });
  await send('POST', '/1/indexes/books_copy/operation', {
    operation: 'move',
    destination: 'books_moved',
  });
  await send('POST', '/1/indexes/books/synonyms/clear');
  await send('DELETE', '/1/indexes/books/rules/pin');
  await send('PUT', '/1/indexes/books/settings', { replicas: ['virtual(books_desc)'] });
  await send('POST', '/1/indexes/books_year/batch', {
    requests: [book('y1', 'Nana', 'Zola', 1880)],
  });
  await send('POST', '/1/indexes/books_moved/clear');
  await send('POST', '/1/indexes/books_moved/batch', {
    requests: [book('m1', 'Paris au XXe siècle', 'Verne', 1863)],
  });
  await send('DELETE', '/1/indexes/books_desc');
  // Deleting a primary leaves its replicas as ordinary indices, with the records they served.
  await send('PUT', '/1/indexes/authors/settings', {
    replicas: ['authors_az', 'virtual(authors_za)'],
  });
  await send('POST', '/1/indexes/authors/batch', {
    requests: [book('a1', 'Hugo', 'Victor Hugo', 1802), book('a2', 'Zola', 'Émile Zola', 1840)],
  });
  await send('DELETE', '/1/indexes/authors');
  const key = await send('POST', '/1/keys', { acl: ['search'], indexes: ['books'] });
  const gone = await send('POST', '/1/keys', { acl: ['search'] });
  await send('DELETE', `/1/keys/${String(gone['key'])}`);

  const owner = observe(t.app.vitrine.service.registry);
  const restarted = follow(await t.store.load());
  expect(owner.map((index) => index.name)).toEqual([
    'authors_az',
    'authors_za',
    'books',
    'books_moved',
    'books_year',
  ]);
  expect(owner.find((index) => index.name === 'authors_za')?.records).toHaveLength(2);
  expect(observe(restarted.registry)).toEqual(owner);
  for (const follower of followers) {
    expect(observe(follower.registry)).toEqual(owner);
    expect(follower.ring.get(String(key['key']))?.indexes).toEqual(['books']);
    expect(follower.ring.get(String(gone['key']))).toBeUndefined();
  }
  // The one that joined halfway saw the earlier writes in its snapshot only.
  expect(joinedAt?.indices.map((index) => index.name)).toEqual([
    'books',
    'books_desc',
    'books_year',
  ]);
});
