/**
 * Starts the search service: reads the environment, opens the store, resolves the keys, listens, then loads the
 * indices (the service answers 503 until they are loaded). Writes `<dataDir>/search-service.json` so local
 * processes (storefront, import command) can find the URL and keys. Stops cleanly on SIGINT/SIGTERM.
 *
 * Environment: SEARCH_PORT (7070), SEARCH_HOST (127.0.0.1; 0.0.0.0 to listen on every interface),
 * VITRINE_DATA_DIR (.data), DATABASE_URL (PostgreSQL; PGlite when unset), VITRINE_APP_ID (vitrine),
 * VITRINE_ADMIN_KEY, VITRINE_SEARCH_KEY (else read from the store, else generated and stored),
 * VITRINE_SEARCH_KEY_INDEXES (index patterns of the search-only key, comma-separated; default `products*`,
 * `*` for every index), VITRINE_CORS_ORIGINS (comma-separated origins; default `*`), LOG_LEVEL (info).
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FolderLockedError } from '@vitrine/database';
import { resolveServiceKeys } from './http/auth/service-keys.ts';
import { buildApp } from './http/build-app.ts';
import { openSearchStore } from './store/open-search-store.ts';

const env = process.env;
const port = Number(env['SEARCH_PORT'] ?? 7070);
const host = env['SEARCH_HOST'] ?? '127.0.0.1';
const dataDir = resolve(env['VITRINE_DATA_DIR'] ?? '.data');
const appId = env['VITRINE_APP_ID'] ?? 'vitrine';
const searchKeyIndexes = listFromEnv(env['VITRINE_SEARCH_KEY_INDEXES'] ?? 'products*');
const corsOrigins = env['VITRINE_CORS_ORIGINS'] ? listFromEnv(env['VITRINE_CORS_ORIGINS']) : '*';

function listFromEnv(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item !== '*');
}

async function main(): Promise<void> {
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
    logger: { level: env['LOG_LEVEL'] ?? 'info' },
  });
  const address = await app.listen({ port, host });
  const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  const infoFile = join(dataDir, 'search-service.json');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(infoFile, JSON.stringify({ url, appId, ...keys }, null, 2), { mode: 0o600 });
  chmodSync(infoFile, 0o600);
  console.log(`Vitrine search service listening on ${address} (store: ${store.kind})`);
  console.log(`  app id:         ${appId}`);
  console.log(`  admin key:      ${keys.adminKey}`);
  console.log(`  search key:     ${keys.searchKey}`);
  console.log(`  details in:     ${infoFile}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping the search service`);
    try {
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
  console.log('Indices loaded: ready');
}

main().catch((error: unknown) => {
  console.error('The search service could not start:', error);
  process.exit(1);
});
