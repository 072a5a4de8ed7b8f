/**
 * HTTP round trip of InstantSearch traffic: autocannon replays a seeded fan-out query log (the helper's
 * `/1/indexes/*\/queries` bodies) against the real service running in its own process over a loaded catalogue,
 * and prints requests/s, latency p50 / p97.5 / p99 and the CPU used by the load generator and by the service.
 *
 * Run: `npx tsx bench/http/run.ts [--quick] [--catalogue luma|real] [--connections 1,8,32] [--duration 10]
 * [--encoding gzip|identity] [--port N] [--processes N] [--search-cache N] [--warm-up S] [--client autocannon|wrk]
 * [--cpu-prof DIR] [--log replay|traffic]`.
 * `--log traffic` (wrk only) replays visitor sessions in order from the service's cold start instead of the
 * 1,000-state log in a loop (`traffic-log.ts`): the cases take consecutive slices of one log, no warm-up.
 * `--search-cache 0` turns the service's search cache off (every request runs its searches). Requests ask for gzip responses by
 * default, as browsers (InstantSearch) do. `--port N` listens on N instead of a free ephemeral port;
 * `--processes N` runs the service with N search workers (SEARCH_PROCESSES); `--cpu-prof DIR` writes the service's V8 CPU profile there (`summarise-profile.ts` reads it).
 * The load generator shares the machine's cores with the service: its CPU share says how much of the result
 * is the client's limit rather than the service's. `--client wrk` uses Debian's `wrk` (installed when missing,
 * as root) instead of autocannon: a C client that needs several times less CPU per request.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureSystemPackages, wrkPackage } from '../../scripts/lib/system-packages.ts';
import { benchSettings, loadBenchCatalogue } from './catalogue.ts';
import { buildQueryLog } from './query-log.ts';
import { benchKeys, loadCatalogue, startService } from './service-process.ts';
import { buildTrafficLog, repeatShare } from './traffic-log.ts';
import { type LoadResult, runWrk } from './wrk-load.ts';

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
const client = option('client') === 'wrk' ? 'wrk' : 'autocannon';
const traffic = option('log') === 'traffic';
if (traffic && client !== 'wrk') throw new Error('--log traffic needs --client wrk');
if (client === 'wrk') ensureSystemPackages([wrkPackage]);
const root = join(import.meta.dirname, '../..');

const products = loadBenchCatalogue(catalogueSize);
// Traffic: enough visitor sessions that no case wraps around (≤ 6,000 req/s over every case).
const log = traffic
  ? await buildTrafficLog(products, Math.min(300_000, 6_000 * durationSeconds * connections.length))
  : await buildQueryLog(products, quick ? 200 : 1000);
const subQueries = log.reduce(
  (sum, body) => sum + (JSON.parse(body) as { requests: unknown[] }).requests.length,
  0,
);
console.log(
  `${products.length.toLocaleString('en')} records, ${log.length} ${traffic ? 'requests of visitor sessions' : 'UI states'} in the log ` +
    `(${(subQueries / log.length).toFixed(2)} queries per request), ${durationSeconds} s per case, ` +
    `accept-encoding: ${encoding}`,
);

/**
 * Connections for the warm-up. wrk hands the log's bodies out in turn over its connections, and each connection
 * stays with one search worker: with a connection count that divides the log's length, a connection (so a
 * worker) would only ever see every n-th body. A count coprime with the length lets every connection go
 * through the whole log, so that a long enough warm-up leaves every worker's search cache holding all of it.
 */
function warmUpConnections(logLength: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let count = 3;
  while (gcd(count, logLength) !== 1) count += 2;
  return count;
}

/** Latencies to 0.1 ms (autocannon reports whole ms, wrk µs). */
const round = (ms: number) => Math.round(ms * 10) / 10;

const portOption = option('port');
// `--processes N`: the service with N search workers behind its port (SEARCH_PROCESSES=N: the owner process
// holds the store and applies writes, each worker answers searches from its own copy of the indices).
const processCount = Math.max(1, Number(option('processes') ?? 1));
// `--search-cache N`: answers kept by the service's search cache per process (SEARCH_CACHE_ENTRIES; 0 = off;
// default: the service's own default, 10,000 answers, which hold the whole log once it has been seen).
const searchCache = option('search-cache');
// `--warm-up S` (default 2): seconds of load before the measured cases. With the search cache on, a warm-up long
// enough for every worker to see the whole log (≈ 3 × log length × processes requests) measures its steady state.
const warmUpSeconds = Number(option('warm-up') ?? (traffic ? 0 : 2));
const service = await startService(root, {
  port: portOption === undefined ? undefined : Number(portOption),
  cpuProfileDir: option('cpu-prof'),
  env: {
    SEARCH_PROCESSES: String(processCount),
    ...(searchCache === undefined ? {} : { SEARCH_CACHE_ENTRIES: searchCache }),
  },
});
try {
  await loadCatalogue(service, benchSettings(), products);
  const path = `/1/indexes/*/queries?x-algolia-application-id=${benchKeys.appId}&x-algolia-api-key=${benchKeys.searchKey}`;
  const requests = log.map((body) => ({
    method: 'POST',
    path,
    body,
    headers: { 'content-type': 'text/plain', 'accept-encoding': encoding },
  }));
  // Traffic: where the next case starts in the log (the requests answered so far).
  let offset = 0;
  const load = async (connectionCount: number, duration: number): Promise<LoadResult> => {
    if (client === 'wrk') {
      return runWrk({
        url: service.url,
        path,
        bodies: log,
        encoding,
        connections: connectionCount,
        durationSeconds: duration,
        offset,
      });
    }
    const clientStart = process.cpuUsage();
    const result = await autocannon({
      url: service.url,
      connections: connectionCount,
      duration,
      requests,
    });
    const used = process.cpuUsage(clientStart);
    return {
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
      durationMS: result.duration * 1000,
      clientCpuMS: (used.user + used.system) / 1000,
    };
  };
  // Loading the catalogue leaves work behind (the Recommend models are rebuilt once writes go quiet, GC): wait
  // until the service idles, so that none of it is counted as the first case's CPU.
  for (let waited = 0; waited < 60_000; waited += 500) {
    const before = service.cpuMS();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (service.cpuMS() - before < 25 * processCount) break;
  }
  if (warmUpSeconds > 0) offset += (await load(warmUpConnections(log.length), warmUpSeconds)).total;
  const rows = [];
  for (const connectionCount of connections) {
    const serviceStart = service.cpuMS();
    const result = await load(connectionCount, durationSeconds);
    const serviceMS = service.cpuMS() - serviceStart;
    const slice = { from: offset, to: offset + result.total };
    offset += result.total;
    rows.push({
      connections: connectionCount,
      ...(traffic
        ? {
            'log requests': `${slice.from.toLocaleString('en')}–${slice.to.toLocaleString('en')}`,
            'repeats %': Math.round(repeatShare(log, slice.from, slice.to) * 100),
          }
        : {}),
      'req/s': Math.round(result.requestsPerSecond),
      'p50 ms': round(result.p50),
      'p97.5 ms': round(result.p97_5),
      'p99 ms': round(result.p99),
      'errors + non-2xx': result.failures,
      'load generator CPU %': Math.round((result.clientCpuMS / result.durationMS) * 100),
      'service CPU %': Math.round((serviceMS / result.durationMS) * 100),
      // On a shared machine req/s depends on the CPU the service gets; its CPU time per request does not.
      'service CPU ms / request': (serviceMS / result.total).toFixed(2),
    });
  }
  console.table(rows);
  console.log(
    `${processCount} search process(es), search cache ${searchCache ?? 'default (10,000)'} entries, ${warmUpSeconds} s warm-up, load from ${client}${traffic ? ', visitor sessions from a cold start (repeats %: requests of the slice identical to an earlier one in the log; each process caches its own answers, so its hit rate is lower)' : ''}; CPU % is of one core; the machine has ${cpus().length} cores; ` +
      `service memory ${Math.round(service.rssMB())} MB; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}.`,
  );
} finally {
  await service.stop();
}
