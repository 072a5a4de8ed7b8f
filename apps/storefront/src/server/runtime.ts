import type { PublicConfig } from '../lib/site/public-config.ts';
import type {
  CatalogueSource,
  ImportOptions,
  ImportOutcome,
} from './catalogue/import-catalogue.ts';
import type { SearchSyncOutcome } from './search/search-sync.ts';
import type { CommerceStore } from './store/commerce-store.ts';

/**
 * What server.ts opened, for pages and API routes of the same process. Next bundles those separately from
 * server.ts's own modules, so a module-level variable would exist twice: the runtime lives on `globalThis`
 * under a registered symbol instead, and only types cross between the two module graphs.
 */
export interface StorefrontRuntime {
  readonly store: CommerceStore;
  /** Search access for browsers, read at request time. */
  readonly publicConfig: () => PublicConfig;
  /**
   * The same for this server's own searches (server-side rendering): the search service's server-to-server
   * address (`SEARCH_URL`) instead of the public one.
   */
  readonly serverSearchConfig: () => PublicConfig;
  /** The key `POST /api/admin/import` requires; `undefined` when none is configured yet. */
  readonly adminKey: () => string | undefined;
  /** `PUBLIC_URL`, when set. */
  readonly publicOrigin: string | undefined;
  readonly importCatalogue: (
    source: CatalogueSource,
    options: ImportOptions,
  ) => Promise<ImportOutcome>;
  readonly searchStatus: () => SearchSyncOutcome | undefined;
}

const runtimeKey = Symbol.for('vitrine.storefront.runtime');

interface RuntimeHolder {
  [runtimeKey]?: StorefrontRuntime | undefined;
}

export function installRuntime(runtime: StorefrontRuntime): void {
  (globalThis as RuntimeHolder)[runtimeKey] = runtime;
}

export function uninstallRuntime(): void {
  (globalThis as RuntimeHolder)[runtimeKey] = undefined;
}

/** @throws when the storefront was not started by server.ts (e.g. with plain `next dev`). */
export function getRuntime(): StorefrontRuntime {
  const runtime = (globalThis as RuntimeHolder)[runtimeKey];
  if (!runtime) {
    throw new Error(
      'The storefront runtime is not started: run the storefront with `tsx apps/storefront/server.ts` ' +
        '(npm start, or `--dev`), not with `next dev`/`next start`.',
    );
  }
  return runtime;
}
