import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The real service as its own process (`apps/search/src/main.ts` through `npx tsx`), in a process group of its
 * own so that a test can signal it and every process under it (npx, node, the search workers) at once.
 */
export const spawnedAdminKey = 'spawned-test-admin-key-0000000000';
export const spawnedSearchKey = 'spawned-test-search-key-000000000';
export const spawnedHeaders = {
  'x-algolia-application-id': 'vitrine',
  'x-algolia-api-key': spawnedAdminKey,
};

const root = join(import.meta.dirname, '../../../..');
const running: ChildProcess[] = [];
const outputs = new WeakMap<ChildProcess, string[]>();

/** The lines a spawned service printed on its standard output so far (its start messages, its log). */
export function outputOf(child: ChildProcess): readonly string[] {
  return outputs.get(child) ?? [];
}

/** Starts the service on `port` over `dataDir` (PGlite) and resolves once its health says `ready`. */
export async function startSpawnedService(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'apps/search/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      VITRINE_DATA_DIR: dataDir,
      SEARCH_PORT: String(port),
      VITRINE_ADMIN_KEY: spawnedAdminKey,
      VITRINE_SEARCH_KEY: spawnedSearchKey,
      VITRINE_SEARCH_KEY_INDEXES: '*',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      ...env,
    },
  });
  running.push(child);
  const lines: string[] = [];
  outputs.set(child, lines);
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (health?.ok && ((await health.json()) as { status: string }).status === 'ready')
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The service did not become ready within 60 s');
}

/** Sends `signal` to the service's whole process group. */
export function signalService(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Kills every service a test file started (its `afterAll`). */
export function killSpawnedServices(): void {
  for (const child of running) signalService(child, 'SIGKILL');
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMS = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
