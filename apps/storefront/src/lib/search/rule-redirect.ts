import { isSafeShopLink } from '../site/safe-link.ts';

/** What the redirect reader needs of a server state (React InstantSearch's `InstantSearchServerState`). */
export interface ServerResults {
  readonly initialResults: Readonly<
    Record<string, { readonly results?: readonly { readonly renderingContent?: unknown }[] }>
  >;
}

/**
 * The address a query rule sends this search to (Algolia: `renderingContent.redirect.url`, set by a rule's
 * consequence), read from the page's first search answer; only an `https://` address or a path of the shop,
 * the links the merchant console accepts. `undefined` when no rule redirects.
 */
export function ruleRedirectOf(state: ServerResults, indexName: string): string | undefined {
  const answer = state.initialResults[indexName]?.results?.[0];
  const content = answer?.renderingContent;
  if (typeof content !== 'object' || content === null) return undefined;
  const redirect = (content as { redirect?: unknown }).redirect;
  if (typeof redirect !== 'object' || redirect === null) return undefined;
  const url = (redirect as { url?: unknown }).url;
  return typeof url === 'string' && isSafeShopLink(url) ? url : undefined;
}
