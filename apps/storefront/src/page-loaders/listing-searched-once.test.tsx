import type { IncomingMessage, ServerResponse } from 'node:http';
import { productsIndex } from '@vitrine/catalogue';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/support/catalogue-fixtures.ts';
import { catalogueIndexStore } from '../../test/support/catalogue-index-store.ts';
import { renderPage, sampleCategories } from '../../test/support/render-page.tsx';
import { startSearchService, type TestSearchService } from '../../test/support/search-service.ts';
import { installStoreRuntime } from '../../test/support/store-runtime.ts';
import SearchListing from '../components/search/search-listing.tsx';
import type { SearchScreenProps } from '../components/search/search-screen.tsx';
import { uninstallRuntime } from '../server/runtime.ts';
import { createSearchAdminClient } from '../server/search/search-admin-client.ts';
import { syncSearchIndex } from '../server/search/sync-search-index.ts';
import type { CommerceStore } from '../server/store/commerce-store.ts';
import { categoryServerSideProps, searchServerSideProps } from './search-server-side-props.tsx';

/*
 * Issue #25: a listing page's server render searched twice and rendered the listing three times (React
 * InstantSearch's `getServerState` renders a tree with `DynamicWidgets` once to learn the facet order from
 * the results, then again; Next renders the page last), about 100 ms of CPU per listing at 100,000 products.
 * The server now asks the real search service once, for every facet, and the page still shows the facets in
 * the order the merchant gave (the index's `renderingContent`, from the merchandising console), leaving
 * out those the order leaves out.
 */
let service: TestSearchService;
const admin = () =>
  createSearchAdminClient({ url: service.url, appId: 'vitrine', adminKey: service.adminKey });
const publicConfig = () => ({
  searchUrl: service.url,
  appId: 'vitrine',
  searchKey: service.searchKey,
  indexName: productsIndex,
});

beforeAll(async () => {
  service = await startSearchService();
  await syncSearchIndex(
    admin(),
    catalogueIndexStore([
      makeProduct('MJ01'),
      // Another price and size: the price and size facets have a range and a choice to show.
      makeProduct('MJ02', {
        name: 'Ridge Jacket',
        variants: [{ sku: 'MJ02-S-Red', color: 'Red', size: 'S', priceCents: 12900, stock: 3 }],
      }),
    ]),
  );
  const store = { listCategories: async () => sampleCategories } as unknown as CommerceStore;
  installStoreRuntime(store, publicConfig, 'https://shop.test');
});

afterAll(async () => {
  uninstallRuntime();
  await service?.close();
});

async function listingProps(path: string, listing: 'search' | 'category') {
  const context = {
    req: { headers: {} } as IncomingMessage,
    res: { statusCode: 200 } as ServerResponse,
    query: {},
    params: listing === 'category' ? { slug: path.split('?')[0]?.split('/').slice(2) } : {},
    resolvedUrl: path,
  } as unknown as GetServerSidePropsContext;
  const props = listing === 'search' ? searchServerSideProps('en') : categoryServerSideProps('en');
  const result = await props(context);
  if (!('props' in result)) throw new Error(`no props for ${path}`);
  return (await result.props) as SearchScreenProps;
}

/** The page's own render of the listing, from the server's results, as Next renders it. */
function renderListing(props: SearchScreenProps): string {
  return renderPage(
    <SearchListing
      listing={props.listing}
      serverUrl={props.serverUrl}
      serverState={props.serverState}
      publicConfig={publicConfig()}
    />,
    { locale: 'en', path: new URL(props.serverUrl).pathname },
  );
}

const facetHeadings = (html: string) =>
  [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);

async function orderFacets(order: readonly string[]): Promise<void> {
  const client = admin();
  const { taskID } = await client.setSettings({
    indexName: productsIndex,
    indexSettings: { renderingContent: { facetOrdering: { facets: { order: [...order] } } } },
  });
  await client.waitForTask({ indexName: productsIndex, taskID });
}

describe('a listing page rendered on the server', () => {
  it('searches once and shows the facets in the merchant’s order', async () => {
    await orderFacets(['material', 'colors', 'price']);
    for (const [path, listing] of [
      ['/search?q=jacket', 'search'],
      ['/category/men/tops/jackets', 'category'],
    ] as const) {
      service.requests.length = 0;
      const props = await listingProps(path, listing);
      expect(service.requests.filter((request) => request.includes('/queries'))).toHaveLength(1);
      expect(props.serverState?.initialResults[productsIndex]?.results?.[0]?.nbHits).toBe(2);
      const html = renderListing(props);
      expect(facetHeadings(html).slice(0, 3)).toEqual(['Material', 'Colour', 'Price']);
      expect(facetHeadings(html)).not.toContain('Size');
      expect(html).toContain('data-id="MJ02-Red"');
    }
  });

  it('searches once more, for its offer, when nothing matches', async () => {
    service.requests.length = 0;
    const html = renderListing(await listingProps('/search?q=ridge%20zqxwv', 'search'));
    // The offer is searched once the first search has found nothing.
    expect(service.requests.filter((request) => request.includes('/queries'))).toHaveLength(2);
    expect(html).toContain('Results for “ridge”');
    expect(html).toContain('data-id="MJ02-Red"');
  });

  it('follows a new order at once', async () => {
    await orderFacets(['sizes', 'hierarchicalCategories.lvl0', 'material']);
    const html = renderListing(await listingProps('/search?q=jacket', 'search'));
    expect(facetHeadings(html).slice(0, 3)).toEqual(['Size', 'Category', 'Material']);
    expect(facetHeadings(html)).not.toContain('Colour');
  });
});
