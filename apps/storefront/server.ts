/**
 * The storefront process: `tsx server.ts` (production build, run `next build` first) or `tsx server.ts --dev`.
 * It owns the storefront store, seeds it, keeps the search index in sync, and serves Next's pages.
 * Configuration: see `readStorefrontConfig` in src/server/config.ts.
 */
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import next from 'next';
import { readStorefrontConfig, type StorefrontConfig } from './src/server/config.ts';
import { searchConnectOrigins } from './src/server/http/security-headers.ts';
import { createStorefrontListener } from './src/server/http/storefront-listener.ts';
import { startStorefront } from './src/server/start-storefront.ts';

const appDir = dirname(fileURLToPath(import.meta.url));
const logger = console;

/** Stops the process on a start-up failure; a configuration or lock problem needs no stack trace. */
function fail(error: unknown): never {
  const known = error instanceof Error && ['FolderLockedError', 'ConfigError'].includes(error.name);
  if (known) logger.error(error.message);
  else logger.error('The storefront could not start', error);
  process.exit(1);
}

function readConfig(): StorefrontConfig {
  try {
    return readStorefrontConfig(process.env, process.argv.slice(2), resolve(appDir, '../..'));
  } catch (error) {
    return fail(error);
  }
}

const config = readConfig();
// The index sync starts once pages are served (searches meanwhile use the index as it was).
let listening: () => void = () => {};
const firstSyncAfter = new Promise<void>((resolve) => {
  listening = resolve;
});
const storefront = await startStorefront({
  config,
  logger,
  loadSample: loadLumaSample,
  firstSyncAfter,
}).catch(fail);
const app = next({
  dev: config.dev,
  dir: appDir,
  hostname: config.hostname ?? 'localhost',
  port: config.port,
});
await app.prepare().catch(async (error: unknown) => {
  await storefront.close();
  const hint = config.dev
    ? 'in development mode'
    : ': build the storefront first (`npm run build`), or pass --dev';
  fail(new Error(`Could not start Next.js ${hint}`, { cause: error }));
});

const server = createServer(
  createStorefrontListener(
    {
      handle: app.getRequestHandler(),
      renderNotFound: (request, response) => app.render404(request, response),
    },
    logger,
    {
      dev: config.dev,
      connectOrigins: () => searchConnectOrigins(storefront.runtime.publicConfig()),
    },
  ),
);
server.listen(config.port, config.hostname, () => {
  logger.info(
    `Storefront ready on http://${config.hostname ?? 'localhost'}:${config.port} ` +
      `(${config.dev ? 'development' : 'production'}, ${storefront.runtime.store.kind} store in ${config.dataDir})`,
  );
  logger.info(
    `Merchant analytics on http://${config.hostname ?? 'localhost'}:${config.port}/admin/analytics ` +
      `(password ${storefront.merchantPasswordSource})`,
  );
  listening();
});

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  logger.info(`${signal} received: closing the storefront.`);
  server.close();
  server.closeAllConnections();
  try {
    await app.close();
  } finally {
    await storefront.close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('The storefront did not close cleanly', error);
        process.exit(1);
      },
    );
  });
}
