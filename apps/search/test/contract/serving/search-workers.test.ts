import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@vitrine/database/testing';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir } from '../../support/fresh-store.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import {
  killSpawnedServices,
  spawnedAdminKey,
  spawnedHeaders,
  startSpawnedService,
  waitFor,
} from '../../support/spawned-service.ts';

/**
 * The real service with two search workers (SEARCH_PROCESSES=2), driven through the official v5 client: what
 * the client writes and waits for must be what every worker answers. The client keeps one connection, so it
 * always reaches the same worker; reads below open a new connection each (`connection: close`), which the
 * cluster hands to the workers in turn.
 */
let dataDir: string;
let port: number;
let service: ChildProcess;
let client: SearchClient;

beforeAll(async () => {
  dataDir = await freshDataDir();
  port = await freePort();
  service = await startSpawnedService(dataDir, port, {
    SEARCH_PROCESSES: '2',
    SEARCH_WORKER_ACK_TIMEOUT_MS: '1500',
  });
  client = algoliasearch('vitrine', spawnedAdminKey, {
    hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }],
  });
}, 90_000);

afterAll(() => {
  killSpawnedServices();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Hits {
  readonly status: number;
  readonly nbHits?: number;
  readonly hits?: { readonly objectID: string; readonly [attribute: string]: unknown }[];
}

/** The same search on six new connections: three to each worker. */
async function searchEverywhere(
  indexName: string,
  params: Record<string, unknown>,
  apiKey = spawnedAdminKey,
): Promise<Hits[]> {
  const answers: Hits[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await fetch(`http://127.0.0.1:${port}/1/indexes/${indexName}/query`, {
      method: 'POST',
      headers: { ...spawnedHeaders, 'x-algolia-api-key': apiKey, connection: 'close' },
      body: JSON.stringify(params),
    });
    answers.push({ status: response.status, ...((await response.json()) as object) });
  }
  return answers;
}

const ids = (answer: Hits) => answer.hits?.map((hit) => hit.objectID);

const books = [
  { objectID: 'b1', title: 'Le Petit Prince', author: 'Saint-Exupéry', year: 1943 },
  { objectID: 'b2', title: 'Les Misérables', author: 'Hugo', year: 1862 },
  { objectID: 'b3', title: 'Notre-Dame de Paris', author: 'Hugo', year: 1831 },
  { objectID: 'b4', title: 'Madame Bovary', author: 'Flaubert', year: 1857 },
];

describe('two search workers behind one port', () => {
  it('serves every acknowledged write from every worker', async () => {
    await client.saveObjects({ indexName: 'books', objects: books, waitForTasks: true });
    for (const answer of await searchEverywhere('books', { query: 'hugo' }))
      expect(answer).toMatchObject({ status: 200, nbHits: 2 });

    const updated = await client.partialUpdateObject({
      indexName: 'books',
      objectID: 'b4',
      attributesToUpdate: { author: 'Gustave Flaubert', year: 1856 },
    });
    await client.waitForTask({ indexName: 'books', taskID: updated.taskID ?? 0 });
    for (const answer of await searchEverywhere('books', { query: 'gustave' }))
      expect(answer.hits?.map((hit) => hit['year'])).toEqual([1856]);

    const deleted = await client.deleteObject({ indexName: 'books', objectID: 'b2' });
    await client.waitForTask({ indexName: 'books', taskID: deleted.taskID });
    for (const answer of await searchEverywhere('books', { query: 'hugo' }))
      expect(ids(answer)).toEqual(['b3']);
  });

  it('applies settings, replicas, synonyms and rules in every worker', async () => {
    const settings = await client.setSettings({
      indexName: 'books',
      indexSettings: {
        searchableAttributes: ['title', 'author'],
        attributesForFaceting: ['author'],
        replicas: ['books_oldest', 'virtual(books_newest)'],
      },
    });
    await client.waitForTask({ indexName: 'books', taskID: settings.taskID });
    const replicas = await Promise.all([
      client.setSettings({ indexName: 'books_oldest', indexSettings: { ranking: ['asc(year)'] } }),
      client.setSettings({
        indexName: 'books_newest',
        indexSettings: { customRanking: ['desc(year)'] },
      }),
    ]);
    await client.waitForTask({ indexName: 'books_oldest', taskID: replicas[0].taskID });
    await client.waitForTask({ indexName: 'books_newest', taskID: replicas[1].taskID });
    const synonyms = await client.saveSynonyms({
      indexName: 'books',
      synonymHit: [{ objectID: 'novel', type: 'synonym', synonyms: ['roman', 'prince'] }],
    });
    await client.waitForTask({ indexName: 'books', taskID: synonyms.taskID });
    const rule = await client.saveRule({
      indexName: 'books',
      objectID: 'pin-bovary',
      rule: {
        objectID: 'pin-bovary',
        conditions: [{ pattern: 'classique', anchoring: 'is' }],
        consequence: {
          promote: [{ objectID: 'b4', position: 0 }],
          userData: { banner: 'classics' },
        },
      },
    });
    await client.waitForTask({ indexName: 'books', taskID: rule.taskID });

    for (const answer of await searchEverywhere('books_oldest', { query: '' }))
      expect(ids(answer)).toEqual(['b3', 'b4', 'b1']);
    for (const answer of await searchEverywhere('books_newest', { query: '' }))
      expect(ids(answer)).toEqual(['b1', 'b4', 'b3']);
    for (const answer of await searchEverywhere('books', { query: 'roman' }))
      expect(ids(answer)).toEqual(['b1']);
    for (const answer of await searchEverywhere('books', { query: 'classique' }))
      expect(answer).toMatchObject({
        hits: [{ objectID: 'b4' }],
        userData: [{ banner: 'classics' }],
      });
  });

  it('replaces every record with replaceAllObjects (a temporary index, copied and moved)', async () => {
    await client.replaceAllObjects({
      indexName: 'books',
      objects: [
        { objectID: 'c1', title: 'Candide', author: 'Voltaire', year: 1759 },
        { objectID: 'c2', title: 'Germinal', author: 'Zola', year: 1885 },
      ],
    });
    for (const answer of await searchEverywhere('books', { query: '' }))
      expect(ids(answer)?.sort()).toEqual(['c1', 'c2']);
    // The replica follows its primary's new records; the settings copied over kept the replicas.
    for (const answer of await searchEverywhere('books_oldest', { query: '' }))
      expect(ids(answer)).toEqual(['c1', 'c2']);
  });

  it('knows a new key everywhere, and counts a rate-limited key once across workers', async () => {
    const created = await client.addApiKey({
      acl: ['search'],
      indexes: ['books'],
      maxQueriesPerIPPerHour: 4,
    });
    await client.waitForApiKey({ key: created.key, operation: 'add' });
    const answers = await searchEverywhere('books', { query: 'germinal' }, created.key);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429, 429]);

    await client.deleteApiKey({ key: created.key });
    await client.waitForApiKey({ key: created.key, operation: 'delete' });
    for (const answer of await searchEverywhere('books', { query: 'germinal' }, created.key))
      expect(answer.status).toBe(403);
  });

  it('logs the searches every worker answers', async () => {
    const logged = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/2/searches?index=books`, {
        headers: spawnedHeaders,
      });
      const { searches } = (await response.json()) as {
        searches: { search: string; count: number }[];
      };
      return searches.find((entry) => entry.search === 'logged by workers')?.count;
    };
    await searchEverywhere('books', { query: 'logged by workers' });
    await waitFor(async () => (await logged()) === 6, 'six logged searches');
  });

  it('replaces a worker that stops answering instead of letting it hold the writes', async () => {
    const hung = workerPids()[0] as number;
    process.kill(hung, 'SIGSTOP');
    // A new connection may land on the stopped worker: give each attempt 4 s, then try the next one.
    let saved: { taskID: number } | undefined;
    for (let attempt = 0; attempt < 4 && saved === undefined; attempt++) {
      const response = await fetch(`http://127.0.0.1:${port}/1/indexes/books/h1`, {
        method: 'PUT',
        headers: { ...spawnedHeaders, connection: 'close' },
        body: JSON.stringify({ title: 'Les Chouans', author: 'Balzac', year: 1829 }),
        signal: AbortSignal.timeout(4000),
      }).catch(() => undefined);
      if (response?.ok) saved = (await response.json()) as { taskID: number };
    }
    expect(saved?.taskID).toBeGreaterThan(0);
    await waitFor(() => {
      const now = workerPids();
      return now.length === 2 && !now.includes(hung);
    }, 'a worker in place of the stopped one');
    await waitFor(
      async () =>
        (await searchEverywhere('books', { query: 'chouans' })).every(
          (answer) => ids(answer)?.join() === 'h1',
        ),
      'both workers serving the write',
    );
  });

  it('replaces a worker that dies, which then follows the writes', async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    process.kill(workers[0] as number, 'SIGKILL');
    await waitFor(() => {
      const now = workerPids();
      return now.length === 2 && !now.includes(workers[0] as number);
    }, 'a new worker');
    // Connections may be refused for a moment while the cluster swaps workers (see the closing note).
    await waitFor(async () => {
      const answers = await searchEverywhere('books', { query: '' }).catch(() => []);
      return answers.length === 6 && answers.every((answer) => answer.status === 200);
    }, 'both workers answering');
    const saved = await client.addOrUpdateObject({
      indexName: 'books',
      objectID: 'c3',
      body: { title: 'Bel-Ami', author: 'Maupassant', year: 1885 },
    });
    await client.waitForTask({ indexName: 'books', taskID: saved.taskID ?? 0 });
    for (const answer of await searchEverywhere('books', { query: 'maupassant' }))
      expect(ids(answer)).toEqual(['c3']);
  });

  it('stops the workers when the owner process dies', async () => {
    const owner = ownerPid();
    process.kill(owner, 'SIGKILL');
    await waitFor(() => workerPids().length === 0, 'the workers to leave');
    const refused = await fetch(`http://127.0.0.1:${port}/health`).catch(() => 'refused');
    expect(refused).toBe('refused');
  });
});

/** The search workers of the spawned service: processes of its group started with a worker configuration. */
function workerPids(): number[] {
  return groupPids().filter((pid) => environOf(pid).includes('VITRINE_WORKER_CONFIG='));
}

function ownerPid(): number {
  const worker = workerPids()[0];
  if (worker === undefined) throw new Error('No search worker is running');
  return Number(readFileSync(`/proc/${worker}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
}

function groupPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
        return Number(fields?.[2]) === service.pid && fields?.[0] !== 'Z';
      } catch {
        return false;
      }
    });
}

function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return '';
  }
}
