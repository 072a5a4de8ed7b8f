/**
 * `npm test`: every suite in order — lint, typecheck, unit + integration (Vitest, with a real PostgreSQL
 * server), end-to-end (Playwright + Debian's Chromium against the real stack) — printing each suite's time.
 * Installs the Debian packages it needs on a fresh machine. Exits non-zero when any suite fails.
 */
import { join } from 'node:path';
import { repoRoot } from './lib/config.ts';
import { run } from './lib/processes.ts';
import { ensureSystemPackages } from './lib/system-packages.ts';

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const typecheckProjects = [
  'packages/catalogue',
  'packages/database',
  'apps/search',
  'apps/storefront',
  'tsconfig.tools.json',
];

const suites: { name: string; run: () => Promise<void> }[] = [
  { name: 'system packages', run: async () => ensureSystemPackages() },
  { name: 'lint (biome)', run: () => run(bin('biome'), ['ci', '.']) },
  {
    name: 'typecheck (tsc)',
    run: async () => {
      for (const project of typecheckProjects) await run(bin('tsc'), ['-p', project, '--noEmit']);
    },
  },
  { name: 'unit + integration (vitest)', run: () => run(bin('vitest'), ['run']) },
  {
    name: 'end-to-end (playwright)',
    run: () => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']),
  },
];

const only = process.argv.slice(2);
const results: { suite: string; seconds: string; result: string }[] = [];
for (const suite of suites) {
  if (only.length > 0 && !only.some((word) => suite.name.includes(word))) continue;
  const started = performance.now();
  console.log(`\n▶ ${suite.name}`);
  let result = 'passed';
  try {
    await suite.run();
  } catch (error) {
    result = 'FAILED';
    console.error(error instanceof Error ? error.message : String(error));
  }
  results.push({
    suite: suite.name,
    seconds: ((performance.now() - started) / 1000).toFixed(1),
    result,
  });
}
console.log('');
console.table(results);
const failed = results.filter((entry) => entry.result !== 'passed').length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
