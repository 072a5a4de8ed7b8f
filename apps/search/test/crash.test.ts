import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import { afterAll, expect, it } from 'vitest';
import { freshDataDir } from './support/fresh-store.ts';
import {
  spawnedHeaders as headers,
  killSpawnedServices,
  signalService,
  startSpawnedService,
  waitFor,
} from './support/spawned-service.ts';

/**
 * Spawns the real service, fires batches from several writers at once, kills it with SIGKILL mid-flight,
 * restarts it on the same data folder and checks that every batch acknowledged with a 2xx is there, and that
 * no batch was half applied. Run with one process, and with two search workers (SEARCH_PROCESSES=2: the
 * writes reach the owner through a worker, and the whole process group is killed).
 */
afterAll(killSpawnedServices);

const batchSize = 5;

async function writer(
  port: number,
  name: string,
  acknowledged: string[],
  attempted: string[],
): Promise<void> {
  for (let round = 0; ; round++) {
    const batch = `${name}-${round}`;
    attempted.push(batch);
    const requests = Array.from({ length: batchSize }, (_, position) => ({
      action: 'addObject',
      body: { objectID: `${batch}-${position}`, name: `record ${batch} ${position}`, writer: name },
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

it.each([1, 2])(
  'keeps every acknowledged write across a kill -9 (%i process(es) serving)',
  async (processes) => {
    const dataDir = await freshDataDir();
    const port = await freePort();
    const env = { SEARCH_PROCESSES: String(processes) };
    const first = await startSpawnedService(dataDir, port, env);
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    const writers = ['a', 'b', 'c', 'd'].map((name) => writer(port, name, acknowledged, attempted));
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    signalService(first, 'SIGKILL');
    await Promise.all(writers);
    const acknowledgedAtKill = [...acknowledged];
    expect(attempted.length).toBeGreaterThan(acknowledgedAtKill.length);

    const second = await startSpawnedService(dataDir, port, env);
    const ids = attempted.flatMap((batch) =>
      Array.from({ length: batchSize }, (_, position) => `${batch}-${position}`),
    );
    const response = await fetch(`http://127.0.0.1:${port}/1/indexes/*/objects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requests: ids.map((objectID) => ({ indexName: 'crash', objectID })) }),
    });
    const { results } = (await response.json()) as { results: ({ objectID: string } | null)[] };
    const present = new Set(results.flatMap((record) => (record ? [record.objectID] : [])));
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
