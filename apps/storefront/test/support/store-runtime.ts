import type { PublicConfig } from '../../src/lib/site/public-config.ts';
import { installRuntime } from '../../src/server/runtime.ts';
import type { CommerceStore } from '../../src/server/store/commerce-store.ts';

/** Installs the runtime the pages' data functions read: `store`, with no import and no search sync. */
export function installStoreRuntime(
  store: CommerceStore,
  config: () => PublicConfig,
  publicOrigin = 'http://shop.test',
): void {
  installRuntime({
    store,
    publicConfig: config,
    serverSearchConfig: config,
    adminKey: () => undefined,
    publicOrigin,
    importCatalogue: () => Promise.reject(new Error('not in this test')),
    searchStatus: () => undefined,
  });
}
