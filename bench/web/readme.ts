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
}

/**
 * Writes the web section of bench/README.md between its markers, re-reading the file just before writing:
 * other benchmarks write their own sections of the same file.
 */
export function writeWebSection(run: WebRun): void {
  const section = [
    '## Search page in the browser: first-load JavaScript and keystroke to results',
    '',
    'Run: `npx tsx bench/web/run.ts [--url http://localhost:3000] [--no-readme]` (without `--url` it starts the',
    'stack on ports 3400/7470 with a fresh data folder). Chromium (Debian), production build, one warm-up.',
    '',
    `### Latest run (${run.date})`,
    '',
    `Machine: ${run.machine}; ${run.load}.`,
    '',
    markdownTable(run.weights),
    '',
    markdownTable(run.latencies),
    '',
    'First-load JavaScript: every same-origin script the page loads in a fresh browser context, gzipped at',
    'level 9 by the benchmark (so that the figure does not depend on the server’s compression). Keystroke to',
    'results: from the `keydown` in the search field to the second animation frame after the results block',
    'answers the new query (`data-results-query`), one key at a time (the next key waits), search service',
    'and storefront on the same machine. Lighthouse is not installed here, so no Lighthouse scores.',
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
