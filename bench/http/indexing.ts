/**
 * Indexing the storefront's own records through the HTTP API while shoppers search (issue #26, items 3–5).
 *
 * For each size: the real search service on a fresh PGlite folder gets the storefront's settings with its four
 * sort replicas (`packages/catalogue/src/search-settings.ts`), then `toSearchRecords` of a generated catalogue
 * (`scaledCatalogue`, what `bench/scale/generate-catalogue.ts` writes) through the official `algoliasearch`
 * client: `saveObjects` into the live index, then `replaceAllObjects` (temporary index, moved over the live one),
 * batches of 1,000. Meanwhile a second client loops: a search on `products`, `GET /1/health`, `GET /1/indexes`
 * and a task status, one after the other, each timed from request to the last byte. Then the service is
 * stopped (SIGTERM) and started again on the same folder: the time until a search answers 200.
 *
 * Run: `npx tsx bench/http/indexing.ts [--products 20000,100000] [--port N] [--cpu-prof DIR]
 * [--skip-replace] [--root DIR]`. `--root DIR` runs the search service from another checkout (e.g. the code
 * before a change, for a before/after) with this checkout's records and probes. `--cpu-prof DIR` writes the service's V8 profiles (one per process run), read with
 * `npx tsx bench/http/summarise-profile.ts DIR/<file>.cpuprofile`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../engine/percentile.ts';
import { storefrontRecords } from '../engine/storefront-shape/storefront-records.ts';
import { type AdminProbe, probeWhile } from './indexing-probe.ts';
import { benchKeys, type ServiceProcess, startService } from './service-process.ts';
import { adminClient, setStorefrontSettings } from './storefront-settings.ts';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? undefined : argv[index + 1];
};
const sizes = (option('products') ?? '20000').split(',').map(Number);
const portOption = option('port');
const cpuProfileDir = option('cpu-prof');
const skipReplace = argv.includes('--skip-replace');
const root = option('root') ?? join(import.meta.dirname, '../..');

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0);

interface PhaseResult {
  readonly phase: string;
  readonly records: number;
  readonly seconds: number;
  readonly load: string;
  readonly probes: AdminProbe;
}

async function timedPhase(
  service: ServiceProcess,
  phase: string,
  records: number,
  work: () => Promise<unknown>,
): Promise<PhaseResult> {
  const started = performance.now();
  const probes = await probeWhile(service.url, work);
  const seconds = (performance.now() - started) / 1000;
  console.error(`  ${phase}: ${seconds.toFixed(1)} s (load ${load()})`);
  return { phase, records, seconds, load: load(), probes };
}

async function restartTime(
  service: ServiceProcess,
  dataDir: string,
): Promise<{ service: ServiceProcess; seconds: number; load: string }> {
  const port = Number(new URL(service.url).port);
  await service.stop();
  const started = performance.now();
  const restarted = await startService(root, {
    port,
    dataDir,
    untilListening: true,
    cpuProfileDir,
  });
  const body = JSON.stringify({ query: 'jacket', hitsPerPage: 20 });
  for (;;) {
    const status = await fetch(`${restarted.url}/1/indexes/products/query`, {
      method: 'POST',
      headers: {
        'x-algolia-application-id': benchKeys.appId,
        'x-algolia-api-key': benchKeys.searchKey,
      },
      body,
    }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(`  restart: ${seconds.toFixed(1)} s to searchable (load ${load()})`);
  return { service: restarted, seconds, load: load() };
}

async function runSize(products: number): Promise<void> {
  console.error(`${products} products: generating records (load ${load()})`);
  const records = storefrontRecords(products) as unknown as Record<string, unknown>[];
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-indexing-'));
  let service = await startService(root, {
    port: portOption === undefined ? undefined : Number(portOption),
    dataDir,
    cpuProfileDir,
  });
  try {
    const client = adminClient(service);
    await setStorefrontSettings(client);
    const results: PhaseResult[] = [];
    results.push(
      await timedPhase(service, 'saveObjects (live index)', records.length, async () => {
        const batches = await client.saveObjects({
          indexName: 'products',
          objects: records,
          batchSize: 1000,
        });
        const last = batches.at(-1);
        if (last) await client.waitForTask({ indexName: 'products', taskID: last.taskID });
      }),
    );
    if (!skipReplace) {
      results.push(
        await timedPhase(service, 'replaceAllObjects', records.length, () =>
          client.replaceAllObjects({ indexName: 'products', objects: records, batchSize: 1000 }),
        ),
      );
    }
    const rss = service.rssMB();
    const restart = await restartTime(service, dataDir);
    service = restart.service;
    printTable(products, records.length, results, restart, rss, service.rssMB());
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(
  products: number,
  records: number,
  results: readonly PhaseResult[],
  restart: { seconds: number; load: string },
  rssIndexed: number,
  rssRestarted: number,
): void {
  console.log(
    `\n${products.toLocaleString('en')} products = ${records.toLocaleString('en')} records + 4 sort replicas\n`,
  );
  console.log(
    '| phase | records/s | search p50 / p99 / max ms (n) | health max ms | `GET /1/indexes` max ms | task status max ms | probe retries | load avg |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|---|');
  for (const { phase, records: count, seconds, probes, load: average } of results) {
    const search = probes.search;
    console.log(
      `| ${phase} | ${Math.round(count / seconds).toLocaleString('en')} (${seconds.toFixed(1)} s) | ` +
        `${ms(percentile(search, 50))} / ${ms(percentile(search, 99))} / ${ms(Math.max(...search))} (${search.length}) | ` +
        `${ms(Math.max(...probes.health))} | ${ms(Math.max(...probes.indexes))} | ${ms(Math.max(...probes.task))} | ${probes.failures} | ${average} |`,
    );
  }
  console.log(
    `| restart (SIGTERM, start, until a search answers) | ${restart.seconds.toFixed(1)} s | | | | | | ${restart.load} |`,
  );
  console.log(
    `\nRSS of the service: ${rssIndexed.toFixed(0)} MB after indexing, ${rssRestarted.toFixed(0)} MB after the restart.`,
  );
}

for (const products of sizes) await runSize(products);
