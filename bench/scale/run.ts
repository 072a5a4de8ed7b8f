/**
 * `npx tsx bench/scale/run.ts [--sizes 1k,20k,100k] [--port 3431] [--search-port 7431] [--requests 20]
 * [--no-readme] [--postgres]`: the storefront at a merchant's size (issue #25, item 5). For each size: a
 * catalogue made by `generate-catalogue.ts` (NDJSON), a fresh data folder (with `--postgres`, a fresh database on
 * a throw-away PostgreSQL server for both stores instead of PGlite), `npm run import` (store not running), then
 * `npm start` cold (empty search data) and warm (restart), timing start to serving, to searchable, to
 * the index up to date and to settled (both processes idle: what runs after the sync, such as the Query
 * Suggestions set-up, is over); each page's server time (home, category, search, product, cart, in English
 * and French) timed from outside once settled, with the CPU time each process spent per request; each
 * process's RSS read from /proc; the storefront's longest event-loop stall during its sync (from its log
 * line). Writes its section of bench/README.md between
 * `<!-- scale:start -->` and `<!-- scale:end -->` (with `--postgres`: prints its table only).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgresServer } from '@vitrine/database/testing';

const root = join(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : (argv[at + 1] ?? fallback);
};
const sizes = option('--sizes', '1k,20k,100k')
  .split(',')
  .map((size) => Number(size.replace(/k$/i, '000')));
const port = Number(option('--port', '3431'));
const searchPort = Number(option('--search-port', '7431'));
const requests = Number(option('--requests', '20'));
const node = [process.execPath, '--import', 'tsx'];
/** `--postgres`: both stores on a PostgreSQL server started for the run (Debian's binaries), PGlite otherwise. */
const postgres = argv.includes('--postgres') ? await startPostgresServer() : undefined;

/** Idle: each process used under this share of one core over a window. */
const idleShare = 0.1;
const idleWindowMs = 2_000;
const idleWindows = 3;

/** /proc counts CPU time in clock ticks: 100 per second on Linux. */
const clockTickMs = 10;

const work = mkdtempSync(join(tmpdir(), 'vitrine-bench-scale-'));
const loadBefore = loadavg()[0] ?? 0;
const started = performance.now();

interface Start {
  serving: number;
  searchable: number;
  upToDate: number;
  /** Both processes idle (seconds from start), or why not. */
  settled: number | string;
  syncLine: string;
  stallMs: number | undefined;
  /** The most CPU the storefront's thread used between two turns (what the stall is on a machine with a core to spare). */
  stallCpuMs: number | undefined;
}

interface SizeRun {
  products: number;
  importSeconds: number;
  importRssMb: number | undefined;
  cold: Start | string;
  warm: Start | string;
  pages: Record<string, PageTimes | string>;
  rss: Record<
    'storefront' | 'search' | 'storefrontPeak' | 'searchPeak' | 'storefrontWarm' | 'searchWarm',
    number | undefined
  >;
}

interface PageTimes {
  p50: number;
  p95: number;
  searchP50?: number;
  /** CPU time (user + system, /proc) each process spent per request, in ms. */
  storefrontCpu?: number;
  searchCpu?: number;
}

const runs: SizeRun[] = [];
try {
  for (const products of sizes) {
    console.log(`\n## ${products.toLocaleString('en')} products`);
    runs.push(await measureSize(products));
    console.log(JSON.stringify(runs.at(-1), null, 1));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  postgres?.stop();
}
const table = renderTable(runs);
console.log(`\n${table}`);
if (!argv.includes('--no-readme') && !postgres) writeSection(table);

async function measureSize(products: number): Promise<SizeRun> {
  const file = join(work, `catalogue-${products}.ndjson`);
  run('generate', [...node, 'bench/scale/generate-catalogue.ts', String(products), file]);
  const firstTexts = (
    JSON.parse(readFileSync(file, 'utf8').slice(0, 200_000).split('\n')[0] ?? '{}') as {
      texts?: Record<'en' | 'fr', { slug?: string } | undefined>;
    }
  ).texts;
  const slugs = { en: firstTexts?.en?.slug ?? '', fr: firstTexts?.fr?.slug ?? '' };
  const dataDir = join(work, `data-${products}`);
  mkdirSync(dataDir);
  const env = {
    ...process.env,
    VITRINE_DATA_DIR: dataDir,
    PORT: String(port),
    SEARCH_PORT: String(searchPort),
    VITRINE_NEXT_DIST_DIR: `.next-bench-${port}`,
    ...(postgres ? { DATABASE_URL: await createDatabase(postgres.url, `scale_${products}`) } : {}),
  };
  const importStart = performance.now();
  const imported = spawnSync(
    '/usr/bin/time',
    ['-f', 'maxrss %M', ...node, 'scripts/import.ts', file],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  const importSeconds = (performance.now() - importStart) / 1000;
  if (imported.status !== 0) throw new Error(`the import failed: ${imported.stderr}`);
  const rssKb = /maxrss (\d+)/.exec(imported.stderr)?.[1];
  console.log(`imported in ${importSeconds.toFixed(1)} s`);

  const result: SizeRun = {
    products,
    importSeconds,
    importRssMb: rssKb ? Number(rssKb) / 1024 : undefined,
    cold: '',
    warm: '',
    pages: {},
    rss: {
      storefront: undefined,
      search: undefined,
      storefrontPeak: undefined,
      searchPeak: undefined,
      storefrontWarm: undefined,
      searchWarm: undefined,
    },
  };
  const cold = await startStack(env, dataDir, products);
  try {
    result.cold = cold.start;
    if (typeof cold.start === 'string') throw new Error(cold.start);
    result.pages = await timePages(slugs, dataDir);
    const storefront = processMemory(join(dataDir, 'storefront.pid'));
    const search = processMemory(join(dataDir, 'search-service.pid'));
    result.rss = {
      ...result.rss,
      storefront: storefront?.rss,
      storefrontPeak: storefront?.peak,
      search: search?.rss,
      searchPeak: search?.peak,
    };
  } catch (error) {
    console.log(`pages not measured: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cold.stop();
  }
  console.log(
    `persisted build after the stop: ${describeFile(join(dataDir, 'search-build', 'indices.build'))}`,
  );
  const warm = await startStack(env, dataDir, products);
  result.warm = warm.start;
  if (typeof warm.start !== 'string') {
    result.rss.storefrontWarm = processMemory(join(dataDir, 'storefront.pid'))?.rss;
    result.rss.searchWarm = processMemory(join(dataDir, 'search-service.pid'))?.rss;
  }
  await warm.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
  return result;
}

/** Starts `scripts/start.ts` and waits for serving, searchable and the index up to date (30 min at most). */
async function startStack(env: NodeJS.ProcessEnv, dataDir: string, products: number) {
  const t0 = performance.now();
  const child = spawn(node[0] as string, [...node.slice(1), 'scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const since = () => (performance.now() - t0) / 1000;
  const stop = () => stopChild(child);
  try {
    return { start: await waitForStart(child, dataDir, products, since, () => output), stop };
  } catch (error) {
    console.log(output.slice(-3000));
    return { start: error instanceof Error ? error.message : String(error), stop };
  } finally {
    // Whether the search service started from its persisted build or rebuilt from its store, and why.
    for (const line of output
      .split('\n')
      .filter((text) => /Indices loaded|ersisted build/.test(text)))
      console.log(line);
  }
}

function describeFile(path: string): string {
  if (!existsSync(path)) return 'none';
  const { size, mtime } = statSync(path);
  return `${(size / 1e6).toFixed(0)} MB, written ${mtime.toISOString()}`;
}

async function waitForStart(
  child: ChildProcess,
  dataDir: string,
  products: number,
  since: () => number,
  output: () => string,
): Promise<Start> {
  const timeoutMs = 30 * 60_000;
  const serving = await waitFor(child, timeoutMs, async () =>
    (await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? since() : undefined,
  );
  console.log(`serving after ${serving.toFixed(1)} s`);
  const searchable = await waitFor(child, timeoutMs, async () =>
    (await searchHits(dataDir)) > 0 ? since() : undefined,
  );
  console.log(`searchable after ${searchable.toFixed(1)} s`);
  const syncLine = /Search index (updated on|on) [^\n]*/;
  const upToDate = await waitFor(child, timeoutMs, async () =>
    syncLine.test(output()) ? since() : undefined,
  );
  const line = syncLine.exec(output())?.[0] ?? '';
  const stall = /longest event-loop stall (\d+) ms/.exec(line)?.[1];
  const stallCpu = /at most (\d+) ms of CPU between two turns/.exec(line)?.[1];
  console.log(`up to date after ${upToDate.toFixed(1)} s: ${line} (${products} products)`);
  const settled = await waitUntilIdle(child, dataDir).then(
    () => since(),
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  console.log(`settled after ${typeof settled === 'number' ? `${settled.toFixed(1)} s` : settled}`);
  return {
    serving,
    searchable,
    upToDate,
    settled,
    syncLine: line,
    stallMs: stall === undefined ? undefined : Number(stall),
    stallCpuMs: stallCpu === undefined ? undefined : Number(stallCpu),
  };
}

/**
 * Waits until the storefront and the search service have both been idle for `idleWindows` windows in a row
 * (what they do after the sync, such as the Query Suggestions set-up and its build, is over), 10 min at most.
 * Pages are timed then, so that their times are a shopper's and not those of pages served while the shop
 * finishes its start (the log and the "settled" row say how long that lasts).
 */
async function waitUntilIdle(child: ChildProcess, dataDir: string): Promise<void> {
  const names = ['storefront', 'search-service'];
  const deadline = Date.now() + 10 * 60_000;
  let quiet = 0;
  while (quiet < idleWindows) {
    if (Date.now() > deadline) throw new Error('still busy after 10 min');
    if (child.exitCode !== null) throw new Error(`the stack exited with code ${child.exitCode}`);
    const before = names.map((name) => cpuMs(join(dataDir, `${name}.pid`)));
    await new Promise((resolve) => setTimeout(resolve, idleWindowMs));
    const after = names.map((name) => cpuMs(join(dataDir, `${name}.pid`)));
    const busy = after.some((ms, at) => ms - (before[at] ?? 0) > idleShare * idleWindowMs);
    quiet = busy ? 0 : quiet + 1;
  }
}

/** CPU time (user + system) the process whose pid the file holds has used, in ms; 0 when it is gone. */
function cpuMs(pidFile: string): number {
  try {
    const pid = readFileSync(pidFile, 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * clockTickMs;
  } catch {
    return 0;
  }
}

async function searchHits(dataDir: string): Promise<number> {
  const { appId, searchKey } = JSON.parse(
    readFileSync(join(dataDir, 'search-service.json'), 'utf8'),
  ) as { appId: string; searchKey: string };
  const response = await fetch(`http://127.0.0.1:${searchPort}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': searchKey },
    body: JSON.stringify({ requests: [{ indexName: 'products', hitsPerPage: 0 }] }),
  });
  const body = (await response.json()) as { results?: { nbHits?: number }[] };
  return body.results?.[0]?.nbHits ?? 0;
}

/**
 * Each page `requests` times, one request at a time after one warm-up; milliseconds to the whole body, and
 * the CPU time each process spent over those requests (read from /proc, so what other work on a shared
 * machine takes from the cores is left out).
 * `slugs`: the first product's address segment in each language. For the listing pages, `searchP50` is the
 * median of the search service's own time for the page's searches (the `processingTimeMS` of the results the
 * page carries, summed): the rest of the page's time is the storefront's and the wire's.
 */
async function timePages(slugs: { readonly en: string; readonly fr: string }, dataDir: string) {
  const pages: Record<string, string> = {
    'home (en)': '/',
    'home (fr)': '/fr',
    'category (en)': '/category/men/tops/jackets',
    'category (fr)': '/categorie/homme/hauts/vestes',
    'search (en)': '/search?q=jacket',
    'search (fr)': '/recherche?q=veste',
    'product (en)': `/product/${slugs.en}`,
    'product (fr)': `/produit/${slugs.fr}`,
    'cart (en)': '/cart',
    'cart (fr)': '/panier',
  };
  const timed: SizeRun['pages'] = {};
  const storefrontPid = join(dataDir, 'storefront.pid');
  const searchPid = join(dataDir, 'search-service.pid');
  for (const [name, path] of Object.entries(pages)) {
    const samples: number[] = [];
    const searchSamples: number[] = [];
    let failure: string | undefined;
    const cpu = { storefront: 0, search: 0 };
    for (let index = 0; index <= requests && failure === undefined; index++) {
      const cpuBefore = [cpuMs(storefrontPid), cpuMs(searchPid)];
      const begun = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });
      const body = await response.text();
      if (response.status >= 300) failure = `HTTP ${response.status}`;
      else if (index > 0) {
        samples.push(performance.now() - begun);
        cpu.storefront += cpuMs(storefrontPid) - (cpuBefore[0] ?? 0);
        cpu.search += cpuMs(searchPid) - (cpuBefore[1] ?? 0);
        const searchMs = [...body.matchAll(/"processingTimeMS":(\d+)/g)].map((m) => Number(m[1]));
        if (searchMs.length > 0) searchSamples.push(searchMs.reduce((a, b) => a + b, 0));
      }
    }
    timed[name] = failure ?? {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      ...(searchSamples.length > 0 ? { searchP50: percentile(searchSamples, 50) } : {}),
      storefrontCpu: cpu.storefront / samples.length,
      searchCpu: cpu.search / samples.length,
    };
  }
  return timed;
}

function percentile(samples: readonly number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** RSS now and at its peak (VmHWM), in MB, of the process whose pid the file holds. */
function processMemory(pidFile: string): { rss: number; peak: number } | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = readFileSync(pidFile, 'utf8').trim();
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

async function waitFor(
  child: ChildProcess,
  timeoutMs: number,
  probe: () => Promise<number | undefined>,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack exited with code ${child.exitCode}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function run(label: string, command: readonly string[]): void {
  const done = spawnSync(command[0] as string, command.slice(1), { cwd: root, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${label} failed: ${done.stderr}`);
}

function renderTable(results: readonly SizeRun[]): string {
  const seconds = (value: number | undefined) =>
    value === undefined ? '—' : value < 60 ? `${value.toFixed(1)} s` : formatMinutes(value);
  const mb = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} MB`);
  const startCells = (
    start: Start | string,
    key: 'serving' | 'searchable' | 'upToDate' | 'settled',
  ) => {
    if (typeof start === 'string') return start || '—';
    const value = start[key];
    return typeof value === 'string' ? value : seconds(value);
  };
  const rows: [string, (result: SizeRun) => string][] = [
    ['`npm run import` (store not running)', (r) => seconds(r.importSeconds)],
    ['import: peak RSS', (r) => mb(r.importRssMb)],
    ['cold start (empty search data) → storefront serving', (r) => startCells(r.cold, 'serving')],
    ['cold start → searchable', (r) => startCells(r.cold, 'searchable')],
    ['cold start → index up to date', (r) => startCells(r.cold, 'upToDate')],
    ['cold start → both processes idle (pages timed then)', (r) => startCells(r.cold, 'settled')],
    [
      "storefront's longest event-loop stall during the cold sync (most CPU between two turns)",
      (r) =>
        typeof r.cold === 'string' || r.cold.stallMs === undefined
          ? '—'
          : `${r.cold.stallMs} ms${r.cold.stallCpuMs === undefined ? '' : ` (${r.cold.stallCpuMs} ms of CPU)`}`,
    ],
    ['warm restart → storefront serving', (r) => startCells(r.warm, 'serving')],
    ['warm restart → searchable', (r) => startCells(r.warm, 'searchable')],
    ['warm restart → index up to date', (r) => startCells(r.warm, 'upToDate')],
    ['warm restart → both processes idle', (r) => startCells(r.warm, 'settled')],
  ];
  const pageNames = Object.keys(results[0]?.pages ?? {});
  for (const name of pageNames) {
    rows.push([
      `${name} p50 / p95 [CPU per request: storefront + search service]`,
      (r) => {
        const page = r.pages[name];
        if (page === undefined) return '—';
        if (typeof page === 'string') return page;
        const search = page.searchP50 === undefined ? '' : ` (search ${round(page.searchP50)})`;
        const cpu =
          page.storefrontCpu === undefined
            ? ''
            : ` [${round(page.storefrontCpu)} + ${round(page.searchCpu ?? 0)} ms]`;
        return `${round(page.p50)} / ${round(page.p95)} ms${search}${cpu}`;
      },
    ]);
  }
  rows.push(
    [
      'storefront RSS after the pages (peak)',
      (r) => `${mb(r.rss.storefront)} (${mb(r.rss.storefrontPeak)})`,
    ],
    [
      'search service RSS after the pages (peak)',
      (r) => `${mb(r.rss.search)} (${mb(r.rss.searchPeak)})`,
    ],
    [
      'RSS after the warm restart, idle: storefront / search service',
      (r) => `${mb(r.rss.storefrontWarm)} / ${mb(r.rss.searchWarm)}`,
    ],
  );
  const header = `| | ${results.map((r) => `${r.products.toLocaleString('en')} products`).join(' | ')} |`;
  const rule = `|---|${results.map(() => '---').join('|')}|`;
  return [
    header,
    rule,
    ...rows.map(([label, cell]) => `| ${label} | ${results.map(cell).join(' | ')} |`),
  ].join('\n');
}

function round(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

function formatMinutes(value: number): string {
  return `${Math.floor(value / 60)} min ${String(Math.round(value % 60)).padStart(2, '0')} s`;
}

function writeSection(tableText: string): void {
  const readmePath = join(root, 'bench/README.md');
  const start = '<!-- scale:start -->';
  const end = '<!-- scale:end -->';
  const minutes = Math.round((performance.now() - started) / 60_000);
  const section = [
    start,
    "## Storefront at a merchant's size: import, start, pages, memory (issue #25)",
    '',
    'Run: `npx tsx bench/scale/run.ts [--sizes 1k,20k,100k] [--port 3431] [--search-port 7431] [--requests 20]',
    '[--no-readme]` (`npm run bench` runs it with the defaults). For each size: a catalogue from',
    '`bench/scale/generate-catalogue.ts` (NDJSON, seed 1), a fresh data folder on embedded PGlite,',
    '`npm run import` with the store not running, then `npm start` with an empty search data folder (cold) and',
    'again (warm restart). "Serving": `/api/health` answers; "searchable": a search finds records; "up to date":',
    'the storefront logs that its index sync finished; "idle": both processes used under 10 % of a core for',
    'three 2-second windows in a row (what follows the sync, such as the Query Suggestions set-up, is over).',
    'Page times are taken once idle after the cold start, from request to the last byte, one at a',
    `time from outside, ${requests} per page after one warm-up; "(search N)": the median of the search`,
    "service's own time for the listing page's searches (the results' `processingTimeMS`, summed); [a + b ms]:",
    'CPU time per request of the storefront and of the search service (/proc: what other work on the machine',
    'takes is left out). RSS read from /proc after the pages, and once idle after the warm restart.',
    '',
    `### Latest run (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}.`,
    `1-minute load average ${loadBefore.toFixed(1)} before the run and ${(loadavg()[0] ?? 0).toFixed(1)} at its end, ${minutes} min in all.`,
    '',
    tableText,
    end,
  ].join('\n');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  writeFileSync(
    readmePath,
    from >= 0 && to > from
      ? `${readme.slice(0, from)}${section}${readme.slice(to + end.length)}`
      : `${readme.trimEnd()}\n\n${section}\n`,
  );
}
