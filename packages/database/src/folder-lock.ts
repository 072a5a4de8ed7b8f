import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Thrown when another live process already owns a data folder. */
export class FolderLockedError extends Error {
  override readonly name = 'FolderLockedError';
}

export interface FolderLock {
  readonly path: string;
  release(): void;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly purpose: string;
}

/**
 * Takes an exclusive lock on a data folder by creating `<folder>/vitrine.lock` atomically (`O_EXCL`).
 * A lock left by a process that no longer runs (killed with `kill -9`) is taken over at once: the owner's
 * pid is checked with signal 0, so a restart after a crash never waits for a timeout, unlike mtime-based
 * lock libraries.
 * @param folder - the folder to guard; created when missing.
 * @param purpose - shown to the process that finds the folder taken (e.g. "search service store").
 */
export function lockFolder(folder: string, purpose: string): FolderLock {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'vitrine.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      const owner: LockOwner = { pid: process.pid, host: hostname(), purpose };
      writeSync(fd, JSON.stringify(owner));
      closeSync(fd);
      return { path, release: () => releaseIfOwned(path) };
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const owner = readOwner(path);
      if (owner && isAlive(owner)) {
        throw new FolderLockedError(
          `The data folder ${folder} is already in use by process ${owner.pid} (${owner.purpose}). ` +
            'A PGlite folder can be opened by one process only: stop that process, point this one at ' +
            'another folder (VITRINE_DATA_DIR), or go through the running service over HTTP.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new FolderLockedError(
    `Could not take the lock ${path}: another process keeps creating it.`,
  );
}

function releaseIfOwned(path: string): void {
  const owner = readOwner(path);
  if (owner?.pid === process.pid) rmSync(path, { force: true });
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed) {
      const { pid, host, purpose } = parsed as Record<string, unknown>;
      if (typeof pid === 'number') {
        return { pid, host: String(host ?? ''), purpose: String(purpose ?? 'unknown') };
      }
    }
  } catch {
    // An unreadable or half-written lock file is treated as stale: its writer died mid-write.
  }
  return undefined;
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(owner.pid);
}

/**
 * A process killed with `kill -9` whose parent has not reaped it yet (or whose parent died too, on a machine
 * whose pid 1 does not reap orphans) still answers signal 0, but it holds no files: treat it as dead.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EEXIST';
}
