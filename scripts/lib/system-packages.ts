import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

interface SystemPackage {
  readonly name: string;
  readonly present: () => boolean;
  readonly neededFor: string;
}

/** What the test suite needs. */
const testPackages: readonly SystemPackage[] = [
  {
    name: 'chromium',
    present: () => existsSync('/usr/bin/chromium'),
    neededFor: 'the end-to-end tests (Playwright)',
  },
  {
    name: 'postgresql',
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((version) =>
        existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
      ),
    neededFor: 'the store tests against a real PostgreSQL server',
  },
];

/** Debian's `wrk`, the HTTP benchmark's lighter load generator (`bench/http --client wrk`). */
export const wrkPackage: SystemPackage = {
  name: 'wrk',
  present: () => existsSync('/usr/bin/wrk'),
  neededFor: 'the HTTP benchmark with --client wrk',
};

/**
 * Installs Debian packages when they are missing: by default those the test suite needs (Chromium for
 * Playwright, PostgreSQL for the server-mode store tests). Needs root, as on CI; otherwise says what to install.
 */
export function ensureSystemPackages(packages: readonly SystemPackage[] = testPackages): void {
  const missing = packages.filter((item) => !item.present());
  if (missing.length === 0) return;
  const names = missing.map((item) => item.name);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${names.join(', ')} (for ${missing.map((item) => item.neededFor).join('; ')}). ` +
        `Install them with: sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`,
    );
  }
  console.log(`Installing Debian packages: ${names.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env,
  });
}
