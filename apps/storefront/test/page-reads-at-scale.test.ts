import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogueProduct } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import type { Database } from '@vitrine/database';
import type { GetServerSidePropsContext, NextPageContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartServerSideProps,
  productServerSideProps,
} from '../src/page-loaders/commerce-server-side-props.ts';
import { homeServerSideProps } from '../src/page-loaders/home-server-side-props.ts';
import {
  categoryServerSideProps,
  searchServerSideProps,
} from '../src/page-loaders/search-server-side-props.tsx';
import { cartCookieName, newCartId } from '../src/server/commerce/cart-cookie.ts';
import { uninstallRuntime } from '../src/server/runtime.ts';
import { loadShopperCart, loadSiteData } from '../src/server/site-data-loader.ts';
import type { CommerceStore } from '../src/server/store/commerce-store.ts';
import { type FolderStore, openFolderStore } from './support/folder-store.ts';
import { growCatalogue } from './support/grow-catalogue.ts';
import { rowsReadBy } from './support/rows-read.ts';
import { installStoreRuntime } from './support/store-runtime.ts';

/*
 * Issue #25: a page's server work must not grow with the catalogue. Each page's server-side data (what
 * `_app` loads for every page, then the page's own `getServerSideProps`) runs against one PGlite store at
 * about 1,000 and then about 20,000 products, and PostgreSQL's own statistics count the rows its queries
 * read (heap rows of sequential scans, entries of index scans). Row counts, not times: they do not depend
 * on the machine.
 */

const sample = loadLumaSample();
const roundSize = sample.length;
const cartId = newCartId();
const cookie = `${cartCookieName}=${cartId}`;
let opened: FolderStore;
let database: Database;
let store: CommerceStore;
let firstCopy: readonly CatalogueProduct[];

beforeAll(async () => {
  opened = await openFolderStore('page-reads');
  ({ database, store } = opened);
  firstCopy = [...scaledCatalogue(sample, roundSize)];
  await store.upsertProducts(firstCopy);
  const [first, second] = firstCopy;
  if (!first?.variants[0] || !second?.variants[0]) throw new Error('the sample has no variants');
  await store.setCartQuantity(cartId, first.variants[0].sku, 1);
  await store.setCartQuantity(cartId, second.variants[0].sku, 1);
  installStoreRuntime(store, () => searchConfig);
});

afterAll(async () => {
  uninstallRuntime();
  await opened?.remove();
});

// No search key: the listing pages render their "search unavailable" state without calling a search
// service; their store reads are what this test counts.
const searchConfig = { searchUrl: null, appId: 'vitrine', searchKey: null, indexName: 'products' };

const growTo = (written: number, rounds: number) =>
  growCatalogue({ database, store, sample }, written, rounds);

const request = { headers: { cookie, host: 'shop.test' } } as unknown as IncomingMessage;

function serverSideContext(params: Record<string, string | string[]>, url: string) {
  const res = { statusCode: 200, setHeader: () => undefined } as unknown as ServerResponse;
  return { req: request, res, params, query: {}, resolvedUrl: url } as GetServerSidePropsContext;
}

/** Each page as the server renders it: `_app`'s site data and cart, then the page's own data. */
const pages: Record<string, (product: CatalogueProduct) => Promise<unknown>> = {
  home: () => page('/', () => homeServerSideProps('en')(serverSideContext({}, '/'))),
  category: () =>
    page('/category/[...slug]', () =>
      categoryServerSideProps('en')(
        serverSideContext({ slug: ['men', 'tops', 'jackets'] }, '/category/men/tops/jackets'),
      ),
    ),
  search: () =>
    page('/search', () => searchServerSideProps('en')(serverSideContext({}, '/search?q=jacket'))),
  product: (product) =>
    page('/product/[slug]', () =>
      productServerSideProps('en')(
        serverSideContext({ slug: product.texts.en.slug }, `/product/${product.texts.en.slug}`),
      ),
    ),
  cart: () => page('/cart', () => cartServerSideProps('en')(serverSideContext({}, '/cart'))),
  checkout: () =>
    page('/checkout', () => cartServerSideProps('en')(serverSideContext({}, '/checkout'))),
};

async function page(pathname: string, pageProps: () => Promise<unknown>): Promise<void> {
  const context = { pathname, req: request, query: {} } as NextPageContext;
  await Promise.all([loadSiteData(context), loadShopperCart(context), pageProps()]);
}

async function measurePages(product: CatalogueProduct): Promise<Record<string, number>> {
  const reads: Record<string, number> = {};
  for (const [name, render] of Object.entries(pages)) {
    await render(product); // a first render may fill the process's caches
    reads[name] = await rowsReadBy(database, () => render(product));
  }
  return reads;
}

describe('the rows a page reads', () => {
  it('are the same at 1,000 and at 20,000 products, for every page', async () => {
    const product = firstCopy[42] as CatalogueProduct;
    expect(await growTo(1, 6)).toBeGreaterThanOrEqual(1_000);
    const small = await measurePages(product);
    expect(await growTo(7, 106)).toBeGreaterThanOrEqual(20_000);
    const large = await measurePages(product);
    // Before the category summaries: 13,000–55,000 rows at 1,000 products, 230,000–500,000 at 20,000.
    expect(large).toEqual(small);
    expect(small['product']).toBeGreaterThan(0);
  });
});
