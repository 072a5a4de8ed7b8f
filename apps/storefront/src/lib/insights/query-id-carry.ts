/**
 * How the search that led to a product (its Insights `queryID`) travels from the hit to the product page.
 *
 * Chosen: the tab's session storage, keyed by product id, written when a hit is clicked. Not a `?queryID=`
 * parameter, because a parameter would be copied with the link: a shared or bookmarked address would
 * attribute someone else's purchases to an old search, and every search would make a new address for the
 * same page (caches, analytics of page views). Session storage keeps the address clean, survives a reload
 * and back/forward in the tab, and ends with the tab; it holds search ids only, never a user token, and is
 * never sent to any server by itself. After "add to cart", the cart line keeps the queryID on the server.
 */

/** What is used of `window.sessionStorage` (any `Storage`). */
export type QueryIDStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Every carried queryID is stored under this prefix and the product id. */
export const queryIDKeyPrefix = 'vitrine.queryID.';
const queryIDPattern = /^[0-9a-f]{32}$/;

/** A queryID as search responses give it: 32 lowercase hexadecimal characters. */
export function isQueryID(value: unknown): value is string {
  return typeof value === 'string' && queryIDPattern.test(value);
}

/** Remembers that `productId` was reached from the search `queryID` (the latest search wins). */
export function rememberQueryID(storage: QueryIDStorage, productId: string, queryID: string): void {
  if (!isQueryID(queryID)) return;
  try {
    storage.setItem(queryIDKeyPrefix + productId, queryID);
  } catch {
    // Storage full or refused (private mode): the product simply is not attributed to the search.
  }
}

/** The search that led to `productId` in this tab, if any. */
export function recallQueryID(storage: QueryIDStorage, productId: string): string | undefined {
  try {
    const value = storage.getItem(queryIDKeyPrefix + productId);
    return isQueryID(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the searches of bought products, so that a later purchase is not attributed to them again. */
export function forgetQueryIDs(storage: QueryIDStorage, productIds: readonly string[]): void {
  for (const productId of productIds) {
    try {
      storage.removeItem(queryIDKeyPrefix + productId);
    } catch {
      // Nothing to forget when storage is refused.
    }
  }
}

/** The tab's session storage, or `undefined` on the server and when the browser refuses it. */
export function tabStorage(): QueryIDStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
