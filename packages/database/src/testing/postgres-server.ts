import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/**
 * Starts a throw-away PostgreSQL server on loopback for the store tests (Debian's packages: the server
 * binaries live in /usr/lib/postgresql/<version>/bin, and initdb refuses root, so it runs as `postgres`).
 * Fails loudly when PostgreSQL cannot start: the server-mode tests never skip.
 * @returns the connection URL of the `postgres` database and a stop function.
 */
export async function startPostgresServer(): Promise<{ url: string; stop: () => void }> {
  const bin = findPostgresBin();
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'vitrine-pg-'));
  const dataDir = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(root, postgresUid(), postgresGid());
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c fsync=off -c max_connections=300`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(root, 'server.log'), '-w', 'start']);
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

function findPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(base, version, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql: run `npm test` (it installs ' +
      "Debian's postgresql package) or `apt-get install -y postgresql`.",
  );
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
}

function postgresGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
}
