/**
 * `npx tsx bench/scale/console-list.ts <data dir> [--runs 10]`: with the catalogue of that data folder imported
 * (`npm run import`, no storefront running), times the merchant console's catalogue list views as the page
 * reads them (`listProductPage`: the store's keyset query, then the rows of its 60 products) — first page, a
 * deep page, back a page, by state, by stock, by category, by text — and prints each view's median wall and
 * CPU time over the runs, and the plan PostgreSQL (PGlite) chose for the page's id query of the indexed views.
 */

import { openDatabase } from '@vitrine/database';
import { sql } from 'drizzle-orm';
import { openCommerceStore } from '../../apps/storefront/src/server/store/commerce-store.ts';
import type { ProductListRequest } from '../../apps/storefront/src/server/store/product-list.ts';

const argv = process.argv.slice(2);
const dataDir = argv[0];
if (!dataDir) throw new Error('usage: npx tsx bench/scale/console-list.ts <data dir> [--runs 10]');
const runsAt = argv.indexOf('--runs');
const runs = runsAt === -1 ? 10 : Number(argv[runsAt + 1]);
const store = await openCommerceStore({ dataDir });
const everything: ProductListRequest = {
  q: '',
  category: '',
  stock: 'all',
  published: 'all',
  limit: 60,
};
const list = (view: Partial<ProductListRequest>) =>
  store.listProductPage({ ...everything, ...view });

const first = await list({});
const ids = first.products.map((product) => product.id);
const views: Record<string, Partial<ProductListRequest>> = {
  'first page': {},
  'next page': { after: ids.at(-1) },
  'deep page (keyset)': { after: ids[30]?.replace(/.$/, '5') },
  'previous page': { before: ids.at(-1) },
  published: { published: 'published' },
  unpublished: { published: 'unpublished' },
  'in stock': { stock: 'in' },
  'category Women > Tops': { category: 'Women > Tops' },
  'text "jacket"': { q: 'jacket' },
  'text, one product id': { q: ids[5] ?? '' },
  'text, a SKU start': { q: first.products[5]?.variants[0]?.sku.slice(0, -2) ?? '' },
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `| view (${first.total.toLocaleString('en')} products) | shown / total | wall ms (median of ${runs}) | CPU ms |`,
);
console.log('|---|--:|--:|--:|');
for (const [name, view] of Object.entries(views)) {
  const walls: number[] = [];
  const cpus: number[] = [];
  let shown = '';
  for (let run = 0; run < runs; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const answer = await list(view);
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    shown = `${answer.products.length} / ${answer.total.toLocaleString('en')}`;
  }
  console.log(`| ${name} | ${shown} | ${median(walls).toFixed(1)} | ${median(cpus).toFixed(1)} |`);
}
await store.close();

// The plans, on a second connection to the same folder (the store is closed).
const database = await openDatabase({ dataDir, name: 'storefront', migrations: [] });
for (const [name, where] of [
  ['first page', sql`true`],
  ['unpublished', sql`NOT p.published`],
  ['published', sql`p.published`],
] as const) {
  const plan = await database.rows<{ 'QUERY PLAN': string }>(
    sql`EXPLAIN SELECT p.id FROM products p WHERE ${where} AND p.id > '' ORDER BY p.id LIMIT 61`,
  );
  console.log(`\nplan, ${name}:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
}
await database.close();
