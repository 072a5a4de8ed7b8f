import { productsIndex } from '@vitrine/catalogue/search-settings';
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { renderToString } from 'react-dom/server';
import {
  getServerState,
  type InstantSearchServerState,
  InstantSearchSSRProvider,
} from 'react-instantsearch';
import { AppProviders } from '../components/app/app-providers.tsx';
import { EveryFacetContext } from '../components/search/every-facet-context.ts';
import { SearchExperience } from '../components/search/search-experience.tsx';
import type { SearchScreenProps } from '../components/search/search-screen.tsx';
import { type Locale, otherLocale } from '../i18n/locale.ts';
import { pathFor } from '../i18n/routes.ts';
import { buildCategoryTree } from '../lib/catalogue/category-tree.ts';
import { readConsent } from '../lib/insights/consent-cookies.ts';
import type { ServerConsent } from '../lib/insights/consent-store.ts';
import { type CategoryLookup, createCategoryLookup } from '../lib/search/category-lookup.ts';
import { ruleRedirectOf } from '../lib/search/rule-redirect.ts';
import { createSearchClient } from '../lib/search/search-client.ts';
import type { PublicConfig } from '../lib/site/public-config.ts';
import type { SiteData } from '../lib/site/site-data.ts';
import { getRuntime } from '../server/runtime.ts';
import { requestOrigin } from '../server/site-data-loader.ts';

/** `getServerSideProps` of `/search` and `/recherche`: the first page of results, rendered on the server. */
export function searchServerSideProps(locale: Locale): GetServerSideProps<SearchScreenProps> {
  return (context) => listingProps(context, locale, 'search');
}

/**
 * `getServerSideProps` of `/category/[...slug]` and `/categorie/[...slug]`: the listing with its category
 * chosen (`/categorie/homme/hauts/vestes` → `Men > Tops > Jackets`); the other language's segments
 * (`/categorie/men/tops/jackets`, links from before French addresses) answer a permanent redirect (301) to the
 * page's own address, query string kept; 404 for a category the shop does not have.
 */
export function categoryServerSideProps(locale: Locale): GetServerSideProps<SearchScreenProps> {
  return (context) => listingProps(context, locale, 'category');
}

async function listingProps(
  context: GetServerSidePropsContext,
  locale: Locale,
  listing: SearchScreenProps['listing'],
) {
  const runtime = getRuntime();
  const navigation = buildCategoryTree(await runtime.store.listCategories());
  const categories = createCategoryLookup(navigation);
  if (listing === 'category') {
    const slug = slugOf(context.params?.['slug']);
    if (!categories.pathOf(slug, locale)) {
      const translated = categories.translate(slug, otherLocale(locale), locale);
      if (!translated) return { notFound: true as const };
      const destination = `${pathFor({ name: 'category', slug: translated }, locale)}${queryOf(context.resolvedUrl)}`;
      // 301, not Next's 308 for `permanent`, as the product pages answer (commerce-server-side-props.ts).
      return { redirect: { destination, statusCode: 301 as const } };
    }
  }
  const origin = runtime.publicOrigin ?? requestOrigin(context.req);
  const serverUrl = `${origin}${context.resolvedUrl}`;
  const site: SiteData = { navigation, publicConfig: null, origin };
  const consent: ServerConsent = readConsent(context.req.headers.cookie ?? '') ?? 'none';
  const serverState = await fetchServerState({
    serverUrl,
    path: context.resolvedUrl,
    locale,
    listing,
    categories,
    site,
    consent,
  });
  // Search being down is an outage of another service, not a fault of this page: say so with a 503.
  if (serverState === null) context.res.statusCode = 503;
  // A query rule that sends this search elsewhere (the merchant console's redirects): a temporary redirect,
  // as rules change; as-you-type searches in the browser never follow it, a submitted address does.
  const redirect =
    serverState && listing === 'search' ? ruleRedirectOf(serverState, productsIndex) : undefined;
  if (redirect) return { redirect: { destination: redirect, statusCode: 302 as const } };
  return { props: { locale, listing, serverUrl, serverState } satisfies SearchScreenProps };
}

interface ServerStateInput {
  readonly serverUrl: string;
  /** The address's path and query, as the page's providers hold it. */
  readonly path: string;
  readonly locale: Locale;
  readonly listing: SearchScreenProps['listing'];
  readonly categories: CategoryLookup;
  readonly site: SiteData;
  /** The page renders with the same consent in the browser (`_app` reads it from the same cookie). */
  readonly consent: ServerConsent;
}

/**
 * Runs the page's searches on the server (React InstantSearch's `getServerState`, through the search
 * service's server-to-server address).
 *
 * A search whose every try timed out is run once more: the client's wait (2 s until the answer's headers)
 * runs on this process's event loop, which a busy moment can hold past it even though the answer has
 * arrived (a storefront just restarted, Next still loading its pages in the background). A service that
 * refuses connections is not asked twice.
 * @returns `null` when the search service cannot answer (unreachable, 5xx, no key yet); the page then
 *   shows its error state and the browser tries again. Other errors are thrown (Next's 500 page).
 */
async function fetchServerState(input: ServerStateInput): Promise<InstantSearchServerState | null> {
  const config = getRuntime().serverSearchConfig();
  if (!config.searchKey) return null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await searchOnServer(input, config);
    } catch (error) {
      if (attempt === 1 && onlyTimedOut(error)) continue;
      if (isSearchOutage(error)) {
        console.warn(`Search unavailable while rendering ${input.serverUrl}:`, describe(error));
        return null;
      }
      throw new Error(`Could not render the search results of ${input.serverUrl}`, {
        cause: error,
      });
    }
  }
}

/**
 * One render and one search: the filter panel mounts every facet here (`every-facet-context.ts`) rather than
 * `DynamicWidgets`, with which `getServerState` rendered the listing and searched twice. The search is the
 * shopper's, counted in the merchant's analytics; the page's render orders the facets from its results.
 * A search that found nothing renders once more: its page offers the query with words dropped
 * (`no-results.tsx`), searched (uncounted) once the first results are known; the client answers the
 * shopper's query again from memory (`repeat-answers.ts`), so it is counted once.
 */
async function searchOnServer(
  input: ServerStateInput,
  config: PublicConfig,
): Promise<InstantSearchServerState> {
  const tree = (
    <AppProviders locale={input.locale} site={input.site} path={input.path} consent={input.consent}>
      <EveryFacetContext.Provider value={true}>
        <SearchExperience
          searchClient={createSearchClient(config)}
          serverUrl={input.serverUrl}
          locale={input.locale}
          listing={input.listing}
          categories={input.categories}
          unavailable={false}
        />
      </EveryFacetContext.Provider>
    </AppProviders>
  );
  let state = await getServerState(tree, { renderToString });
  if (foundNothing(state))
    state = await getServerState(
      <InstantSearchSSRProvider {...state}>{tree}</InstantSearchSSRProvider>,
      { renderToString },
    );
  // Next refuses `undefined` in props, and the helper's state has optional fields set to `undefined`.
  return JSON.parse(JSON.stringify(state)) as InstantSearchServerState;
}

function foundNothing(state: InstantSearchServerState): boolean {
  return state.initialResults[productsIndex]?.results?.[0]?.nbHits === 0;
}

/** What the official client tried before it gave up (`RetryError`'s `stackTrace`), outcome of each try. */
function triesOf(error: unknown): { readonly timedOut: boolean; readonly outcome: string }[] {
  if (!(error instanceof Error) || error.name !== 'RetryError' || !('stackTrace' in error))
    return [];
  const frames = Array.isArray(error.stackTrace) ? (error.stackTrace as unknown[]) : [];
  return frames.map((frame) => {
    const response = (frame as { response?: { isTimedOut?: unknown; content?: unknown } }).response;
    return { timedOut: response?.isTimedOut === true, outcome: String(response?.content ?? '') };
  });
}

/** Every try of a `RetryError` timed out (none was refused or failed). */
function onlyTimedOut(error: unknown): boolean {
  const tries = triesOf(error);
  return tries.length > 0 && tries.every((attempt) => attempt.timedOut);
}

/** The official client's "all hosts failed" (`RetryError`) or a 5xx answer. */
export function isSearchOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'RetryError') return true;
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
  return status !== undefined && status >= 500;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const tries = triesOf(error);
  // The client's own message ("your application id may be incorrect") misleads here: name each try's outcome.
  if (tries.length > 0)
    return `${error.name}: ${tries.map((attempt) => attempt.outcome).join('; ')}`;
  return `${error.name}: ${error.message}`;
}

/** `?color=Black` of `/categorie/men?color=Black` (empty without a query string). */
function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}

function slugOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
