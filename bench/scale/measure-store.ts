/**
 * `npx tsx bench/scale/measure-store.ts <data dir>`: with the search service of that data folder running
 * (`npm run search`) and no storefront, measures the storefront's server-side store work on the catalogue
 * imported there: each page's store reads (navigation, product by slug, cart), the index sync (full when
 * the index is missing, then incremental after one product changes, then after one order), the longest
 * event-loop stall during each sync, and the process's RSS. Prints one table.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readSearchServiceFile } from '../../apps/storefront/src/server/search/search-access.ts';
import { createSearchAdminClient } from '../../apps/storefront/src/server/search/search-admin-client.ts';
import { syncSearchIndex } from '../../apps/storefront/src/server/search/sync-search-index.ts';
import { openCommerceStore } from '../../apps/storefront/src/server/store/commerce-store.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: npx tsx bench/scale/measure-store.ts <data dir>');
const service = readSearchServiceFile(dataDir);
if (!service) throw new Error(`no search service file in ${dataDir}: start npm run search first`);
const client = createSearchAdminClient({
  url: service.url,
  appId: service.appId,
  adminKey: service.adminKey,
});
const opened = performance.now();
const store = await openCommerceStore({ dataDir });
// PGlite keeps the event loop busy for seconds right after it opens a large store (4.5 s at 20,000
// products here): wait for that before measuring, and report it.
await new Promise((resolve) => setTimeout(resolve, 10));
const rows: [string, string][] = [
  ['products', String(await store.countProducts())],
  ['store open, until the event loop is free', `${Math.round(performance.now() - opened)} ms`],
];

async function timed<T>(
  label: string,
  work: () => Promise<T>,
  summarize: (result: T) => string = () => '',
): Promise<T> {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  stalls.disable();
  const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
  const what = summarize(result);
  rows.push([
    label,
    `${what ? `${what}: ` : ''}${ms.toFixed(0)} ms (longest stall ${Math.round(stalls.max / 1e6)} ms, RSS ${rss} MB)`,
  ]);
  return result;
}

await timed('navigation, first read', () => store.listCategories());
await timed('navigation, later reads', () => store.listCategories());
const [first] = await store.readIndexPage({ limit: 1, pendingOnly: false });
if (!first) throw new Error('the store is empty');
await timed('product page (by slug), first', () =>
  store.getProductBySlug(first.product.texts.en.slug),
);
await timed('product page (by slug), later', () =>
  store.getProductBySlug(first.product.texts.en.slug),
);
const cartId = 'benchcartbenchcartbenc';
await store.setCartQuantity(cartId, first.product.variants[0]?.sku ?? '', 1);
await timed('cart page (2 reads)', () => store.readCart(cartId));
const sync = (label: string) =>
  timed(
    label,
    () => syncSearchIndex(client, store),
    (result) =>
      `${result.products} products, ${result.records} records${result.full ? ', full push' : ''}`,
  );
await sync('sync on start');
await sync('sync again, nothing changed');
const { en } = first.product.texts;
await store.upsertProducts([
  {
    ...first.product,
    texts: { ...first.product.texts, en: { ...en, name: `${en.name} (renamed)` } },
  },
]);
await sync('sync after one product changed');
const order = await store.placeOrder({
  id: 'b'.repeat(32),
  idempotencyKey: `bench-${Date.now()}`,
  requestHash: 'bench',
  cartId,
  email: 'bench@example.com',
  details: {},
  paymentMethod: 'pay_on_delivery',
});
rows.push(['order placed', order.status]);
await sync('sync after the order (stock)');
await store.close();

const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
