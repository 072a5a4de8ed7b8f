import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const worker = fileURLToPath(new URL('./owner-link-orphan.fixture.ts', import.meta.url));

it('lets a search worker whose owner went away keep running instead of dying on its next message', async () => {
  const child = fork(worker, [], { execArgv: ['--import', 'tsx'], stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  await new Promise<void>((ready) => child.once('message', () => ready()));
  child.disconnect();
  const exit = await new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  expect(stderr).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|EPIPE/);
  expect(exit).toBe(0);
});
