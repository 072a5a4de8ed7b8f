import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderLockedError, lockFolder } from './folder-lock.ts';

/** Starts a parent that never reaps its exited child, and resolves with the zombie child's pid. */
function makeZombie(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn('python3', [
    '-c',
    'import os,time\npid=os.fork()\nif pid==0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(60)',
  ]);
  return new Promise((resolve, reject) => {
    parent.once('error', reject);
    parent.stdout.once('data', (chunk: Buffer) => {
      resolve({ pid: Number(chunk.toString().trim()), stop: () => parent.kill('SIGKILL') });
    });
  });
}

function writeLock(folder: string, pid: number): void {
  writeFileSync(
    join(folder, 'vitrine.lock'),
    JSON.stringify({ pid, host: hostname(), purpose: 'test' }),
  );
}

describe('lockFolder', () => {
  it('refuses a folder held by a live process, naming it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vitrine-lock-'));
    writeLock(folder, process.ppid);
    expect(() => lockFolder(folder, 'test')).toThrow(FolderLockedError);
    expect(() => lockFolder(folder, 'test')).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over the lock of a process that no longer exists', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vitrine-lock-'));
    writeLock(folder, 2 ** 22 + 12_345);
    const lock = lockFolder(folder, 'test');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over the lock of a killed process that was never reaped (a zombie)', async () => {
    const zombie = await makeZombie();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const folder = mkdtempSync(join(tmpdir(), 'vitrine-lock-'));
      writeLock(folder, zombie.pid);
      const lock = lockFolder(folder, 'test');
      expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      zombie.stop();
    }
  });
});
