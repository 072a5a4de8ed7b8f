import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storefrontNodeFlags } from '../../node-flags.ts';

/**
 * The real storefront process (`apps/storefront/server.ts`: Next's production server around the commerce
 * store), started the way `npm start` starts it, for tests that must kill it. It runs without a search
 * service: the storefront keeps selling while its index sync waits in the background.
 */
export interface StorefrontProcess {
  readonly url: string;
  /** The process id (its memory is in `/proc/<pid>/status`). */
  readonly pid: number;
  /** `kill -9`, then waits until the process is gone (and reaped, so no zombie holds the folder lock). */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop that releases the store) and waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** What the process printed, for failure messages. */
  output(): string;
}

export interface StorefrontProcessOptions {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly port: number;
  /** The production build folder under apps/storefront (`VITRINE_NEXT_DIST_DIR`). */
  readonly distDir: string;
  /** A running search service (test/support/search-service.ts) to sync the catalogue to and search; none by default. */
  readonly search?: { readonly url: string; readonly adminKey: string; readonly searchKey: string };
  /** `MERCHANT_PASSWORD`; generated in the data folder when unset. */
  readonly merchantPassword?: string;
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const readyTimeoutMs = 90_000;
/** Variables of the surrounding shell that would point the process at a search service or another store. */
const inherited = [
  'SEARCH_URL',
  'PUBLIC_SEARCH_URL',
  'VITRINE_ADMIN_KEY',
  'VITRINE_SEARCH_KEY',
  'ALGOLIA_APP_ID',
  'ALGOLIA_SEARCH_KEY',
  'ALGOLIA_ADMIN_KEY',
  'PUBLIC_URL',
];

/** Starts `server.ts` and resolves once `/api/health` answers (the store is open and Next is ready). */
export async function startStorefrontProcess(
  options: StorefrontProcessOptions,
): Promise<StorefrontProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of inherited) delete env[name];
  const child = spawn(
    process.execPath,
    [...storefrontNodeFlags, '--import', 'tsx', 'apps/storefront/server.ts'],
    {
      cwd: repoRoot,
      env: {
        ...env,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        VITRINE_DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        VITRINE_NEXT_DIST_DIR: options.distDir,
        NEXT_TELEMETRY_DISABLED: '1',
        ...(options.search
          ? {
              SEARCH_URL: options.search.url,
              VITRINE_ADMIN_KEY: options.search.adminKey,
              VITRINE_SEARCH_KEY: options.search.searchKey,
            }
          : {}),
        ...(options.merchantPassword ? { MERCHANT_PASSWORD: options.merchantPassword } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString('utf8')).slice(-20_000);
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${options.port}`;
  const handle: StorefrontProcess = {
    url,
    pid: child.pid ?? 0,
    kill: async () => {
      signal(child, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      signal(child, 'SIGTERM');
      return exited;
    },
    output: () => printed,
  };
  try {
    await waitUntilHealthy(url, child);
  } catch (error) {
    await handle.kill();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${printed}`);
  }
  return handle;
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The storefront exited during start-up (${child.signalCode ?? child.exitCode})`,
      );
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `The storefront did not answer ${url}/api/health within ${readyTimeoutMs / 1000} s`,
  );
}

/**
 * The build folder the tests that start the real storefront share (the crash test's, which came first): one
 * build per source change for every such test file.
 */
export const sharedTestBuild = '.next-crash';

/**
 * Builds the storefront into `distDir` unless that build is up to date, with `npm start`'s own check
 * (scripts/lib/storefront-build.ts: a fingerprint of the sources), run in a child process as `npm start` does.
 * Test files run in parallel: a lock folder next to the build makes the second wait for the first's build
 * (and then find it up to date) instead of building into the same folder at the same time.
 */
export async function ensureProductionBuild(distDir: string): Promise<void> {
  const lock = join(repoRoot, 'apps/storefront', `${distDir}.lock`);
  const deadline = Date.now() + buildLockTimeoutMs;
  while (!tryMkdir(lock)) {
    if (Date.now() > deadline) throw new Error(`${lock} is still held: remove it if no build runs`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    await buildUnlessCurrent(distDir);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const buildLockTimeoutMs = 600_000;

function tryMkdir(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function buildUnlessCurrent(distDir: string): Promise<void> {
  const script =
    "import { ensureStorefrontBuild } from './scripts/lib/storefront-build.ts'; await ensureStorefrontBuild();";
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', VITRINE_NEXT_DIST_DIR: distDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`Building the storefront into ${distDir} failed (${signal ?? code})`)),
    );
  });
}
