import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freshDataDir } from './support/fresh-store.ts';

/**
 * Spawns the real service, fires batches from several writers at once, kills it with SIGKILL mid-flight,
 * restarts it on the same data folder and checks that every batch acknowledged with a 2xx is there, and that
 * no batch was half applied.
 */
const adminKey = 'crash-test-admin-key-000000000000';
const root = join(import.meta.dirname, '../../..');
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) stop(child, 'SIGKILL');
});

function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  // `npx tsx` runs node in child processes: signal the whole process group we created.
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startService(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'apps/search/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITRINE_DATA_DIR: dataDir,
      SEARCH_PORT: String(port),
      VITRINE_ADMIN_KEY: adminKey,
      VITRINE_SEARCH_KEY: 'crash-test-search-key-00000000000',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
    },
  });
  running.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (health?.ok && ((await health.json()) as { status: string }).status === 'ready')
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The service did not become ready within 60 s');
}

const headers = { 'x-algolia-application-id': 'vitrine', 'x-algolia-api-key': adminKey };
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

it('keeps every acknowledged write across a kill -9', async () => {
  const dataDir = await freshDataDir();
  const port = await freePort();
  const first = await startService(dataDir, port);
  const acknowledged: string[] = [];
  const attempted: string[] = [];
  const writers = ['a', 'b', 'c', 'd'].map((name) => writer(port, name, acknowledged, attempted));
  while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
  stop(first, 'SIGKILL');
  await Promise.all(writers);
  const acknowledgedAtKill = [...acknowledged];
  expect(attempted.length).toBeGreaterThan(acknowledgedAtKill.length);

  const second = await startService(dataDir, await freePort().then(() => port));
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
  stop(second, 'SIGTERM');
  await exited;
  await waitFor(() => !existsSync(join(dataDir, 'search', 'vitrine.lock')));
  expect(existsSync(join(dataDir, 'search-service.json'))).toBe(false);
  rmSync(dataDir, { recursive: true, force: true });
}, 150_000);

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a clean shutdown');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
