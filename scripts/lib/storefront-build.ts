import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './config.ts';
import { run } from './processes.ts';

const storefront = join(repoRoot, 'apps/storefront');
const sources = [
  'apps/storefront/src',
  'apps/storefront/next.config.ts',
  'apps/storefront/package.json',
  'packages',
];
const skipped = (entry: string) =>
  ['node_modules', 'data'].includes(entry) || entry.startsWith('.next');

/**
 * Builds the storefront (`next build`) when it has never been built or when a source file changed since
 * the last build, so `npm start` on a fresh clone needs no separate build step and a second start is fast.
 */
export async function ensureStorefrontBuild(): Promise<void> {
  const distDir = join(storefront, process.env['VITRINE_NEXT_DIST_DIR'] ?? '.next');
  const fingerprintFile = join(distDir, 'vitrine-source-fingerprint');
  const fingerprint = sourceFingerprint();
  const built = existsSync(join(distDir, 'BUILD_ID'));
  if (built && existsSync(fingerprintFile) && readFileSync(fingerprintFile, 'utf8') === fingerprint)
    return;
  console.log(
    built ? 'Sources changed: rebuilding the storefront…' : 'Building the storefront (first run)…',
  );
  await run(join(repoRoot, 'node_modules/.bin/next'), ['build'], {
    cwd: storefront,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
  });
  writeFileSync(fingerprintFile, fingerprint);
}

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const source of sources) visit(join(repoRoot, source), hash);
  return hash.digest('hex');
}

function visit(path: string, hash: ReturnType<typeof createHash>): void {
  if (!existsSync(path)) return;
  const stats = statSync(path);
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path).sort())
      if (!skipped(entry)) visit(join(path, entry), hash);
    return;
  }
  hash.update(`${path}:${stats.size}:${stats.mtimeMs}\n`);
}
