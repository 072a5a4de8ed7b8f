/**
 * Restarting the search service with the storefront's own records (issue #26 item 4, issue #25's warm restart):
 * the time from starting the process to a search answering 200, rebuilding the indices from the store and taken
 * from the persisted build (decision 0016, "Restart"), the build's size on disk, what writing it cost and the
 * longest wait a request saw meanwhile.
 *
 * For each size: the real service on a fresh PGlite folder gets the storefront's settings and its four sort
 * replicas through the official client; the records (`toSearchRecords` of the generated catalogue, as in
 * `indexing.ts`) are then written straight into the stopped service's store, 5,000 per task (the bench measures
 * restarts, not indexing). Start 1 finds no build: it rebuilds from the store, then writes the build after its
 * quiet time while a client polls `GET /1/health` one request after the other (the longest answer is the longest
 * stall a request saw, load included). Start 2, after a clean stop, takes the indices from the build.
 *
 * Start 2 then takes one write (a record saved through the official client) and writes the build again while a
 * client sends `GET /1/health` and a search one after the other: the stall a request sees while the build is saved
 * on a quiet service (start 1's window also has the rebuild's garbage collection and warm-up in it). The RSS is
 * read when a search first answers and again once the build is written (the service idle).
 *
 * Run: `npx tsx bench/http/restart.ts [--products 20000,100000] [--port N] [--root DIR] [--cpu-prof DIR]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSearchStore } from '../../apps/search/src/store/open-search-store.ts';
import type { StoredEntry } from '../../apps/search/src/store/search-store.ts';
import { generatedRecords } from '../engine/storefront-shape/storefront-records.ts';
import { benchKeys, type ServiceProcess, startService } from './service-process.ts';
import { adminClient, setStorefrontSettings } from './storefront-settings.ts';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? undefined : argv[index + 1];
};
const sizes = (option('products') ?? '20000').split(',').map(Number);
const port = option('port') === undefined ? undefined : Number(option('port'));
/** The checkout whose service runs (another one measures its code with this bench: the "before" rows). */
/** Writes a V8 CPU profile of start 2 (the start from the build, its write and the save after it) there. */
const cpuProfileDir = option('cpu-prof');
const root = option('root') ?? join(import.meta.dirname, '../..');
const recordsPerTask = 5000;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** The storefront's settings and replicas, set through the official client on a service over `dataDir`. */
async function configure(dataDir: string): Promise<void> {
  const service = await startService(root, { port, dataDir });
  await setStorefrontSettings(adminClient(service));
  await service.stop();
}

/** Writes the records of `products` generated products into the store, as the service stores a batch. */
async function fillStore(dataDir: string, products: number): Promise<number> {
  const store = await openSearchStore({ dataDir });
  let count = 0;
  let batch: StoredEntry[] = [];
  const commit = async () => {
    await store.commit(
      [{ kind: 'putEntries', entries: 'records', index: 'products', values: batch }],
      'products',
      new Date(),
    );
    batch = [];
  };
  for (const record of generatedRecords(products)) {
    batch.push({ objectID: String(record.objectID), body: record });
    count++;
    if (batch.length === recordsPerTask) await commit();
  }
  if (batch.length > 0) await commit();
  await store.close();
  return count;
}

interface Start {
  readonly service: ServiceProcess;
  readonly seconds: number;
  readonly load: string;
}

/** Starts the service and waits until a search answers 200. */
async function timedStart(
  dataDir: string,
  onOutput: (line: string) => void,
  profileDir?: string,
): Promise<Start> {
  const started = performance.now();
  const service = await startService(root, {
    port,
    dataDir,
    cpuProfileDir: profileDir,
    untilListening: true,
    env: { LOG_LEVEL: 'info', SEARCH_PERSISTED_BUILD_QUIET_MS: '2000' },
    onOutput,
  });
  const body = JSON.stringify({ query: 'jacket', hitsPerPage: 20 });
  const headers = {
    'x-algolia-application-id': benchKeys.appId,
    'x-algolia-api-key': benchKeys.searchKey,
  };
  for (;;) {
    const status = await fetch(`${service.url}/1/indexes/products/query`, {
      method: 'POST',
      headers,
      body,
    }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { service, seconds: (performance.now() - started) / 1000, load: load() };
}

interface WaitsWhile {
  /** The longest `GET /1/health` answer, ms. */
  readonly health: number;
  /** Search answer times, ms (empty unless searches were asked for). */
  readonly searches: number[];
}

/**
 * Sends `GET /1/health` (and, with `search`, a search after each) one request after the other until `done()`.
 */
async function waitsWhile(url: string, done: () => boolean, search = false): Promise<WaitsWhile> {
  let health = 0;
  const searches: number[] = [];
  const headers = {
    'x-algolia-application-id': benchKeys.appId,
    'x-algolia-api-key': benchKeys.searchKey,
  };
  const queries = ['jacket', 'robe', 'shirt blue', 'chaussures', 'wool'];
  while (!done()) {
    let started = performance.now();
    await fetch(`${url}/1/health`).then((response) => response.arrayBuffer());
    health = Math.max(health, performance.now() - started);
    if (!search) continue;
    started = performance.now();
    const body = JSON.stringify({ query: queries[searches.length % queries.length] });
    await fetch(`${url}/1/indexes/products/query`, { method: 'POST', headers, body }).then(
      (response) => response.arrayBuffer(),
    );
    searches.push(performance.now() - started);
  }
  return { health, searches };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The log messages (pino JSON lines) the service printed. */
function messages(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      return typeof msg === 'string' ? [msg] : [];
    } catch {
      return [];
    }
  });
}

async function runSize(products: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-restart-'));
  try {
    await configure(dataDir);
    const filling = performance.now();
    const records = await fillStore(dataDir, products);
    console.error(
      `${products} products: ${records} records stored in ${((performance.now() - filling) / 1000).toFixed(0)} s (load ${load()})`,
    );
    const firstLines: string[] = [];
    const first = await timedStart(dataDir, (line) => firstLines.push(line));
    const rssFromStore = first.service.rssMB();
    const written = () =>
      messages(firstLines).find((msg) => msg.startsWith('Persisted build written'));
    const longestHealth = (await waitsWhile(first.service.url, () => written() !== undefined))
      .health;
    const rssFromStoreIdle = first.service.rssMB();
    const writeLoad = load();
    await first.service.stop();
    const secondLines: string[] = [];
    const second = await timedStart(dataDir, (line) => secondLines.push(line), cpuProfileDir);
    const rssFromBuild = second.service.rssMB();
    const client = adminClient(second.service);
    const saved = await client.saveObject({
      indexName: 'products',
      body: { objectID: 'bench-restart-probe', name: 'probe' },
    });
    await client.waitForTask({ indexName: 'products', taskID: saved.taskID });
    const writtenAgain = () =>
      messages(secondLines).filter((msg) => msg.startsWith('Persisted build written')).length > 0;
    const quiet = await waitsWhile(second.service.url, writtenAgain, true);
    const quietLoad = load();
    const rssFromBuildIdle = second.service.rssMB();
    await second.service.stop();
    const bytes = statSync(join(dataDir, 'search-build', 'indices.build')).size;
    const loaded = (lines: string[]) =>
      lines.find((line) => line.startsWith('Indices loaded')) ?? '';
    console.log(
      `\n${products.toLocaleString('en')} products = ${records.toLocaleString('en')} records + 4 sort replicas\n`,
    );
    console.log(
      '| start | to a search answering 200 | RSS then | RSS once the build is written | load avg |',
    );
    console.log('|---|--:|--:|--:|---|');
    console.log(
      `| from the store (no build) | ${first.seconds.toFixed(1)} s | ${rssFromStore.toFixed(0)} MB | ${rssFromStoreIdle.toFixed(0)} MB | ${first.load} |`,
    );
    console.log(
      `| from the persisted build | ${second.seconds.toFixed(1)} s | ${rssFromBuild.toFixed(0)} MB | ${rssFromBuildIdle.toFixed(0)} MB | ${second.load} |`,
    );
    console.log(`\nBuild on disk: ${(bytes / 1e6).toFixed(0)} MB. ${written() ?? 'not written'}.`);
    console.log(
      `Longest \`GET /1/health\` while it was written: ${longestHealth.toFixed(0)} ms (load ${writeLoad}).`,
    );
    console.log(
      `After one write on start 2, while the build was saved again: longest \`GET /1/health\` ${quiet.health.toFixed(0)} ms; search p50 / p99 / max ${percentile(quiet.searches, 50).toFixed(1)} / ${percentile(quiet.searches, 99).toFixed(1)} / ${Math.max(...quiet.searches).toFixed(1)} ms (${quiet.searches.length} searches; load ${quietLoad}). ${messages(secondLines).find((msg) => msg.startsWith('Persisted build written')) ?? ''}`,
    );
    console.log(`Start 1: ${loaded(firstLines)}\nStart 2: ${loaded(secondLines)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const products of sizes) await runSize(products);
