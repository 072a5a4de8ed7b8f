/**
 * Runs every benchmark: each `bench/<name>/run.ts`, one after the other, with the same arguments
 * (`npm run bench -- --quick`). Each prints its table and writes its section of bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchFolder = dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(benchFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchFolder, entry.name, 'run.ts')))
  .map((entry) => join(benchFolder, entry.name, 'run.ts'))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n# ${script.slice(benchFolder.length + 1)}\n`);
  const run = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), script, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) failed++;
}
if (failed > 0) {
  console.error(`${failed} of ${scripts.length} benchmarks failed`);
  process.exitCode = 1;
}
