/**
 * Writes the engine section of `bench/README.md` between `<!-- engine:start -->` and `<!-- engine:end -->`,
 * leaving every other section alone; creates the file with just this section when it does not exist.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunDescription } from './readme-section.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const readmePath = join(here, '../README.md');
const lastRunPath = join(here, 'last-run.json');

const start = '<!-- engine:start -->';
const end = '<!-- engine:end -->';

const newReadme = `# Benchmarks

\`npm run bench\` runs every \`bench/<name>/run.ts\`; each writes its own section below, between its markers.

${start}
${end}
`;

export function writeEngineSection(section: string): void {
  const current = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : newReadme;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const block = `${start}\n${section.trim()}\n${end}`;
  const next =
    from === -1 || to < from
      ? `${current.trimEnd()}\n\n${block}\n`
      : current.slice(0, from) + block + current.slice(to + end.length);
  writeFileSync(readmePath, next);
}

/** Keeps the measured run next to the README, so the section can be re-rendered without measuring again. */
export function saveLastRun(run: RunDescription): void {
  writeFileSync(lastRunPath, `${JSON.stringify(run, null, 2)}\n`);
}

export function loadLastRun(): RunDescription {
  // Our own file, written by saveLastRun().
  const run: RunDescription = JSON.parse(readFileSync(lastRunPath, 'utf8'));
  return run;
}
