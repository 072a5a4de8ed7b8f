/**
 * `npm start`: builds what is not built, starts the search service and the storefront, loads the sample
 * catalogue on first run (the storefront seeds its store and pushes the index), prints both URLs and the
 * keys, and stops both cleanly on Ctrl-C.
 */

import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readStackConfig, type SearchServiceInfo, searchServiceInfoFile } from './lib/config.ts';
import { startService, stopProcess, waitForHttp } from './lib/processes.ts';
import { ensureStorefrontBuild } from './lib/storefront-build.ts';

const config = readStackConfig();
const children: ChildProcess[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nStopping Vitrine…');
    await Promise.all(children.reverse().map((child) => stopProcess(child)));
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await ensureStorefrontBuild();
  const env = {
    SEARCH_PORT: String(config.searchPort),
    PORT: String(config.port),
    VITRINE_DATA_DIR: config.dataDir,
    SEARCH_URL: config.searchUrl,
    PUBLIC_SEARCH_URL: config.publicSearchUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    // Request logs stay quiet in the terminal unless asked for (LOG_LEVEL=info).
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
  };
  const search = startService('search', 'apps/search/src/main.ts', env);
  children.push(search);
  search.once('exit', (code) => !stopping && void shutdown(code ?? 1));
  await waitForHttp(`http://127.0.0.1:${config.searchPort}/1/health`, search, 120_000);
  const info = readServiceInfo(config.dataDir);
  const storefront = startService('storefront', 'apps/storefront/server.ts', {
    ...env,
    VITRINE_APP_ID: info.appId,
    VITRINE_ADMIN_KEY: info.adminKey,
    VITRINE_SEARCH_KEY: info.searchKey,
  });
  children.push(storefront);
  storefront.once('exit', (code) => !stopping && void shutdown(code ?? 1));
  await waitForHttp(`http://127.0.0.1:${config.port}/api/health`, storefront, 180_000);
  console.log(
    [
      '',
      'Vitrine is running:',
      `  storefront       http://localhost:${config.port}  (French: http://localhost:${config.port}/fr)`,
      `  search service   http://localhost:${config.searchPort}`,
      `  application id   ${info.appId}`,
      `  search-only key  ${info.searchKey}`,
      `  admin key        ${info.adminKey}  (server-side only)`,
      `  data             ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`,
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
} catch (error) {
  console.error(
    `Vitrine could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  await shutdown(1);
}

function readServiceInfo(dataDir: string): SearchServiceInfo {
  const file = searchServiceInfoFile(dataDir);
  if (!existsSync(file)) throw new Error(`the search service did not write ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as SearchServiceInfo;
}
