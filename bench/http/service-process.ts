/**
 * Starts the real search service in its own process (so the load generator's CPU is measured apart), on a
 * fresh PGlite folder and a free port, and loads the catalogue through the HTTP API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import type { BenchProduct } from './catalogue.ts';

export const benchKeys = {
  appId: 'vitrine',
  adminKey: 'bench-admin-key-0000000000000000',
  searchKey: 'bench-search-key-000000000000000',
};

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** CPU time (user + system) the service's processes (owner and search workers) have used so far, in ms (Linux `/proc`). */
  cpuMS(): number;
  /** Resident memory of the service's processes together, in MB (Linux `/proc`). */
  rssMB(): number;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** Listen there (else on a free ephemeral port). */
  readonly port?: number | undefined;
  /** Write a V8 CPU profile of the service into this folder when it stops (`node --cpu-prof`). */
  readonly cpuProfileDir?: string | undefined;
  /** Extra environment for the service (e.g. `SEARCH_WORKERS`). */
  readonly env?: Readonly<Record<string, string>> | undefined;
  /** Use (and keep on stop) this data folder instead of a fresh temporary one: a restart reopens it. */
  readonly dataDir?: string | undefined;
  /** Return as soon as `/health` answers at all (503 while loading) instead of once it is ready. */
  readonly untilListening?: boolean | undefined;
  /** Sees every line the service prints on its standard output (with `LOG_LEVEL` in `env`: its log). */
  readonly onOutput?: ((line: string) => void) | undefined;
  /** Extra Node options before the entry point (e.g. `--expose-gc`, `--import <probe>`, V8 flags). */
  readonly nodeArgs?: readonly string[] | undefined;
}

export async function startService(
  root: string,
  options: ServiceOptions = {},
): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const profileArgs = options.cpuProfileDir
    ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir]
    : [];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vitrine-bench-http-'));
  const child = spawn(
    process.execPath,
    [...profileArgs, ...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/search/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        VITRINE_DATA_DIR: dataDir,
        SEARCH_PORT: String(port),
        VITRINE_ADMIN_KEY: benchKeys.adminKey,
        VITRINE_SEARCH_KEY: benchKeys.searchKey,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // As `npm start` runs it (scripts/start.ts, decision 0025); the bench's own environment wins.
        GLIBC_TUNABLES: process.env['GLIBC_TUNABLES'] ?? 'glibc.malloc.mmap_threshold=131072',
        ...options.env,
      },
    },
  );
  // Its start-up summary (what loading the indices cost) goes to the bench's stderr; the rest is dropped.
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.startsWith('Indices loaded')) console.error(`  service: ${line}`);
      options.onOutput?.(line);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/health`).then(
      (response) => response.ok || options.untilListening === true,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('The search service did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ticksPerSecond = 100;
  const processes = () => [child.pid ?? 0, ...childrenOf(child.pid ?? 0)];
  return {
    url,
    child,
    cpuMS: () =>
      processes().reduce((sum, pid) => {
        const fields = statFields(pid);
        return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
      }, 0),
    rssMB: () =>
      processes().reduce((sum, pid) => {
        const status = readProc(pid, 'status');
        return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      }, 0),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** `/proc/<pid>/stat` fields after the command name (index 0 = state, 1 = parent pid, 11/12 = user/system ticks). */
function statFields(pid: number): string[] {
  return readProc(pid, 'stat').split(') ')[1]?.split(' ') ?? [];
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return ''; // gone meanwhile
  }
}

/** The live child processes of `pid` (the search workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => Number(statFields(candidate)[1]) === pid);
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
