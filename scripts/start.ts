/**
 * `npm start`: builds what is not built, starts the search service and the storefront, loads the sample
 * catalogue on first run (the storefront seeds its store and pushes the index), prints both URLs and the
 * keys, restarts either process when it crashes (`lib/supervisor.ts`; the other keeps running), and stops
 * both cleanly on Ctrl-C or SIGTERM. Each process's pid is in `<data dir>/<name>.pid` while it runs.
 */

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storefrontNodeFlags } from '../apps/storefront/node-flags.ts';
import { readStackConfig, type SearchServiceInfo, searchServiceInfoFile } from './lib/config.ts';
import { startService } from './lib/processes.ts';
import { ensureStorefrontBuild } from './lib/storefront-build.ts';
import { Supervisor } from './lib/supervisor.ts';

const config = readStackConfig();
const supervisors: Supervisor[] = [];
const supervisorPidFile = join(config.dataDir, 'vitrine.pid');
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nStopping Vitrine…');
    await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
    rmSync(supervisorPidFile, { force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

/**
 * glibc's allocator for the search service: every block above 128 kB (the engine's typed arrays) its own mapping,
 * returned to the system when freed, instead of a dynamic threshold up to 32 MB under which freed arrays stay in
 * the process (decision 0025: 160 MB less for the empty service, the released spare capacity actually leaves).
 * Ignored where the C library is not glibc; a value set by the operator wins.
 */
const searchAllocatorEnv = {
  GLIBC_TUNABLES: process.env['GLIBC_TUNABLES'] ?? 'glibc.malloc.mmap_threshold=131072',
};

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
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(supervisorPidFile, `${process.pid}\n`);
  const onCleanExit = () => void shutdown(0);
  const search = new Supervisor({
    name: 'search service',
    spawn: () =>
      startService('search', 'apps/search/src/main.ts', { ...env, ...searchAllocatorEnv }),
    healthUrl: `http://127.0.0.1:${config.searchPort}/1/health`,
    // 503 while it loads its indices (minutes for a large catalogue): the shop starts meanwhile, its pages say
    // search is unavailable and its index sync retries, rather than `npm start` giving up on a slow load.
    serving: (status) => status === 200 || status === 503,
    pidFile: join(config.dataDir, 'search-service.pid'),
    // Its clean stop writes the persisted build when the last quiet-time write missed a change: killed at 10 s
    // (a 1.25 GB build at 100,000 products on a loaded machine), its next start rebuilds for minutes instead.
    stopGraceMs: 180_000,
    crashLoopHint:
      'an error or "out of memory" printed with [search]; a request that crashes it (LOG_LEVEL=info logs ' +
      `each request); its store in ${config.databaseUrl ? 'DATABASE_URL' : join(config.dataDir, 'search')} ` +
      '(disk full, permissions). The shop keeps serving its pages meanwhile; searches say they are unavailable.',
    onCleanExit,
  });
  supervisors.push(search);
  await search.start(120_000);
  // The keys are kept in the search store: a restarted search service writes the same ones.
  const info = readServiceInfo(config.dataDir);
  const storefrontEnv = {
    ...env,
    VITRINE_APP_ID: info.appId,
    VITRINE_ADMIN_KEY: info.adminKey,
    VITRINE_SEARCH_KEY: info.searchKey,
  };
  const storefront = new Supervisor({
    name: 'storefront',
    spawn: () =>
      startService('storefront', 'apps/storefront/server.ts', storefrontEnv, storefrontNodeFlags),
    healthUrl: `http://127.0.0.1:${config.port}/api/health`,
    pidFile: join(config.dataDir, 'storefront.pid'),
    crashLoopHint:
      'an error or "out of memory" printed with [storefront]; its store in ' +
      `${config.databaseUrl ? 'DATABASE_URL' : join(config.dataDir, 'storefront')} (disk full, permissions); ` +
      'the build (delete apps/storefront/.next to rebuild it on the next start).',
    onCleanExit,
  });
  supervisors.unshift(storefront);
  await storefront.start(180_000);
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
      `  pids             ${config.dataDir}/{vitrine,search-service,storefront}.pid`,
      'A process that crashes is restarted ([supervisor] lines). Press Ctrl-C to stop.',
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
