/**
 * The real search service holding the storefront's records: starts `apps/search/src/main.ts` on a fresh data
 * folder, sends the storefront's settings (`products` and its four standard sort replicas) and then the records of
 * a generated catalogue (`scaledCatalogue` + `toSearchRecords`, as `bench/scale/generate-catalogue.ts` and the
 * import make them) through the official client in batches of 1,000, and reads the service's RSS from `/proc`:
 * empty, once every write is applied, after a minute idle, after searches. Also times searches from outside.
 * With `--replace-all` the same records are then sent again through `replaceAllObjects` (a temporary index,
 * moved onto `products`); with `--restart` the service is then stopped and started again on the same store.
 * At each step the service, preloaded with `memory-probe.ts`, reports its heap, external and array-buffer
 * memory and PGlite's WebAssembly memory. `--node-option` passes an option to the service's Node (repeatable).
 *
 *   npx tsx bench/engine/storefront-shape/service-memory.ts [--products 100000] [--port 7411] [--replace-all]
 *     [--restart] [--node-option=--max-semi-space-size=16]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { productIndexSettings, replicaSettings, toSearchRecords } from '@vitrine/catalogue';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { algoliasearch } from 'algoliasearch';
import { benchKeys, startService } from '../../http/service-process.ts';
import { percentile } from '../percentile.ts';
import { buildQueryMixes } from '../query-mixes.ts';
import { lumaQuerySource, storefrontFacets } from './storefront-records.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    port: { type: 'string', default: '7411' },
    queries: { type: 'string', default: '200' },
    'replace-all': { type: 'boolean', default: false },
    restart: { type: 'boolean', default: false },
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});
const products = Number(values.products);
const root = join(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-service-memory-'));
const probeFile = join(dataDir, 'memory-probe.json');
const serviceOptions = {
  port: Number(values.port),
  dataDir,
  nodeArgs: [
    '--expose-gc',
    '--import',
    join(import.meta.dirname, 'memory-probe.ts'),
    ...(values['node-option'] ?? []),
  ],
  env: { MEMORY_PROBE_FILE: probeFile },
};
let service = await startService(root, serviceOptions);
const client = algoliasearch(benchKeys.appId, benchKeys.adminKey, {
  hosts: [{ url: `127.0.0.1:${values.port}`, protocol: 'http', accept: 'readWrite' }],
  // The service applies a batch on its event loop (issue #26 item 3): the next request waits for it.
  timeouts: { connect: 600_000, read: 600_000, write: 600_000 },
});
const lines: string[] = [];
const note = (line: string) => {
  lines.push(line);
  process.stderr.write(`${line}\n`);
};
const load = () => (loadavg()[0] ?? 0).toFixed(1);
const rss = () => `${service.rssMB().toFixed(0)} MB RSS (load ${load()})`;

/** What the service's memory probe reports after two forced collections (RSS read from `/proc` as well). */
async function probe(label: string): Promise<void> {
  rmSync(probeFile, { force: true });
  service.child.kill('SIGUSR2');
  while (!existsSync(probeFile)) await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const report = JSON.parse(readFileSync(probeFile, 'utf8')) as Record<string, unknown>;
  note(`${label}: ${rss()}; after GC ${JSON.stringify(report)}`);
}

async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
  let batch: Record<string, unknown>[] = [];
  for (const product of scaledCatalogue(loadLumaSample(), products, 1)) {
    for (const record of toSearchRecords(product)) {
      batch.push(record as unknown as Record<string, unknown>);
      if (batch.length === 1000) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

try {
  await probe('empty service');
  const settings = await client.setSettings({
    indexName: 'products',
    indexSettings: productIndexSettings as never,
  });
  await client.waitForTask({ indexName: 'products', taskID: settings.taskID });
  for (const [indexName, own] of Object.entries(replicaSettings)) {
    const task = await client.setSettings({ indexName, indexSettings: own });
    await client.waitForTask({ indexName, taskID: task.taskID });
  }
  const started = performance.now();
  let records = 0;
  let lastTask = 0;
  for await (const batch of batches()) {
    const response = await client.batch({
      indexName: 'products',
      batchWriteParams: { requests: batch.map((body) => ({ action: 'addObject', body })) },
    });
    lastTask = response.taskID;
    records += batch.length;
  }
  await client.waitForTask({ indexName: 'products', taskID: lastTask, maxRetries: 100_000 });
  const seconds = (performance.now() - started) / 1000;
  note(
    `${records.toLocaleString('en-US')} records indexed with 4 replicas in ${seconds.toFixed(0)} s ` +
      `(${(records / seconds).toFixed(0)} records/s): ${rss()}`,
  );
  const { items } = await client.listIndices();
  for (const item of items)
    note(
      `${item.name}: ${item.entries} entries, dataSize ${(item.dataSize / 2 ** 20).toFixed(0)} MB`,
    );
  await probe('every batch applied');
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  await probe('after a minute idle');
  const mixes = buildQueryMixes(lumaQuerySource(), Number(values.queries));
  for (const indexName of ['products', 'products_price_asc']) {
    const samples: number[] = [];
    for (const query of mixes['multi-word'].concat(mixes.prefix, mixes['typo-1'])) {
      const before = performance.now();
      await client.searchSingleIndex({
        indexName,
        searchParams: { query: query.text, facets: [...storefrontFacets] },
      });
      samples.push(performance.now() - before);
    }
    note(
      `${indexName}: ${samples.length} searches with facets from outside, wall clock p50 ` +
        `${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms (load ${load()})`,
    );
  }
  await probe('after the searches');
  if (values['replace-all'] === true) {
    const replaced = performance.now();
    const objects: Record<string, unknown>[] = [];
    for await (const batch of batches()) objects.push(...batch);
    await client.replaceAllObjects({ indexName: 'products', objects, batchSize: 1000 });
    objects.length = 0;
    note(`replaceAllObjects in ${((performance.now() - replaced) / 1000).toFixed(0)} s`);
    await probe('after replaceAllObjects');
  }
  if (values.restart === true) {
    await service.stop();
    const restarted = performance.now();
    service = await startService(root, serviceOptions);
    note(`restart to ready in ${((performance.now() - restarted) / 1000).toFixed(0)} s`);
    await probe('after a restart');
  }
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
