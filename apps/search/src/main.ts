/**
 * Starts the search service: reads the environment, opens the store, resolves the keys, listens, then loads the
 * indices (the service answers 503 until they are loaded). Writes `<dataDir>/search-service.json` so local
 * processes (storefront, import command) can find the URL and keys. Stops cleanly on SIGINT/SIGTERM.
 *
 * Environment: SEARCH_PORT (7070), SEARCH_HOST (127.0.0.1; 0.0.0.0 to listen on every interface),
 * VITRINE_DATA_DIR (.data), DATABASE_URL (PostgreSQL; PGlite when unset), VITRINE_APP_ID (vitrine),
 * VITRINE_ADMIN_KEY, VITRINE_SEARCH_KEY (else read from the store, else generated and stored),
 * VITRINE_SEARCH_KEY_INDEXES (index patterns of the search-only key, comma-separated; default `products*`,
 * `*` for every index), VITRINE_CORS_ORIGINS (comma-separated origins; default `*`), LOG_LEVEL (info),
 * SEARCH_PROCESSES (1; with N > 1 this process owns the store and every write, and N forked search workers
 * share the port, each with its own copy of the indices: cluster/search-workers.ts, decision 0009),
 * SEARCH_WORKER_ACK_TIMEOUT_MS (10000: a worker that has not applied a write by then is replaced),
 * SEARCH_CACHE_ENTRIES (10000 answers kept by the search cache, per process; 0 turns it off),
 * SEARCH_PERSISTED_BUILD (`off` turns off the persisted build of the indices in `<dataDir>/search-build`, with
 * PGlite and PostgreSQL alike: decision 0016), SEARCH_PERSISTED_BUILD_QUIET_MS (10000: quiet time after the last
 * write before it is written).
 */
import cluster from 'node:cluster';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FolderLockedError } from '@vitrine/database';
import type { WorkerConfig } from './cluster/messages.ts';
import { runSearchWorker } from './cluster/search-worker.ts';
import { SearchWorkers } from './cluster/search-workers.ts';
import { resolveServiceKeys } from './http/auth/service-keys.ts';
import { type AppDependencies, buildApp } from './http/build-app.ts';
import { defaultLimits } from './http/route-context.ts';
import type { LoadTimings } from './indices/search-service.ts';
import { openSearchStore } from './store/open-search-store.ts';

const env = process.env;
const port = Number(env['SEARCH_PORT'] ?? 7070);
const host = env['SEARCH_HOST'] ?? '127.0.0.1';
const dataDir = resolve(env['VITRINE_DATA_DIR'] ?? '.data');
const appId = env['VITRINE_APP_ID'] ?? 'vitrine';
const searchKeyIndexes = listFromEnv(env['VITRINE_SEARCH_KEY_INDEXES'] ?? 'products*');
const corsOrigins = env['VITRINE_CORS_ORIGINS'] ? listFromEnv(env['VITRINE_CORS_ORIGINS']) : '*';
const logLevel = env['LOG_LEVEL'] ?? 'info';

function listFromEnv(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item !== '*');
}

/** A whole number from the environment within `[min, max]` (`fallback` when unset); anything else stops the start. */
function wholeNumberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
  console.error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  process.exit(1);
}

/** `QUERY_SUGGESTIONS_REBUILD_MINUTES` (default 60): how old a suggestions index gets before it is built again. */
function suggestionsRebuildMS(): number {
  return wholeNumberFromEnv('QUERY_SUGGESTIONS_REBUILD_MINUTES', 60, 1, 10_080) * 60_000;
}

/** Where the persisted build of the indices lives (decision 0016): the data folder, with PGlite and PostgreSQL. */
function persistedBuild(): Pick<AppDependencies, 'buildSnapshot'> {
  if (env['SEARCH_PERSISTED_BUILD'] === 'off') return {};
  const quietMS = wholeNumberFromEnv('SEARCH_PERSISTED_BUILD_QUIET_MS', 10_000, 0, 86_400_000);
  return { buildSnapshot: { directory: join(dataDir, 'search-build'), quietMS } };
}

/**
 * A supervisor that exits first (npx on a signal to the process group) closes the standard output: writing the last
 * log lines then fails (EPIPE), which must not end the clean stop (persisted build, store) half-way.
 */
function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

async function main(): Promise<void> {
  const processes = wholeNumberFromEnv('SEARCH_PROCESSES', 1, 1, 64);
  const acknowledgeTimeoutMS = wholeNumberFromEnv(
    'SEARCH_WORKER_ACK_TIMEOUT_MS',
    10_000,
    1,
    3_600_000,
  );
  const searchCacheEntries = wholeNumberFromEnv(
    'SEARCH_CACHE_ENTRIES',
    defaultLimits.searchCacheEntries,
    0,
    1_000_000,
  );
  const store = await openSearchStore({
    dataDir,
    databaseUrl: env['DATABASE_URL'] || undefined,
  }).catch((error: unknown) => {
    if (error instanceof FolderLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const keys = await resolveServiceKeys(store, {
    adminKey: env['VITRINE_ADMIN_KEY'] || undefined,
    searchKey: env['VITRINE_SEARCH_KEY'] || undefined,
  });
  const app = await buildApp({
    store,
    keys: { appId, ...keys, searchKeyIndexes },
    corsOrigins,
    logger: { level: logLevel },
    limits: { searchCacheEntries },
    suggestionsRebuildMS: suggestionsRebuildMS(),
    ...persistedBuild(),
  });
  const infoFile = join(dataDir, 'search-service.json');
  const announce = (address: string) => {
    const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(infoFile, JSON.stringify({ url, appId, ...keys }, null, 2), { mode: 0o600 });
    chmodSync(infoFile, 0o600);
    const serving = processes > 1 ? `, ${processes} search workers` : '';
    console.log(`Vitrine search service listening on ${address} (store: ${store.kind}${serving})`);
    console.log(`  app id:         ${appId}`);
    console.log(`  admin key:      ${keys.adminKey}`);
    console.log(`  search key:     ${keys.searchKey}`);
    console.log(`  details in:     ${infoFile}`);
  };
  const config: WorkerConfig = {
    port,
    host,
    appId,
    ...keys,
    searchKeyIndexes,
    corsOrigins,
    logLevel,
    searchCacheEntries,
  };
  const workers =
    processes > 1
      ? new SearchWorkers({
          app,
          store,
          count: processes,
          config,
          onListening: announce,
          acknowledgeTimeoutMS,
        })
      : undefined;
  if (!workers) announce(await app.listen({ port, host }));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping the search service`);
    try {
      await workers?.stop();
      await app.close();
      await store.close();
      rmSync(infoFile, { force: true });
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.vitrine.ready;
  console.log(loadedMessage(app.vitrine.service.loadTimings));
}

/** What the start spent reading the store and building the indices (the restart time an operator waits). */
function loadedMessage(timings: LoadTimings | undefined): string {
  if (!timings) return 'Indices loaded: ready';
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (timings.source === 'build')
    return `Indices loaded: ready (${timings.records} records from the persisted build in ${seconds(timings.storeMS + timings.buildMS)})`;
  return `Indices loaded: ready (${timings.records} records: store read ${seconds(timings.storeMS)}, indices built ${seconds(timings.buildMS)})`;
}

ignoreClosedOutput();
const run = cluster.isWorker
  ? runSearchWorker(JSON.parse(env['VITRINE_WORKER_CONFIG'] ?? '{}') as WorkerConfig)
  : main();
run.catch((error: unknown) => {
  console.error('The search service could not start:', error);
  process.exit(1);
});
