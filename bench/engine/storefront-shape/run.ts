/**
 * The engine at a merchant's size with the storefront's own records: `products` and its four standard sort
 * replicas built from `toSearchRecords` on a generated catalogue, with the storefront's settings. Prints where
 * the memory goes (heap and RSS after each structure), the build times, and p50/p99 of the query mixes on the
 * primary and on a sort replica.
 *
 *   node --expose-gc --import tsx bench/engine/storefront-shape/run.ts [--products 100000] [--queries 200]
 *     [--clock wall|cpu] [--no-share]
 *
 * Heap is V8's used heap plus typed-array backing stores (`arrayBuffers`), after two forced collections.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SearchIndex, type SearchRecord } from '../../../apps/search/src/engine/index.ts';
import { percentile } from '../percentile.ts';
import { type BenchQuery, buildQueryMixes, type MixName } from '../query-mixes.ts';
import { type Clock, readClock } from '../run-result.ts';
import {
  lumaQuerySource,
  primarySettings,
  replicaSettingsByName,
  storefrontFacets,
  storefrontRecords,
} from './storefront-records.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    clock: { type: 'string', default: 'wall' },
    'no-share': { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
/** `cpu`: each search's process CPU time, which leaves out the slices other jobs took on shared cores. */
const clock: Clock = values.clock === 'cpu' ? 'cpu' : 'wall';
const perMix = Number(values.queries);
const warmUpQueries = 50;
const mixes: readonly MixName[] = ['prefix', 'multi-word', 'typo-1', 'typo-2'];
const variants = ['plain', 'facets', 'filtered'] as const;

interface Memory {
  readonly heap: number;
  readonly rss: number;
}

function memory(): Memory {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heap: (usage.heapUsed + usage.arrayBuffers) / 2 ** 20, rss: usage.rss / 2 ** 20 };
}

const rows: string[] = [];
let last = memory();
function step(label: string, seconds?: number): void {
  const now = memory();
  const time = seconds === undefined ? '' : seconds.toFixed(1);
  rows.push(
    `| ${label} | ${time} | ${(now.heap - last.heap).toFixed(0)} | ${now.heap.toFixed(0)} | ${now.rss.toFixed(0)} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
  last = now;
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
}

const load = [loadavg()[0] ?? 0];
let records: SearchRecord[] | undefined = storefrontRecords(products);
const count = records.length;
let jsonBytes = 0;
for (const record of records) jsonBytes += Buffer.byteLength(JSON.stringify(record));
step(
  `${count.toLocaleString('en-US')} records as JS objects (${(jsonBytes / 2 ** 20).toFixed(0)} MB of JSON)`,
);

const settings = primarySettings();
const primary: SearchIndex = new SearchIndex({
  ...settings,
  attributesForFaceting: [],
  attributeForDistinct: undefined,
});
const saved = records;
step(
  'primary: text index and documents',
  timed(() => primary.saveObjects(saved)),
);
step(
  'primary: facet columns',
  timed(() =>
    primary.setSettings({
      attributesForFaceting: settings.attributesForFaceting ?? [],
      attributeForDistinct: settings.attributeForDistinct,
    }),
  ),
);
step(
  'primary: prepare (sort orders, prefix scans)',
  timed(() => primary.prepare()),
);
const replicas = new Map<string, SearchIndex>();
for (const [name, replicaSettings] of replicaSettingsByName()) {
  const replica = new SearchIndex(replicaSettings);
  // As the service wires a standard replica: it shares what its settings index the same way as the primary's.
  // `--no-share` builds every replica's own structures, as the service did before (issue #26).
  if (values['no-share'] !== true) replica.shareWith(primary);
  step(
    `replica ${name}: save and prepare`,
    timed(() => {
      replica.saveObjects(saved);
      replica.prepare();
    }),
  );
  replicas.set(name, replica);
}
records = undefined;
saved.length = 0;
step('the bench drops its references to the records');
load.push(loadavg()[0] ?? 0);

const queryMixes = buildQueryMixes(lumaQuerySource(), warmUpQueries + perMix * variants.length);
const latencyRows: string[] = [];
for (const [label, index] of [
  ['products', primary],
  ['products_price_asc', replicas.get('products_price_asc')],
] as const) {
  if (index === undefined) continue;
  for (const mix of mixes) {
    const queries = queryMixes[mix];
    for (const query of queries.slice(0, warmUpQueries)) searchOnce(index, query, 'facets');
    const cells = variants.map((variant, position) => {
      const start = warmUpQueries + position * perMix;
      const samples = queries
        .slice(start, start + perMix)
        .map((query) => timedSearch(index, query, variant));
      return `${percentile(samples, 50).toFixed(2)} / ${percentile(samples, 99).toFixed(2)}`;
    });
    latencyRows.push(`| ${label} | ${mix} | ${cells.join(' | ')} |`);
    process.stderr.write(`${latencyRows.at(-1)}\n`);
  }
}
load.push(loadavg()[0] ?? 0);

function searchOnce(index: SearchIndex, query: BenchQuery, variant: (typeof variants)[number]) {
  return index.search({
    text: query.text,
    ...(variant === 'facets' ? { facets: [...storefrontFacets] } : {}),
    ...(variant === 'filtered'
      ? {
          filter: {
            kind: 'range',
            attribute: 'price',
            lower: query.filter.minPrice,
            upper: query.filter.maxPrice,
          },
        }
      : {}),
  });
}

function timedSearch(
  index: SearchIndex,
  query: BenchQuery,
  variant: (typeof variants)[number],
): number {
  const started = readClock(clock);
  searchOnce(index, query, variant);
  return readClock(clock) - started;
}

console.log(
  [
    `${products.toLocaleString('en-US')} products, ${count.toLocaleString('en-US')} records, Node ${process.version};`,
    `1-minute load average ${load.map((value) => value.toFixed(1)).join(' → ')} (start → built → end).`,
    '',
    '| step | seconds | heap Δ MB | heap MB | RSS MB |',
    '|---|--:|--:|--:|--:|',
    ...rows,
    '',
    `Latency, ms p50 / p99 (${perMix} queries per cell, ${clock === 'cpu' ? 'process CPU time' : 'wall clock'}):`,
    '',
    '| index | mix | plain | facets | price filter |',
    '|---|---|--:|--:|--:|',
    ...latencyRows,
  ].join('\n'),
);
