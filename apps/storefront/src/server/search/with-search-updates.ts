import type { CommerceStore } from '../store/commerce-store.ts';
import type { SearchSync } from './search-sync.ts';

/**
 * The store as pages and API routes use it: an order placed through it sends the stock it took to the
 * search index at once (the order gave its products a new revision; the sync sends their `inStock` as a
 * partial update), without making the shopper wait for it. Should the process stop first, the next start's
 * sync sends it.
 */
export function withSearchUpdates(
  store: CommerceStore,
  searchSync: Pick<SearchSync, 'requestSync'>,
): CommerceStore {
  return {
    ...store,
    placeOrder: async (order) => {
      const outcome = await store.placeOrder(order);
      if (outcome.status === 'placed') void searchSync.requestSync();
      return outcome;
    },
  };
}
