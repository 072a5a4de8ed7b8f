/**
 * The search page as a browser gets it: first-load JavaScript of `/search` and `/recherche` (gzip), and the
 * time from a key press in the search field to the frame showing that query's results (p50 / p95 over 69
 * keystrokes), in Debian's Chromium. Lighthouse is not used: it is not installed here (lighthouse@12 would
 * run on Node 20).
 *
 * Run: `npx tsx bench/web/run.ts [--url http://localhost:3000] [--no-readme]`. Without `--url` it starts the
 * whole stack (`scripts/start.ts`, which builds the storefront when needed) on ports 3400/7470 with a fresh
 * data folder. Writes its section of bench/README.md between `<!-- web:start -->` and `<!-- web:end -->`.
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { measureFirstLoadScripts, measureKeystrokes, type ScriptWeight } from './measure-page.ts';
import { writeWebSection } from './readme.ts';
import { type Storefront, startStorefront } from './stack.ts';

const argv = process.argv.slice(2);
const given = argv.includes('--url') ? argv[argv.indexOf('--url') + 1] : undefined;
const loadBefore = loadavg()[0] ?? 0;

const storefront: Storefront = given
  ? { url: given.replace(/\/+$/, ''), stop: async () => {} }
  : await startStorefront(3400, 7470);
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const weights: ScriptWeight[] = [];
  for (const path of ['/search', '/recherche']) {
    // A warm-up load, so that Next has compiled nothing lazily and the server's caches are the same for both.
    await measureFirstLoadScripts(browser, storefront.url, path);
    weights.push(await measureFirstLoadScripts(browser, storefront.url, path));
  }
  await measureKeystrokes(browser, storefront.url, '/search', 'Search products');
  const english = await measureKeystrokes(browser, storefront.url, '/search', 'Search products');
  const french = await measureKeystrokes(
    browser,
    storefront.url,
    '/recherche',
    'Rechercher des produits',
  );

  const weightRows = weights.map((weight) => ({
    page: weight.path,
    scripts: weight.scripts,
    'JS raw (KB)': kilobytes(weight.rawBytes),
    'JS gzip (KB)': kilobytes(weight.gzipBytes),
  }));
  const latencyRows = [
    { page: '/search', samples: english },
    { page: '/recherche', samples: french },
  ].map(({ page, samples }) => ({
    page,
    keystrokes: samples.length,
    'p50 (ms)': round(percentile(samples, 50)),
    'p95 (ms)': round(percentile(samples, 95)),
    'max (ms)': round(Math.max(...samples)),
  }));
  console.table(weightRows);
  console.table(latencyRows);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  const load = `1-minute load average ${loadBefore.toFixed(1)} before the run, ${(loadavg()[0] ?? 0).toFixed(1)} after`;
  if (!argv.includes('--no-readme')) {
    writeWebSection({
      date: new Date().toISOString().slice(0, 10),
      machine,
      load,
      weights: weightRows,
      latencies: latencyRows,
    });
  }
} finally {
  await browser.close();
  await storefront.stop();
}

function percentile(samples: readonly number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function kilobytes(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
