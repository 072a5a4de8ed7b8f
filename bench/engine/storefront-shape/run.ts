/**
 * The engine at a merchant's size with the storefront's own records: `products` and its four standard sort
 * replicas built from `toSearchRecords` on a generated catalogue, with the storefront's settings. Prints where
 * the memory goes (heap and RSS after each structure), the build times, and p50/p99 of the query mixes on the
 * primary and on a sort replica.
 *
 *   node --expose-gc --import tsx bench/engine/storefront-shape/run.ts [--products 100000] [--queries 200]
 *     [--clock wall|cpu] [--no-share] [--stream] [--structures]
 *
 * `--stream` saves the records 1,000 at a time, to the primary then to each replica, as the service receives
 * them, so that the bench never holds them all as objects: the process's RSS is then the indices' own.
 *
 * Heap is V8's used heap plus typed-array backing stores (`arrayBuffers`), after two forced collections.
 * `--structures` prints, after the searches, the size of each structure of the primary and of one replica
 * (`structure-sizes.ts`).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  type IndexSettings,
  SearchIndex,
  type SearchRecord,
} from '../../../apps/search/src/engine/index.ts';
import { percentile } from '../percentile.ts';
import { type BenchQuery, buildQueryMixes, type MixName } from '../query-mixes.ts';
import { type Clock, readClock } from '../run-result.ts';
import {
  generatedRecords,
  lumaQuerySource,
  primarySettings,
  replicaSettingsByName,
  storefrontFacets,
  storefrontRecords,
} from './storefront-records.ts';
import { fieldsAt, structureSizes } from './structure-sizes.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    clock: { type: 'string', default: 'wall' },
    'no-share': { type: 'boolean', default: false },
    stream: { type: 'boolean', default: false },
    structures: { type: 'boolean', default: false },
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
const settings = primarySettings();
const replicas = new Map<string, SearchIndex>();
let count = 0;
const primary = values.stream === true ? buildStreamed() : buildFromArray();
load.push(loadavg()[0] ?? 0);

/** A standard replica wired as the service wires it (`--no-share`: building its own, as before issue #26). */
function createReplica(replicaSettings: Partial<IndexSettings>, source: SearchIndex): SearchIndex {
  const replica = new SearchIndex(replicaSettings);
  if (values['no-share'] !== true) replica.shareWith(source);
  return replica;
}

/** Every record as an object first, then each structure built in turn (the steps' costs apart). */
function buildFromArray(): SearchIndex {
  let records: SearchRecord[] | undefined = storefrontRecords(products);
  count = records.length;
  let jsonBytes = 0;
  for (const record of records) jsonBytes += Buffer.byteLength(JSON.stringify(record));
  step(
    `${count.toLocaleString('en-US')} records as JS objects (${(jsonBytes / 2 ** 20).toFixed(0)} MB of JSON)`,
  );
  const built = new SearchIndex({
    ...settings,
    attributesForFaceting: [],
    attributeForDistinct: undefined,
  });
  const saved = records;
  step(
    'primary: text index and documents',
    timed(() => built.saveObjects(saved)),
  );
  step(
    'primary: facet columns',
    timed(() =>
      built.setSettings({
        attributesForFaceting: settings.attributesForFaceting ?? [],
        attributeForDistinct: settings.attributeForDistinct,
      }),
    ),
  );
  step(
    'primary: prepare (sort orders, prefix scans)',
    timed(() => built.prepare()),
  );
  for (const [name, replicaSettings] of replicaSettingsByName()) {
    const replica = createReplica(replicaSettings, built);
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
  return built;
}

/** Records generated and saved 1,000 at a time to the primary, then to each replica, as the service does. */
function buildStreamed(): SearchIndex {
  const built = new SearchIndex(settings);
  for (const [name, replicaSettings] of replicaSettingsByName())
    replicas.set(name, createReplica(replicaSettings, built));
  let jsonBytes = 0;
  const seconds = timed(() => {
    let batch: SearchRecord[] = [];
    const save = () => {
      built.saveObjects(batch);
      for (const replica of replicas.values()) replica.saveObjects(batch);
      batch = [];
    };
    for (const record of generatedRecords(products)) {
      jsonBytes += Buffer.byteLength(JSON.stringify(record));
      batch.push(record);
      if (batch.length === 1000) save();
    }
    if (batch.length > 0) save();
  });
  count = built.size;
  step(
    `${count.toLocaleString('en-US')} records (${(jsonBytes / 2 ** 20).toFixed(0)} MB of JSON) saved 1,000 at a time to the primary and 4 replicas (incl. generating them)`,
    seconds,
  );
  step(
    'primary: prepare (sort orders, prefix scans)',
    timed(() => built.prepare()),
  );
  step(
    'replicas: prepare',
    timed(() => {
      for (const replica of replicas.values()) replica.prepare();
    }),
  );
  return built;
}

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

/** The primary's parts first (each part before its whole), then what one replica adds. */
function structureRows(): string[] {
  const replica = replicas.get('products_price_asc');
  const root = { primary, replica };
  const parts = [
    'documents.arena',
    'documents.numberById',
    'documents.ids',
    'documents',
    'text.postings',
    'text.forwardEntries',
    'text.forwardStarts',
    'text.dictionary',
    'text',
    'columns.facets',
    'columns.numerics',
    'columns.sortTexts',
    'columns',
    'sortOrders',
    'scratch',
  ];
  const paths = [
    ...parts.map((part) => `primary.${part}`),
    ...fieldsAt(root, 'primary'),
    ...fieldsAt(root, 'replica'),
  ];
  const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  return structureSizes(root, [...new Set(paths)])
    .filter((size) => size.bufferBytes + size.heapBytes >= 2 ** 19)
    .map(
      (size) =>
        `| ${size.name} | ${megabytes(size.bufferBytes)} | ${megabytes(size.heapBytes)} | ${size.objects.toLocaleString('en-US')} |`,
    );
}

const structures =
  values.structures === true
    ? [
        '',
        'Structures (typed arrays; estimated JS heap; objects reached), MB, parts of 0.5 MB or more:',
        '',
        '| structure | typed arrays | JS heap (est.) | objects |',
        '|---|--:|--:|--:|',
        ...structureRows(),
      ]
    : [];

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
    ...structures,
  ].join('\n'),
);
