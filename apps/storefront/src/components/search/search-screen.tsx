import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import singletonRouter, { type NextRouter } from 'next/router';
import {
  type ComponentType,
  type ContextType,
  lazy,
  memo,
  type ReactElement,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { InstantSearchServerState } from 'react-instantsearch';
import { I18nProvider, useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { type ServerConsent, ServerConsentContext } from '../../lib/insights/consent-store.ts';
import type { PublicConfig } from '../../lib/site/public-config.ts';
import { SiteProvider, useSiteData } from '../../lib/site/site-context.tsx';
import type { SiteData } from '../../lib/site/site-data.ts';
import { replayEarlyClicks } from '../document/early-clicks.ts';
import { LoadingBar } from '../ui/loading-bar.tsx';
import { SearchNotice } from '../ui/search-notice.tsx';
import type { SearchListingProps } from './search-listing.tsx';

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
 * InstantSearch and the widgets are a chunk of their own, out of the page's first scripts (bench/web): the
 * server renders the listing (results, filters and counts work without JavaScript); in the browser the page
 * hydrates its header and shell at once and leaves the listing's HTML as it is until the chunk has arrived,
 * then hydrates it as a React root of its own (interruptible, in a transition).
 *
 * Why not `React.lazy` in a `Suspense` boundary of the page: React's server renderer sends a boundary
 * larger than 12.8 kB (the results are ~100 kB) after the rest of the page, hidden, with a script that moves
 * it into place: without JavaScript the listing would never show, and with it the results are painted later.
 * Why not `next/dynamic`: Next names its chunks in the HTML, which puts them back in the first load.
 */

type SearchListingModule = typeof import('./search-listing.tsx');

/** The listing's module once loaded (on the server: before the first render, see `prepareServerListing`). */
let loadedListing: SearchListingModule | undefined;

/** Loads the listing's chunk (InstantSearch, the client and the widgets); a plain `import()`. */
function loadSearchListing(): Promise<SearchListingModule> {
  return import('./search-listing.tsx').then((module) => {
    loadedListing = module;
    return module;
  });
}

const LazySearchListing = lazy(loadSearchListing);

type RenderToString = (element: ReactElement, options: { identifierPrefix: string }) => string;
let renderToString: RenderToString | undefined;

/**
 * Called by the listings' `getServerSideProps`: loads the listing's module and takes the server renderer
 * (`react-dom/server`, which must not reach the browser's bundle), so that the page renders at once.
 */
export async function prepareServerListing(render: RenderToString): Promise<void> {
  renderToString = render;
  await loadSearchListing();
}

/** The separate root's ids (`useId`) are the same on the server and in the browser, and unlike the page's. */
const identifierPrefix = 'search-';

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

/** What the listing reads from the page's providers, handed to its own root. */
interface ListingContexts {
  readonly locale: Locale;
  readonly site: SiteData;
  readonly consent: ServerConsent;
  readonly router: ContextType<typeof RouterContext>;
  readonly headManager: ContextType<typeof HeadManagerContext>;
}

function ListingProviders({
  contexts,
  children,
}: {
  contexts: ListingContexts;
  children: ReactNode;
}) {
  return (
    <RouterContext.Provider value={contexts.router}>
      <HeadManagerContext.Provider value={contexts.headManager}>
        <I18nProvider locale={contexts.locale}>
          <SiteProvider value={contexts.site}>
            <ServerConsentContext.Provider value={contexts.consent}>
              {children}
            </ServerConsentContext.Provider>
          </SiteProvider>
        </I18nProvider>
      </HeadManagerContext.Provider>
    </RouterContext.Provider>
  );
}

/** Resolves in a task of its own (after what the browser has queued, input included). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Loads the listing in two steps, each its own task: InstantSearch's core (its `InstantSearch` class with the
 * helper, routers and state mappings), then the rest (react-instantsearch, our widgets). A chunk's modules run
 * in the task that receives it, so one import was one ~25 ms task on a desktop core (~100 ms at Lighthouse's 4×
 * phone slowdown); in two, each stays near or under the 50 ms a long task starts at (Lighthouse's total
 * blocking time; a shopper's tap is not kept waiting meanwhile). Modules already run are not run again.
 */
async function loadListingInSteps(): Promise<SearchListingModule> {
  if (loadedListing) return loadedListing;
  await import('instantsearch.js/es/lib/InstantSearch.js');
  await nextTask();
  return loadSearchListing();
}

/** Resolves after the browser has painted the next frame. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/** Its children are the server's HTML until the listing's root hydrates them: React leaves them alone. */
const serverHtmlKept = { __html: '' };
const noSubscription = () => () => {};
const holderStyle = { display: 'contents' } as const;

/**
 * The listing in its own root when the page was rendered by the server (the first page of a visit), in the
 * page's tree when reached by a client-side navigation (the chunk then loads with a loading bar).
 */
const DeferredListing = memo(function DeferredListing({
  loadingLabel,
  ...props
}: DeferredListingProps) {
  const contexts: ListingContexts = {
    locale: useLocale(),
    site: useSiteData(),
    consent: useContext(ServerConsentContext),
    router: useListingRouter(),
    headManager: useContext(HeadManagerContext),
  };
  // True while hydrating the server's HTML (and on the server), false in a render of the browser's own.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [ownRoot] = useState(hydrating);
  const holder = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  // `data-ready` once the listing responds to the shopper (the end-to-end tests wait for it).
  // The listing's buttons clicked while it hydrated are clicked again (components/document/early-clicks.ts).
  const markReady = useCallback(() => {
    const container = holder.current;
    if (!container) return;
    container.setAttribute('data-ready', '');
    replayEarlyClicks((button) => container.contains(button));
  }, []);
  const listingElement = (Listing: ComponentType<SearchListingProps>) => (
    <ListingProviders contexts={contexts}>
      <Listing {...props} onReady={markReady} />
    </ListingProviders>
  );
  const latest = useRef(listingElement);
  latest.current = listingElement;

  useEffect(() => {
    if (!ownRoot) return;
    let left = false;
    // After the page's first paint (the server's results are the largest paint): the listing's script and
    // its hydration come after it, not before.
    afterNextPaint()
      .then(loadListingInSteps)
      .then(
        (module) => {
          const container = holder.current;
          if (left || !container) return;
          // A transition: React hydrates the listing in slices, between which the page stays responsive.
          startTransition(() => {
            root.current = hydrateRoot(container, latest.current(module.default), {
              identifierPrefix,
            });
          });
        },
        // The server's listing stays as it is, working as it does without JavaScript.
        (error: unknown) => console.warn('The search listing could not load', error),
      );
    return () => {
      left = true;
      // Unmounted with the page (React finishes it right after the page's own commit), so that nothing of
      // the listing outlives it: its tags in the document head, InstantSearch and its router.
      root.current?.unmount();
      root.current = null;
    };
  }, [ownRoot]);
  // The page's props or providers changed: the listing's root renders them.
  const { listing, serverUrl, serverState } = props;
  const { locale, site, consent, router, headManager } = contexts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `latest` holds the element for these values.
  useEffect(() => {
    if (root.current && loadedListing) root.current.render(latest.current(loadedListing.default));
  }, [listing, serverUrl, serverState, locale, site, consent, router, headManager]);

  if (typeof window === 'undefined') {
    if (!renderToString || !loadedListing) {
      throw new Error('prepareServerListing() must run before a listing page renders');
    }
    const html = renderToString(listingElement(loadedListing.default), { identifierPrefix });
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the listing.
    return <div data-listing="" style={holderStyle} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (ownRoot) {
    return (
      <div
        ref={holder}
        data-listing=""
        style={holderStyle}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; keeps the server's HTML in place.
        dangerouslySetInnerHTML={serverHtmlKept}
      />
    );
  }
  return (
    <div ref={holder} style={holderStyle}>
      <InTreeListing {...props} loadingLabel={loadingLabel} onReady={markReady} />
    </div>
  );
});

/** After a client-side navigation: the listing in the page's tree, with a loading bar until its chunk is in. */
function InTreeListing({
  loadingLabel,
  ...props
}: DeferredListingProps & Pick<SearchListingProps, 'onReady'>) {
  // The module itself once an earlier listing has loaded it; one component for the life of this listing
  // (switching would remount InstantSearch).
  const [Listing] = useState<ComponentType<SearchListingProps>>(
    () => loadedListing?.default ?? LazySearchListing,
  );
  return (
    <Suspense
      fallback={
        <div className="container">
          <LoadingBar active label={loadingLabel} />
        </div>
      }
    >
      <Listing {...props} />
    </Suspense>
  );
}

/**
 * The router the listing's links use: the page's on the server; in the browser Next's singleton, which reads
 * the current router (the page's context value is a new object on every route change, the address's
 * shallow updates included, and would render the listing's root again for each).
 */
function useListingRouter(): NextRouter | null {
  const router = useContext(RouterContext);
  return typeof window === 'undefined' ? router : (singletonRouter as unknown as NextRouter);
}
