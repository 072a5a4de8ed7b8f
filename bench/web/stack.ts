import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A storefront to measure: one given by `--url`, or the whole stack started for the run. */
export interface Storefront {
  readonly url: string;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '../..');

/**
 * Starts `scripts/start.ts` (which builds the storefront when its sources changed) on its own ports, its own
 * build folder (`.next-bench-<port>`, so that a storefront served from `.next` is never rebuilt under it) and a
 * fresh data folder, and waits until the catalogue is searchable.
 */
export async function startStorefront(port: number, searchPort: number): Promise<Storefront> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SEARCH_PORT: String(searchPort),
      VITRINE_DATA_DIR: dataDir,
      VITRINE_NEXT_DIST_DIR: `.next-bench-${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  await waitUntil(child, 600_000, async () => (await fetch(`${url}/api/health`)).ok);
  await waitUntil(child, 180_000, async () => {
    const { appId, searchKey } = JSON.parse(
      readFileSync(join(dataDir, 'search-service.json'), 'utf8'),
    ) as { appId: string; searchKey: string };
    const response = await fetch(`http://localhost:${searchPort}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
      body: JSON.stringify({ requests: [{ indexName: 'products', hitsPerPage: 0 }] }),
    });
    const body = (await response.json()) as { results?: { nbHits?: number }[] };
    return (body.results?.[0]?.nbHits ?? 0) > 0;
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntil(
  child: ChildProcess,
  timeoutMs: number,
  ready: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack exited with code ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the stack was not ready after ${Math.round(timeoutMs / 1000)} s`);
}
