import {
  Activity,
  lazy,
  memo,
  Suspense,
  useCallback,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { InstantSearchServerState } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import type { PublicConfig } from '../../lib/site/public-config.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { replayEarlyClicks } from '../document/early-clicks.ts';
import { LoadingBar } from '../ui/loading-bar.tsx';
import { SearchNotice } from '../ui/search-notice.tsx';

/** What the listing pages receive from `searchServerSideProps` / `categoryServerSideProps`. */
export interface SearchScreenProps {
  readonly locale: Locale;
  readonly listing: 'search' | 'category';
  /** The request's full address (InstantSearch's router reads the state from it on the server). */
  readonly serverUrl: string;
  /** The first page of results, fetched by the server; `null` when the search service was unavailable. */
  readonly serverState: InstantSearchServerState | null;
}

/*
 * InstantSearch and the widgets are a chunk of their own, out of the page's first scripts (bench/web). The
 * server renders the listing in the page (results, filters and counts work without JavaScript): its
 * `React.lazy` resolves before the HTML is sent, since Next waits for the whole page. In the browser the
 * listing sits in an `<Activity>`, which React hydrates apart from the rest of the page and at low priority
 * (like a Suspense boundary, but the server sends its HTML in place): the page's header and shell hydrate at
 * once, the listing's chunk is fetched then, and React leaves the listing's HTML as it is until the chunk
 * has arrived, then hydrates it in slices between which the page stays responsive (decision 0011).
 *
 * Why not a `Suspense` boundary: React's server renderer sends a boundary larger than 12.8 kB (the results
 * are ~80 kB) after the rest of the page, hidden, with a script that moves it into place: without JavaScript
 * the listing would never show, and with it the results are painted later. An `<Activity>` is never moved.
 * Why not `next/dynamic`: Next names its chunks in the HTML, which puts them back in the first load.
 */

type SearchListingModule = typeof import('./search-listing.tsx');

/** Resolves in a task of its own (after what the browser has queued, input included). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Loads the listing; in the browser in two steps, each its own task: InstantSearch's core (its
 * `InstantSearch` class with the helper, routers and state mappings), then the rest (react-instantsearch,
 * our widgets). A chunk's modules run in the task that receives it, so one import was one ~25 ms task on a
 * desktop core (~100 ms at Lighthouse's 4× phone slowdown); in two, each stays near or under the 50 ms a long
 * task starts at (Lighthouse's total blocking time). Modules already run are not run again.
 */
async function loadListing(): Promise<SearchListingModule> {
  if (typeof window !== 'undefined') {
    await import('instantsearch.js/es/lib/InstantSearch.js');
    await nextTask();
  }
  return import('./search-listing.tsx');
}

/** The listing of a page the server rendered: if its chunk cannot load, the server's HTML stays, working. */
const HydratedListing = lazy(() =>
  loadListing().catch((error: unknown) => {
    console.warn('The search listing could not load', error);
    return new Promise<never>(() => {});
  }),
);

/** The listing reached by a client-side navigation: a chunk that cannot load is the page's error. */
const NavigatedListing = lazy(loadListing);

/** The search page and the category listings: the same screen, in the page's language. */
export function SearchScreen({ listing, serverUrl, serverState }: SearchScreenProps) {
  const { publicConfig } = useSiteData();
  const messages = useMessages().search;
  if (!publicConfig?.searchKey) {
    return (
      <div className="container">
        <SearchNotice tone="error" title={messages.errorTitle} text={messages.errorText} />
      </div>
    );
  }
  return (
    <DeferredListing
      listing={listing}
      serverUrl={serverUrl}
      serverState={serverState}
      publicConfig={publicConfig}
      loadingLabel={messages.loading}
    />
  );
}

interface DeferredListingProps extends Omit<SearchScreenProps, 'locale'> {
  /** With a search-only key. */
  readonly publicConfig: PublicConfig;
  readonly loadingLabel: string;
}

const noSubscription = () => () => {};
const holderStyle = { display: 'contents' } as const;

/**
 * The listing as the server rendered it (the first page of a visit), hydrated once its chunk is in; or,
 * after a client-side navigation, rendered by the browser with a loading bar until its chunk is in.
 */
const DeferredListing = memo(function DeferredListing(props: DeferredListingProps) {
  // True while hydrating the server's HTML (and on the server), false in a render of the browser's own.
  // React renders this component again once hydrated (the two snapshots differ): `ListingHolder` is
  // memoised, so that render stops here. Were the `<Activity>` rendered again before it has hydrated (its
  // chunk still loading), React would drop the server's listing and render it anew.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // One kind of listing for the life of this page (switching would remount InstantSearch).
  const [fromServer] = useState(hydrating);
  return <ListingHolder {...props} fromServer={fromServer} />;
});

const ListingHolder = memo(function ListingHolder({
  loadingLabel,
  fromServer,
  ...props
}: DeferredListingProps & { readonly fromServer: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  // `data-ready` once the listing responds to the shopper (the end-to-end tests wait for it).
  // The listing's buttons clicked while it hydrated are clicked again (components/document/early-clicks.ts).
  const markReady = useCallback(() => {
    const container = holder.current;
    if (!container) return;
    container.setAttribute('data-ready', '');
    replayEarlyClicks((button) => container.contains(button));
  }, []);
  return (
    <div ref={holder} data-listing="" style={holderStyle}>
      {fromServer ? (
        <Activity mode="visible">
          <HydratedListing {...props} onReady={markReady} />
        </Activity>
      ) : (
        <Suspense
          fallback={
            <div className="container">
              <LoadingBar active label={loadingLabel} />
            </div>
          }
        >
          <NavigatedListing {...props} onReady={markReady} />
        </Suspense>
      )}
    </div>
  );
});
