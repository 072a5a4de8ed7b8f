/**
 * The search page as a browser gets it: first-load JavaScript of the home pages and of `/search` and
 * `/recherche` (gzip), the time from a key press in the search field to the frame showing that query's
 * results (p50 / p95 over 69 keystrokes), the same for the header's autocomplete on the home pages (key
 * press to suggestions painted, 43 keystrokes), and Lighthouse's scores (mobile and desktop presets) for `/search?q=jacket` and
 * `/recherche?q=veste`, all in Debian's Chromium.
 *
 * Run: `npx tsx bench/web/run.ts [--url http://localhost:3000] [--port 3400] [--search-port 7470]
 * [--lighthouse-runs 3] [--no-lighthouse] [--no-readme]`. Without `--url` it starts the whole stack
 * (`scripts/start.ts`, which builds the storefront into its own `.next-bench-<port>` folder when needed) on
 * the given ports with a fresh data folder. Writes its section of bench/README.md between
 * `<!-- web:start -->` and `<!-- web:end -->`.
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { type LighthouseScores, measureLighthouse } from './lighthouse.ts';
import { measureSuggestionKeystrokes } from './measure-autocomplete.ts';
import {
  type KeystrokeTiming,
  measureFirstLoadScripts,
  measureKeystrokes,
  type ScriptWeight,
} from './measure-page.ts';
import { writeWebSection } from './readme.ts';
import { type Storefront, startStorefront } from './stack.ts';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const given = option('--url');
const lighthouseRuns = argv.includes('--no-lighthouse')
  ? 0
  : Number(option('--lighthouse-runs') ?? 3);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 0)
  throw new Error('--lighthouse-runs takes a whole number of runs');
const loadBefore = loadavg()[0] ?? 0;

const storefront: Storefront = given
  ? { url: given.replace(/\/+$/, ''), stop: async () => {} }
  : await startStorefront(
      Number(option('--port') ?? 3400),
      Number(option('--search-port') ?? 7470),
    );
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const weights: ScriptWeight[] = [];
  for (const path of ['/', '/fr', '/search', '/recherche']) {
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
  // The header's autocomplete (its code loads on the first focus, before the first key).
  await measureSuggestionKeystrokes(browser, storefront.url, '/');
  const suggestionsEnglish = await measureSuggestionKeystrokes(browser, storefront.url, '/');
  const suggestionsFrench = await measureSuggestionKeystrokes(browser, storefront.url, '/fr');
  // Lighthouse last, in its own Chromium: the page timings above are taken with nothing else running.
  const audits: LighthouseScores[] = [];
  if (lighthouseRuns > 0) {
    for (const path of ['/search?q=jacket', '/recherche?q=veste'])
      for (const formFactor of ['mobile', 'desktop'] as const)
        audits.push(await measureLighthouse(storefront.url, path, formFactor, lighthouseRuns));
  }

  const weightRows = weights.map((weight) => ({
    page: weight.path,
    'first-load scripts': weight.firstLoadScripts,
    'first-load JS gzip (KB)': kilobytes(weight.firstLoadGzipBytes),
    'all scripts until idle': weight.scripts,
    'all JS raw (KB)': kilobytes(weight.rawBytes),
    'all JS gzip (KB)': kilobytes(weight.gzipBytes),
    // The home pages have no listing.
    'listing interactive (ms)': Number.isNaN(weight.listingReadyMs)
      ? '—'
      : Math.round(weight.listingReadyMs),
  }));
  const latencyRows = [
    { page: '/search', samples: english },
    { page: '/recherche', samples: french },
    { page: '/ (header autocomplete)', samples: suggestionsEnglish },
    { page: '/fr (header autocomplete)', samples: suggestionsFrench },
  ].map(({ page, samples }) => {
    const painted = samples.map((sample) => sample.painted);
    const secondFrame = samples.map((sample) => sample.secondFrame);
    return {
      page,
      keystrokes: samples.length,
      'painted p50 (ms)': round(percentile(painted, 50)),
      'painted p95 (ms)': round(percentile(painted, 95)),
      'painted max (ms)': round(Math.max(...painted)),
      'second frame p50 / p95 (ms)': `${round(percentile(secondFrame, 50))} / ${round(percentile(secondFrame, 95))}`,
    };
  });
  const lighthouseRows = audits.map((audit) => ({
    page: audit.path,
    preset: audit.formFactor,
    runs: audit.runs,
    performance: audit.performance,
    accessibility: audit.accessibility,
    'best practices': audit.bestPractices,
    SEO: audit.seo,
    'FCP (s)': seconds(audit.firstContentfulPaintMs),
    'LCP (s)': seconds(audit.largestContentfulPaintMs),
    'TBT (ms)': Math.round(audit.totalBlockingTimeMs),
    CLS: Math.round(audit.cumulativeLayoutShift * 1000) / 1000,
  }));
  console.table(weightRows);
  console.table(latencyRows);
  if (lighthouseRows.length > 0) console.table(lighthouseRows);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  const load = `1-minute load average ${loadBefore.toFixed(1)} before the run, ${(loadavg()[0] ?? 0).toFixed(1)} after`;
  if (!argv.includes('--no-readme')) {
    writeWebSection({
      date: new Date().toISOString().slice(0, 10),
      machine,
      load,
      weights: weightRows,
      latencies: latencyRows,
      lighthouse: lighthouseRows,
      targets: targetLines(
        weights,
        [english, french],
        [suggestionsEnglish, suggestionsFrench],
        audits,
      ),
    });
  }
} finally {
  await browser.close();
  await storefront.stop();
}

/** Issue #5's budget and issue #27's, each target with this run's worst page. */
function targetLines(
  weights: readonly ScriptWeight[],
  latencies: readonly (readonly KeystrokeTiming[])[],
  suggestions: readonly (readonly KeystrokeTiming[])[],
  audits: readonly LighthouseScores[],
): string[] {
  const verdict = (met: boolean) => (met ? 'met' : '**not met**');
  const firstLoad = Math.max(...weights.map((weight) => weight.firstLoadGzipBytes));
  const paintedP95 = (samples: readonly KeystrokeTiming[]) =>
    percentile(
      samples.map((sample) => sample.painted),
      95,
    );
  const p95 = Math.max(...latencies.map(paintedP95));
  const suggestionsP95 = Math.max(...suggestions.map(paintedP95));
  const mobile = audits.filter((audit) => audit.formFactor === 'mobile');
  const performance = Math.min(...mobile.map((audit) => audit.performance));
  return [
    `- First-load JavaScript ≤ 170 KB gzip: ${kilobytes(firstLoad)} KB, ${verdict(firstLoad <= 170 * 1024)}.`,
    `- Keystroke to results p95 ≤ 100 ms: ${round(p95)} ms, ${verdict(p95 <= 100)}.`,
    `- Keystroke to header suggestions painted p95 ≤ 60 ms (issue #27): ${round(suggestionsP95)} ms, ${verdict(suggestionsP95 <= 60)}.`,
    ...(mobile.length > 0
      ? [`- Lighthouse performance ≥ 95 (mobile): ${performance}, ${verdict(performance >= 95)}.`]
      : []),
  ];
}

function percentile(samples: readonly number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function kilobytes(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

function seconds(milliseconds: number): number {
  return Math.round(milliseconds / 100) / 10;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
