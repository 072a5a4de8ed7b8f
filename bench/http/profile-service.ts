/**
 * Profiles the service's request path in-process, without a load generator: the real app (`buildApp`, a fresh
 * PGlite folder) loaded with the bench catalogue, then the query log replayed through Fastify's `inject`, one
 * request at a time. Prints the CPU time per request (several passes; `inject` skips the socket, so this is the
 * service's own cost minus HTTP parsing) and the functions with the most self time (V8 sampling profiler).
 *
 *   npx tsx bench/http/profile-service.ts [--requests 1000] [--passes 3] [--no-profile] [--encoding gzip|identity]
 *     [--search-cache N] [--log replay|traffic] [--slowest N]
 *
 * PROFILE_TOTAL=apps/search/src adds each of our functions' total time (with callees); PROFILE_STACKS=name the
 * callers of a native function.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/search/src/http/build-app.ts';
import { openSearchStore } from '../../apps/search/src/store/open-search-store.ts';
import { benchSettings, loadBenchCatalogue } from './catalogue.ts';
import { byArea, selfTime, stacksOf, totalTime } from './cpu-profile-summary.ts';
import { buildQueryLog } from './query-log.ts';
import { benchKeys } from './service-process.ts';
import { buildTrafficLog } from './traffic-log.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    passes: { type: 'string', default: '3' },
    'no-profile': { type: 'boolean', default: false },
    /** `gzip` (what browsers send) or `identity` (what the autocannon bench sends). */
    encoding: { type: 'string', default: 'gzip' },
    /** Answers kept by the search cache (the service's default when absent; 0 = off). */
    'search-cache': { type: 'string' },
    /** `traffic`: the first `--requests` requests of the visitor-session log (traffic-log.ts). */
    log: { type: 'string', default: 'replay' },
    /** Prints the latency percentiles of one more pass and its N slowest requests (query, filters). */
    slowest: { type: 'string', default: '0' },
  },
});

/** Live heap after a full collection when run with `--expose-gc` (else whatever is allocated now). */
function heapMB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
}

const products = loadBenchCatalogue('real');
const log =
  values.log === 'traffic'
    ? (await buildTrafficLog(products, Number(values.requests))).slice(0, Number(values.requests))
    : await buildQueryLog(products, Number(values.requests));
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-profile-service-'));
const store = await openSearchStore({ dataDir, databaseUrl: undefined });
const app = await buildApp({
  store,
  keys: { appId: benchKeys.appId, adminKey: benchKeys.adminKey, searchKey: benchKeys.searchKey },
  logger: { level: 'warn' },
  ...(values['search-cache'] === undefined
    ? {}
    : { limits: { searchCacheEntries: Number(values['search-cache']) } }),
});
await app.vitrine.ready;
const adminHeaders = {
  'x-algolia-application-id': benchKeys.appId,
  'x-algolia-api-key': benchKeys.adminKey,
};

async function send(method: 'PUT' | 'POST', url: string, payload: unknown): Promise<void> {
  const response = await app.inject({
    method,
    url,
    payload: payload as never,
    headers: adminHeaders,
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
}

try {
  await send('PUT', '/1/indexes/products/settings', benchSettings());
  for (let start = 0; start < products.length; start += 1000) {
    const requests = products
      .slice(start, start + 1000)
      .map((body) => ({ action: 'addObject', body }));
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/products/batch',
      payload: { requests },
      headers: adminHeaders,
    });
    const { taskID } = response.json<{ taskID: number }>();
    while (
      (
        await app.inject({
          method: 'GET',
          url: `/1/indexes/products/task/${taskID}`,
          headers: adminHeaders,
        })
      ).json<{ status: string }>().status !== 'published'
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const searchHeaders = {
    'x-algolia-application-id': benchKeys.appId,
    'x-algolia-api-key': benchKeys.searchKey,
    'content-type': 'text/plain',
    'accept-encoding': values.encoding ?? 'gzip',
  };
  const replay = async (timings?: number[]): Promise<number> => {
    const start = process.cpuUsage();
    for (const body of log) {
      const sent = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/1/indexes/*/queries',
        payload: body,
        headers: searchHeaders,
      });
      if (response.statusCode !== 200) throw new Error(`search: ${response.body}`);
      timings?.push(performance.now() - sent);
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / log.length;
  };
  await replay();
  const perRequest: string[] = [];
  for (let pass = 0; pass < Number(values.passes); pass++)
    perRequest.push((await replay()).toFixed(3));
  console.log(
    `${log.length} requests, CPU ms per request over each pass: ${perRequest.join(', ')}; ` +
      `search cache ${JSON.stringify(app.vitrine.searchCache.stats)}; heap after GC ${heapMB()} MB`,
  );
  if (Number(values.slowest) > 0) printSlowest(await timedPass(), Number(values.slowest));
  if (!values['no-profile']) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await replay();
    const { profile } = await session.post('Profiler.stop');
    console.log('most self time:', ...selfTime(profile).map((line) => `\n${line}`));
    console.log('self time by area:', ...byArea(profile).map((line) => `\n${line}`));
    if (process.env['PROFILE_TOTAL'])
      console.log(
        `total time within ${process.env['PROFILE_TOTAL']}:`,
        ...totalTime(
          profile,
          process.env['PROFILE_TOTAL'],
          Number(process.env['PROFILE_TOP'] ?? 40),
        ).map((line) => `\n${line}`),
      );
    if (process.env['PROFILE_STACKS'])
      console.log(stacksOf(profile, process.env['PROFILE_STACKS']));
  }
  async function timedPass(): Promise<number[]> {
    const timings: number[] = [];
    await replay(timings);
    return timings;
  }
} finally {
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Latency percentiles of a pass and its slowest requests: each sub-query's text and filters. */
function printSlowest(timings: readonly number[], count: number): void {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share: number) => (sorted[Math.floor(share * (sorted.length - 1))] ?? 0).toFixed(2);
  console.log(`ms per request: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`);
  const slowest = timings
    .map((ms, position) => ({ ms, position }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  for (const { ms, position } of slowest) {
    const { requests } = JSON.parse(log[position] ?? '{}') as {
      requests: {
        query?: string;
        facets?: unknown;
        facetFilters?: unknown;
        numericFilters?: unknown;
        hitsPerPage?: number;
      }[];
    };
    const shown = requests.map(
      (entry) =>
        `"${entry.query ?? ''}" ${entry.hitsPerPage === 0 ? `facet ${JSON.stringify(entry.facets)}` : 'main'} ${JSON.stringify(entry.facetFilters ?? [])}${entry.numericFilters ? ` ${JSON.stringify(entry.numericFilters)}` : ''}`,
    );
    console.log(`${ms.toFixed(2)} ms  #${position}  ${shown.join(' | ')}`);
  }
}
