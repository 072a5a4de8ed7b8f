import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const readmePath = join(import.meta.dirname, '../README.md');
const start = '<!-- web:start -->';
const end = '<!-- web:end -->';

export interface WebRun {
  readonly date: string;
  readonly machine: string;
  readonly load: string;
  readonly weights: readonly Readonly<Record<string, string | number>>[];
  readonly latencies: readonly Readonly<Record<string, string | number>>[];
  /** Empty when the run was asked to skip Lighthouse. */
  readonly lighthouse: readonly Readonly<Record<string, string | number>>[];
  /** One line per target of issue #5, with this run's figure. */
  readonly targets: readonly string[];
}

/**
 * Writes the web section of bench/README.md between its markers, re-reading the file just before writing:
 * other benchmarks write their own sections of the same file.
 */
export function writeWebSection(run: WebRun): void {
  const section = [
    '## Search page in the browser: first-load JavaScript, keystroke to results, Lighthouse',
    '',
    'Run: `npx tsx bench/web/run.ts [--url http://localhost:3000] [--port 3400] [--search-port 7470]',
    '[--lighthouse-runs 3] [--no-lighthouse] [--no-readme]` (without `--url` it starts the stack on the given',
    'ports, building into `.next-bench-<port>`, with a fresh data folder). Chromium (Debian), production build,',
    'one warm-up.',
    '',
    `### Latest run (${run.date})`,
    '',
    `Machine: ${run.machine}; ${run.load}.`,
    '',
    markdownTable(run.weights),
    '',
    markdownTable(run.latencies),
    '',
    ...(run.lighthouse.length > 0 ? [markdownTable(run.lighthouse), ''] : []),
    'Targets (issue #5), this run:',
    '',
    ...run.targets,
    '',
    'JavaScript: the same-origin scripts the page loads in a fresh browser context, gzipped at level 9 by the',
    'benchmark (so that the figure does not depend on the server’s compression). First load: the scripts the',
    'HTML names (the app’s and the page’s chunks, what Next calls first-load JS); all until idle adds what',
    'loads after hydration (lazy chunks, Next’s idle-time prefetch of the product pages the cards link to).',
    'Keystroke to results: from the `keydown` in the search field to the second animation frame after the',
    'results block answers the new query (`data-results-query`), one key at a time (the next key waits),',
    'search service and storefront on the same machine. Lighthouse: version 12 (the last that runs on Node 20) from npm, run',
    'through its Node API in Debian’s Chromium (chrome-launcher, `--headless=new --no-sandbox`; `CHROME_PATH`',
    'overrides the browser), a fresh browser per run, median score of the runs; `mobile` is its default preset',
    '(emulated phone, simulated slow 4G, 4× CPU slowdown), `desktop` its desktop preset; FCP, LCP, TBT and',
    'CLS are those of the run with the median performance score.',
    '',
    'What the first load is made of (Turbopack build read with `next analyze --output`, 2026-11-21, gzip):',
    'React DOM ≈ 73 KB, Next’s pages runtime and router ≈ 32 KB and next/image ≈ 8 KB on every page; the',
    'search page adds InstantSearch with our widgets ≈ 79 KB (react-instantsearch-core, instantsearch.js,',
    'algoliasearch-helper, algoliasearch/lite, the Next router adapter, and `qs`, which the history router',
    'imports although our `createURL`/`parseURL` do not use it; react-instantsearch is pinned to 7.49.0, the',
    'version react-instantsearch-router-nextjs pins, so one copy of each package ships); then search-insights ≈ 11 KB and the app’s messages, layout and cart context ≈ 20 KB. Framework',
    'and InstantSearch alone come to ≈ 190 KB: 170 KB is out of reach without loading InstantSearch itself',
    'after first paint (the server-rendered results work before it) or leaving the pages runtime. Kept out',
    'of the first load: zod (≈ 31 KB, reached the browser through the `@vitrine/catalogue` barrel; browser code',
    'now imports subpaths), a second copy of algoliasearch-helper (≈ 12 KB; the search service’s contract',
    'test now pins the version InstantSearch ships, so npm installs one), and Radix’s dialog (≈ 10 KB: the',
    'menu, the cart drawer and the mobile filter panel load it when first reached for).',
    '',
    'Mobile performance (2026-11-21): the cookie-consent banner is now rendered by the server and compact on',
    'phones (it used to be drawn after hydration and was the largest paint, 52–57 under load); what is left',
    'under the 4× CPU slowdown is total blocking time, the hydration of the whole results page.',
  ].join('\n');
  const current = readFileSync(readmePath, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const block = `${start}\n${section}\n${end}`;
  const next =
    from === -1 || to === -1
      ? `${current.trimEnd()}\n\n${block}\n`
      : current.slice(0, from) + block + current.slice(to + end.length);
  writeFileSync(readmePath, next);
}

function markdownTable(rows: readonly Readonly<Record<string, string | number>>[]): string {
  const headers = Object.keys(rows[0] ?? {});
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(headers),
    line(headers.map(() => '---')),
    ...rows.map((row) => line(headers.map((header) => row[header] ?? ''))),
  ].join('\n');
}
