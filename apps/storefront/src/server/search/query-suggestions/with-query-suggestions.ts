/**
 * Keeps the Query Suggestions seeds and configurations in step with the catalogue, riding on the index sync:
 * after a successful sync, once the catalogue's categories or size changed since the last set-up (an import, or
 * a first start), the seeds are counted again and pushed and the configurations created or updated
 * (set-up-query-suggestions.ts); the sync's outcome is answered once that is done, so an import answers with
 * its suggestions seeded. A failure is logged, never thrown: the sync's outcome is the same, and the set-up is
 * tried again after the next sync. On hosted Algolia it is left to the merchant's dashboard.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '../../logging/logger.ts';
import type { CommerceStore } from '../../store/commerce-store.ts';
import type { SearchAccess } from '../search-access.ts';
import { createSearchAdminClient, searchHosts } from '../search-admin-client.ts';
import type { SearchSync } from '../search-sync.ts';
import { setUpQuerySuggestions } from './set-up-query-suggestions.ts';
import { suggestionsConfig } from './suggestions-configs.ts';

export interface QuerySuggestionsSetupOptions {
  readonly store: Pick<CommerceStore, 'readProductNames' | 'listCategories' | 'countProducts'>;
  readonly readAccess: () => SearchAccess;
  readonly logger: Logger;
}

/** The same sync, followed (in the background) by the seeds and configurations when the catalogue changed. */
export function withQuerySuggestions(
  sync: SearchSync,
  options: QuerySuggestionsSetupOptions,
): SearchSync {
  let setUpFor: string | undefined;
  let running: Promise<void> = Promise.resolve();
  const refresh = async () => {
    const access = options.readAccess();
    if (access.url === null || access.adminKey === undefined) return;
    const fingerprint = await catalogueFingerprint(options.store);
    if (fingerprint === setUpFor) return;
    const search = createSearchAdminClient({
      url: access.url,
      appId: access.appId,
      adminKey: access.adminKey,
    });
    const suggestions = search.initQuerySuggestions({
      region: 'eu',
      options: { hosts: searchHosts(access.url).map((host) => ({ ...host })) },
    });
    const result = await setUpQuerySuggestions(search, suggestions, options.store, fingerprint);
    setUpFor = fingerprint;
    if (result.status === 'set up')
      options.logger.info(
        `Query suggestions set up on ${access.url}: ${result.seeds.en} English and ${result.seeds.fr} French ` +
          'catalogue seeds.',
      );
  };
  const afterSync = () => {
    running = running
      .then(refresh)
      .catch((error: unknown) =>
        options.logger.warn(
          `Could not set up the query suggestions: ${error instanceof Error ? error.message : String(error)}. ` +
            'Tried again after the next index sync.',
        ),
      );
  };
  return {
    ...sync,
    requestSync: async (request) => {
      const outcome = await sync.requestSync(request);
      if (outcome.status !== 'pending') {
        afterSync();
        await running;
      }
      return outcome;
    },
    stop: async () => {
      await sync.stop();
      await running;
    },
  };
}

/**
 * Changes with an import (categories, their counts, the product count) or a new version of the configurations,
 * not with an order's stock.
 */
async function catalogueFingerprint(store: QuerySuggestionsSetupOptions['store']): Promise<string> {
  const categories = await store.listCategories();
  const summary = JSON.stringify([
    await store.countProducts(),
    categories.map((category) => [category.path, category.productCount]),
    suggestionsConfig('en'),
    suggestionsConfig('fr'),
  ]);
  return createHash('sha256').update(summary).digest('hex');
}
