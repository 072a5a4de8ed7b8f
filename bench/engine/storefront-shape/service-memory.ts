/**
 * The real search service holding the storefront's records: starts `apps/search/src/main.ts` on a fresh data
 * folder, sends the storefront's settings (`products` and its four standard sort replicas) and then the records of
 * a generated catalogue (`scaledCatalogue` + `toSearchRecords`, as `bench/scale/generate-catalogue.ts` and the
 * import make them) through the official client in batches of 1,000, and reads the service's RSS from `/proc`:
 * empty, once every write is applied, after a minute idle, after searches. Also times searches from outside.
 *
 *   npx tsx bench/engine/storefront-shape/service-memory.ts [--products 100000] [--port 7411]
 */
import { loadavg } from 'node:os';
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
  },
});
const products = Number(values.products);
const root = join(import.meta.dirname, '../../..');
const service = await startService(root, { port: Number(values.port) });
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

try {
  note(`empty service: ${rss()}`);
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
  let batch: Record<string, unknown>[] = [];
  let lastTask = 0;
  const send = async () => {
    const response = await client.batch({
      indexName: 'products',
      batchWriteParams: { requests: batch.map((body) => ({ action: 'addObject', body })) },
    });
    lastTask = response.taskID;
    batch = [];
  };
  for (const product of scaledCatalogue(loadLumaSample(), products, 1)) {
    for (const record of toSearchRecords(product)) {
      batch.push(record as unknown as Record<string, unknown>);
      records++;
      if (batch.length === 1000) await send();
    }
  }
  if (batch.length > 0) await send();
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
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  note(`after a minute idle: ${rss()}`);
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
  note(`after the searches: ${rss()}`);
} finally {
  await service.stop();
}
console.log(lines.join('\n'));
