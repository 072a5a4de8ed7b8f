import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import { afterAll, expect, it } from 'vitest';
import { openSearchStore } from '../src/store/open-search-store.ts';
import { freshDataDir } from './support/fresh-store.ts';
import {
  spawnedHeaders as headers,
  killSpawnedServices,
  outputOf,
  signalService,
  startSpawnedService,
  waitFor,
} from './support/spawned-service.ts';

/**
 * Spawns the real service, fires batches from several writers at once, kills it with SIGKILL mid-flight,
 * restarts it on the same data folder and checks that every batch acknowledged with a 2xx is there, and that
 * no batch was half applied. Run with one process, and with two search workers (SEARCH_PROCESSES=2: the
 * writes reach the owner through a worker, and the whole process group is killed); and with batches of 2,000
 * records, which the service commits in several statements and applies in slices with requests answered
 * between them (decision 0016): the kill lands while one is being indexed. And with the persisted build written
 * between the writes: the restart takes it only when it holds the store's latest task (decision 0016, "Restart").
 */
afterAll(killSpawnedServices);

async function writer(
  port: number,
  name: string,
  acknowledged: string[],
  attempted: string[],
  batchSize: number,
  rounds = Number.POSITIVE_INFINITY,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const batch = `${name}-${round}`;
    attempted.push(batch);
    const requests = Array.from({ length: batchSize }, (_, position) => ({
      action: 'addObject',
      body: {
        objectID: `${batch}-${position}`,
        name: `record ${batch} ${position}`,
        description: `written by ${name} in round ${round}, at position ${position} of its batch`,
        writer: name,
      },
    }));
    try {
      const response = await fetch(`http://127.0.0.1:${port}/1/indexes/crash/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ requests }),
      });
      if (response.ok) acknowledged.push(batch);
    } catch {
      return; // the service is gone
    }
  }
}

/** Every batch acknowledged before the kill is there after the restart, and no batch is there in part. */
async function expectAcknowledgedKept(
  port: number,
  attempted: readonly string[],
  acknowledgedAtKill: readonly string[],
  batchSize: number,
): Promise<void> {
  const ids = attempted.flatMap((batch) =>
    Array.from({ length: batchSize }, (_, position) => `${batch}-${position}`),
  );
  const present = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const requests = ids
      .slice(start, start + 1000)
      .map((objectID) => ({ indexName: 'crash', objectID }));
    const response = await fetch(`http://127.0.0.1:${port}/1/indexes/*/objects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requests }),
    });
    const { results } = (await response.json()) as { results: ({ objectID: string } | null)[] };
    for (const record of results) if (record) present.add(record.objectID);
  }
  for (const batch of acknowledgedAtKill) {
    for (let position = 0; position < batchSize; position++)
      expect(present.has(`${batch}-${position}`), batch).toBe(true);
  }
  for (const batch of attempted) {
    const found = Array.from({ length: batchSize }, (_, position) =>
      present.has(`${batch}-${position}`),
    );
    expect(new Set(found).size, `batch ${batch} is all or nothing`).toBe(1);
  }
}

it.each([
  { processes: 1, batchSize: 5, killAfter: 40 },
  { processes: 2, batchSize: 5, killAfter: 40 },
  { processes: 1, batchSize: 2000, killAfter: 3 },
])(
  'keeps every acknowledged write across a kill -9 ($processes process(es) serving, batches of $batchSize)',
  async ({ processes, batchSize, killAfter }) => {
    const dataDir = await freshDataDir();
    const port = await freePort();
    const env = { SEARCH_PROCESSES: String(processes) };
    const first = await startSpawnedService(dataDir, port, env);
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    const writers = ['a', 'b', 'c', 'd'].map((name) =>
      writer(port, name, acknowledged, attempted, batchSize),
    );
    while (acknowledged.length < killAfter) await new Promise((resolve) => setTimeout(resolve, 20));
    signalService(first, 'SIGKILL');
    await Promise.all(writers);
    const acknowledgedAtKill = [...acknowledged];
    expect(attempted.length).toBeGreaterThan(acknowledgedAtKill.length);

    const second = await startSpawnedService(dataDir, port, env);
    await expectAcknowledgedKept(port, attempted, acknowledgedAtKill, batchSize);
    // A clean stop releases the folder lock and removes the service file.
    const exited = new Promise((resolve) => second.once('exit', resolve));
    signalService(second, 'SIGTERM');
    await exited;
    await waitFor(() => !existsSync(join(dataDir, 'search', 'vitrine.lock')), 'a clean shutdown');
    expect(existsSync(join(dataDir, 'search-service.json'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  },
  150_000,
);

it('trusts a persisted build across a kill -9 only when it holds every committed write', async () => {
  const dataDir = await freshDataDir();
  const port = await freePort();
  // A build is written after every quiet moment: builds race with the writes, and one may be mid-write at the kill.
  const env = { SEARCH_PERSISTED_BUILD_QUIET_MS: '0', LOG_LEVEL: 'info' };
  const first = await startSpawnedService(dataDir, port, env);
  const acknowledged: string[] = [];
  const attempted: string[] = [];
  const buildFile = join(dataDir, 'search-build', 'indices.build');
  // A first build, written once the first writes are quiet (under steady writes one may never complete).
  await writer(port, 'first', acknowledged, attempted, 50, 3);
  await waitFor(() => existsSync(buildFile), 'a first build');
  const writers = ['a', 'b', 'c', 'd'].map((name) =>
    writer(port, name, acknowledged, attempted, 50),
  );
  await waitFor(() => acknowledged.length >= 30, 'writes after the first build');
  signalService(first, 'SIGKILL');
  await Promise.all(writers);
  const acknowledgedAtKill = [...acknowledged];
  // What the build on disk holds against what the store committed (a write may be committed, not acknowledged).
  const header = readFileSync(buildFile);
  const stamp = (
    JSON.parse(header.subarray(16, 16 + header.readUInt32LE(12)).toString()) as {
      stamp: { taskID: number };
    }
  ).stamp.taskID;
  const store = await openSearchStore({ dataDir });
  const lastTask = (await store.lastTask())?.taskID;
  await store.close();

  const second = await startSpawnedService(dataDir, port, env);
  await waitFor(
    () => outputOf(second).some((line) => line.startsWith('Indices loaded')),
    'the load line',
  );
  const loaded = outputOf(second).find((line) => line.startsWith('Indices loaded')) ?? '';
  if (stamp === lastTask) expect(loaded).toContain('from the persisted build');
  else {
    expect(stamp).toBeLessThan(lastTask ?? 0);
    expect(loaded).toContain('store read');
    expect(outputOf(second).join('\n')).toContain(
      `Persisted build not used (stale: it holds the writes up to task ${stamp}`,
    );
  }
  await expectAcknowledgedKept(port, attempted, acknowledgedAtKill, 50);
  signalService(second, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 150_000);
