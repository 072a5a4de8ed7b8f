/**
 * Fairness of the search thread (decision 0012): other shoppers' latency while one client loops on the heaviest
 * legal call, 50 queries of 1,000 hits each (`hitsPerPage` 1,000, the empty query: every query matches the whole
 * catalogue; answers that large are never cached). The shoppers are autocannon replaying the InstantSearch log of
 * `run.ts`; the heavy client is one connection sending the call again as soon as its answer is read (gzip, not
 * decompressed). Each case runs the shoppers alone, then with the heavy client.
 *
 * Run: `npx tsx bench/http/fairness.ts [--connections 1,4] [--duration 10] [--root DIR] [--port N]`. `--root DIR`
 * runs the search service from another checkout (e.g. the code before decision 0012, for a before/after), with
 * this checkout's catalogue and load.
 */
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
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
const connections = (option('connections') ?? '1,4').split(',').map(Number);
const durationSeconds = Number(option('duration') ?? 10);
const root = option('root') ?? join(import.meta.dirname, '../..');
const portOption = option('port');

const products = loadBenchCatalogue('real');
const log = await buildQueryLog(products, 1000);
const path = `/1/indexes/*/queries?x-algolia-application-id=${benchKeys.appId}&x-algolia-api-key=${benchKeys.searchKey}`;
const heavyBody = JSON.stringify({
  requests: Array.from({ length: 50 }, () => ({
    indexName: 'products',
    query: '',
    hitsPerPage: 1000,
  })),
});

/** One heavy call; resolves with its duration in ms and the compressed bytes received. */
function heavyCall(url: URL): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'accept-encoding': 'gzip' },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ ms: performance.now() - started, bytes, status: response.statusCode ?? 0 }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(heavyBody);
  });
}

/** Sends heavy calls one after the other until `stop()`; resolves with their durations. */
function loopHeavy(url: URL): { stop: () => Promise<{ ms: number[]; bytes: number }> } {
  let running = true;
  const durations: number[] = [];
  let bytes = 0;
  const done = (async () => {
    while (running) {
      const call = await heavyCall(url);
      if (call.status !== 200) throw new Error(`The heavy call answered ${call.status}`);
      durations.push(call.ms);
      bytes = call.bytes;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { ms: durations, bytes };
    },
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const service = await startService(root, {
  port: portOption === undefined ? undefined : Number(portOption),
});
try {
  await loadCatalogue(service, benchSettings(), products);
  const url = new URL(service.url);
  // Let the work the load leaves behind (Recommend models, warm-up) finish, and warm the shoppers' cache.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const requests = log.map((body) => ({
    method: 'POST' as const,
    path,
    body,
    headers: { 'content-type': 'text/plain', 'accept-encoding': 'gzip' },
  }));
  await autocannon({ url: service.url, connections: 3, duration: 3, requests });
  const rows = [];
  for (const connectionCount of connections) {
    for (const withHeavy of [false, true]) {
      const heavy = withHeavy ? loopHeavy(url) : undefined;
      const result = await autocannon({
        url: service.url,
        connections: connectionCount,
        duration: durationSeconds,
        requests,
      });
      const heavyCalls = await heavy?.stop();
      const heavyMS = heavyCalls?.ms ?? [];
      rows.push({
        'shopper connections': connectionCount,
        'heavy client': withHeavy ? 'looping' : 'none',
        'shopper req/s': Math.round(result.requests.average),
        'shopper p50 ms': round(result.latency.p50),
        'shopper p99 ms': round(result.latency.p99),
        'shopper max ms': round(result.latency.max),
        'errors + non-2xx': result.errors + result.timeouts + result.non2xx,
        'heavy calls': withHeavy ? heavyMS.length : '',
        'heavy call mean ms': withHeavy
          ? Math.round(heavyMS.reduce((sum, ms) => sum + ms, 0) / Math.max(1, heavyMS.length))
          : '',
        'heavy answer MB (gzip)': withHeavy
          ? ((heavyCalls?.bytes ?? 0) / 1_000_000).toFixed(1)
          : '',
      });
    }
  }
  console.table(rows);
  console.log(
    `service from ${root}; ${products.length.toLocaleString('en')} records; ${durationSeconds} s per case; ` +
      `heavy call: 50 queries x 1,000 hits; ${cpus().length} cores; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}.`,
  );
} finally {
  await service.stop();
}
