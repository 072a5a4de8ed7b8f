/**
 * HTTP round trip of InstantSearch traffic: autocannon replays a seeded fan-out query log (the helper's
 * `/1/indexes/*\/queries` bodies) against the real service running in its own process over a loaded catalogue,
 * and prints requests/s, latency p50 / p97.5 / p99 and the CPU used by the load generator and by the service.
 *
 * Run: `npx tsx bench/http/run.ts [--quick] [--catalogue luma|real] [--connections 1,8,32] [--duration 10]
 * [--encoding gzip|identity]`. Requests ask for gzip responses by default, as browsers (InstantSearch) do.
 * The load generator shares the machine's cores with the service: its CPU share says how much of the result
 * is the client's limit rather than the service's.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchSettings, loadBenchCatalogue } from './catalogue.ts';
import { buildQueryLog } from './query-log.ts';
import { benchKeys, loadCatalogue, startService } from './service-process.ts';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? undefined : argv[index + 1];
};
const quick = argv.includes('--quick');
const catalogueSize = option('catalogue') === 'luma' ? 'luma' : 'real';
const connections = (option('connections') ?? (quick ? '1,8' : '1,8,32')).split(',').map(Number);
const durationSeconds = Number(option('duration') ?? (quick ? 4 : 10));
const encoding = option('encoding') === 'identity' ? 'identity' : 'gzip';
const root = join(import.meta.dirname, '../..');

const products = loadBenchCatalogue(catalogueSize);
const log = await buildQueryLog(products, quick ? 200 : 1000);
const subQueries = log.reduce(
  (sum, body) => sum + (JSON.parse(body) as { requests: unknown[] }).requests.length,
  0,
);
console.log(
  `${products.length.toLocaleString('en')} records, ${log.length} UI states in the log ` +
    `(${(subQueries / log.length).toFixed(2)} queries per request), ${durationSeconds} s per case, ` +
    `accept-encoding: ${encoding}`,
);

const service = await startService(root);
try {
  await loadCatalogue(service, benchSettings(), products);
  const path = `/1/indexes/*/queries?x-algolia-application-id=${benchKeys.appId}&x-algolia-api-key=${benchKeys.searchKey}`;
  const requests = log.map((body) => ({
    method: 'POST',
    path,
    body,
    headers: { 'content-type': 'text/plain', 'accept-encoding': encoding },
  }));
  await autocannon({ url: service.url, connections: 4, duration: 2, requests });
  const rows = [];
  for (const connectionCount of connections) {
    const clientStart = process.cpuUsage();
    const serviceStart = service.cpuMS();
    const result = await autocannon({
      url: service.url,
      connections: connectionCount,
      duration: durationSeconds,
      requests,
    });
    const client = process.cpuUsage(clientStart);
    const wallMS = result.duration * 1000;
    rows.push({
      connections: connectionCount,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p97.5 ms': result.latency.p97_5,
      'p99 ms': result.latency.p99,
      'errors + non-2xx': result.errors + result.timeouts + result.non2xx,
      'load generator CPU %': Math.round(((client.user + client.system) / 1000 / wallMS) * 100),
      'service CPU %': Math.round(((service.cpuMS() - serviceStart) / wallMS) * 100),
      // On a shared machine req/s depends on the CPU the service gets; its CPU time per request does not.
      'service CPU ms / request': (
        (service.cpuMS() - serviceStart) /
        result.requests.total
      ).toFixed(2),
    });
  }
  console.table(rows);
  console.log(`CPU % is of one core; the machine has ${cpus().length} cores.`);
} finally {
  await service.stop();
}
