/**
 * `npx tsx bench/scale/run.ts [--sizes 1k,20k,100k] [--port 3431] [--search-port 7431] [--requests 20]
 * [--no-readme]`: the storefront at a merchant's size (issue #25, item 5). For each size: a catalogue made
 * by `generate-catalogue.ts` (NDJSON), a fresh data folder, `npm run import` (store not running), then
 * `npm start` cold (empty search data) and warm (restart), timing start to serving, to searchable and to
 * the index up to date; each page's server time (home, category, search, product, cart, in English and
 * French) timed from outside; each process's RSS read from /proc; the storefront's longest event-loop
 * stall during its sync (from its log line). Writes its section of bench/README.md between
 * `<!-- scale:start -->` and `<!-- scale:end -->`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

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
const work = mkdtempSync(join(tmpdir(), 'vitrine-bench-scale-'));
const loadBefore = loadavg()[0] ?? 0;
const started = performance.now();

interface Start {
  serving: number;
  searchable: number;
  upToDate: number;
  syncLine: string;
  stallMs: number | undefined;
}

interface SizeRun {
  products: number;
  importSeconds: number;
  importRssMb: number | undefined;
  cold: Start | string;
  warm: Start | string;
  pages: Record<string, { p50: number; p95: number; searchP50?: number } | string>;
  rss: Record<'storefront' | 'search' | 'storefrontPeak' | 'searchPeak', number | undefined>;
}

const runs: SizeRun[] = [];
for (const products of sizes) {
  console.log(`\n## ${products.toLocaleString('en')} products`);
  runs.push(await measureSize(products));
  console.log(JSON.stringify(runs.at(-1), null, 1));
}
rmSync(work, { recursive: true, force: true });
const table = renderTable(runs);
console.log(`\n${table}`);
if (!argv.includes('--no-readme')) writeSection(table);

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
    },
  };
  const cold = await startStack(env, dataDir, products);
  try {
    result.cold = cold.start;
    if (typeof cold.start === 'string') throw new Error(cold.start);
    result.pages = await timePages(slugs);
    const storefront = processMemory(join(dataDir, 'storefront.pid'));
    const search = processMemory(join(dataDir, 'search-service.pid'));
    result.rss = {
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
  const warm = await startStack(env, dataDir, products);
  result.warm = warm.start;
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
  }
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
  console.log(`up to date after ${upToDate.toFixed(1)} s: ${line} (${products} products)`);
  return {
    serving,
    searchable,
    upToDate,
    syncLine: line,
    stallMs: stall === undefined ? undefined : Number(stall),
  };
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
 * Each page `requests` times, one request at a time after one warm-up; milliseconds to the whole body.
 * `slugs`: the first product's address segment in each language. For the listing pages, `searchP50` is the
 * median of the search service's own time for the page's searches (the `processingTimeMS` of the results the
 * page carries, summed): the rest of the page's time is the storefront's and the wire's.
 */
async function timePages(slugs: { readonly en: string; readonly fr: string }) {
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
  for (const [name, path] of Object.entries(pages)) {
    const samples: number[] = [];
    const searchSamples: number[] = [];
    let failure: string | undefined;
    for (let index = 0; index <= requests && failure === undefined; index++) {
      const begun = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });
      const body = await response.text();
      if (response.status >= 300) failure = `HTTP ${response.status}`;
      else if (index > 0) {
        samples.push(performance.now() - begun);
        const searchMs = [...body.matchAll(/"processingTimeMS":(\d+)/g)].map((m) => Number(m[1]));
        if (searchMs.length > 0) searchSamples.push(searchMs.reduce((a, b) => a + b, 0));
      }
    }
    timed[name] = failure ?? {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      ...(searchSamples.length > 0 ? { searchP50: percentile(searchSamples, 50) } : {}),
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
  const startCells = (start: Start | string, key: keyof Start) =>
    typeof start === 'string' ? start || '—' : seconds(start[key] as number);
  const rows: [string, (result: SizeRun) => string][] = [
    ['`npm run import` (store not running)', (r) => seconds(r.importSeconds)],
    ['import: peak RSS', (r) => mb(r.importRssMb)],
    ['cold start (empty search data) → storefront serving', (r) => startCells(r.cold, 'serving')],
    ['cold start → searchable', (r) => startCells(r.cold, 'searchable')],
    ['cold start → index up to date', (r) => startCells(r.cold, 'upToDate')],
    [
      "storefront's longest event-loop stall during the cold sync",
      (r) =>
        typeof r.cold === 'string' || r.cold.stallMs === undefined ? '—' : `${r.cold.stallMs} ms`,
    ],
    ['warm restart → storefront serving', (r) => startCells(r.warm, 'serving')],
    ['warm restart → searchable', (r) => startCells(r.warm, 'searchable')],
    ['warm restart → index up to date', (r) => startCells(r.warm, 'upToDate')],
  ];
  const pageNames = Object.keys(results[0]?.pages ?? {});
  for (const name of pageNames) {
    rows.push([
      `${name} p50 / p95`,
      (r) => {
        const page = r.pages[name];
        if (page === undefined) return '—';
        if (typeof page === 'string') return page;
        const search = page.searchP50 === undefined ? '' : ` (search ${round(page.searchP50)})`;
        return `${round(page.p50)} / ${round(page.p95)} ms${search}`;
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
    'the storefront logs that its index sync finished. Page times are from request to the last byte, one at a',
    `time from outside, ${requests} per page after one warm-up; "(search N)": the median of the search`,
    "service's own time for the listing page's searches (the results' `processingTimeMS`, summed); RSS read",
    'from /proc after the pages.',
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
