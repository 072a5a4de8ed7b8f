import { buildApp } from '../http/build-app.ts';
import type { WorkerConfig } from './messages.ts';
import { OwnerLink } from './owner-link.ts';

/**
 * Runs one search worker (a `cluster` worker forked by the owner, see search-workers.ts): loads the indices
 * from the owner's snapshot, listens on the shared port, answers searches and object reads from its own copy
 * of the indices and forwards every other request to the owner. Leaves when the owner goes.
 */
export async function runSearchWorker(config: WorkerConfig): Promise<void> {
  const link = new OwnerLink();
  process.on('disconnect', () => process.exit(0));
  const app = await buildApp({
    store: link.store,
    keys: {
      appId: config.appId,
      adminKey: config.adminKey,
      searchKey: config.searchKey,
      searchKeyIndexes: config.searchKeyIndexes,
    },
    corsOrigins: config.corsOrigins,
    logger: { level: config.logLevel },
    limits: { searchCacheEntries: config.searchCacheEntries },
    worker: { forward: link.forward, follow: link.follow },
  });
  link.onStop(() => {
    // Flushes this worker's search log to the owner before leaving.
    void app.close().finally(() => process.exit(0));
  });
  if (config.listenWhenReady) await app.vitrine.ready;
  const address = await app.listen({ port: config.port, host: config.host });
  link.send({ type: 'listening', address });
}
