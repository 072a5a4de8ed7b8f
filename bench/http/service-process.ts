/**
 * Starts the real search service in its own process (so the load generator's CPU is measured apart), on a
 * fresh PGlite folder and a free port, and loads the catalogue through the HTTP API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchProduct } from './catalogue.ts';

export const benchKeys = {
  appId: 'vitrine',
  adminKey: 'bench-admin-key-0000000000000000',
  searchKey: 'bench-search-key-000000000000000',
};

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** CPU time (user + system) the service process has used so far, in ms (Linux `/proc`). */
  cpuMS(): number;
  /** Resident memory of the service process, in MB (Linux `/proc`). */
  rssMB(): number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServiceOptions {
  /** Listen there (else on a free ephemeral port). */
  readonly port?: number | undefined;
  /** Write a V8 CPU profile of the service into this folder when it stops (`node --cpu-prof`). */
  readonly cpuProfileDir?: string | undefined;
  /** Extra environment for the service (e.g. `SEARCH_WORKERS`). */
  readonly env?: Readonly<Record<string, string>> | undefined;
}

export async function startService(
  root: string,
  options: ServiceOptions = {},
): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const profileArgs = options.cpuProfileDir
    ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir]
    : [];
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-http-'));
  const child = spawn(
    process.execPath,
    [...profileArgs, '--import', 'tsx', 'apps/search/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITRINE_DATA_DIR: dataDir,
        SEARCH_PORT: String(port),
        VITRINE_ADMIN_KEY: benchKeys.adminKey,
        VITRINE_SEARCH_KEY: benchKeys.searchKey,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('The search service did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ticksPerSecond = 100;
  return {
    url,
    child,
    cpuMS: () => {
      const fields =
        readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    },
    rssMB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function send(url: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: {
      'x-algolia-application-id': benchKeys.appId,
      'x-algolia-api-key': benchKeys.adminKey,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
}

/** Sets the settings and indexes the records in batches of 1,000. */
export async function loadCatalogue(
  service: ServiceProcess,
  settings: Record<string, unknown>,
  products: readonly BenchProduct[],
): Promise<void> {
  await send(`${service.url}/1/indexes/products/settings`, 'PUT', settings);
  for (let start = 0; start < products.length; start += 1000) {
    const requests = products
      .slice(start, start + 1000)
      .map((body) => ({ action: 'addObject', body }));
    await send(`${service.url}/1/indexes/products/batch`, 'POST', { requests });
  }
}
