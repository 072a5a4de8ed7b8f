import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { RestartPolicy } from './restart-policy.ts';
import { Supervisor } from './supervisor.ts';

/**
 * A real service: answers `/health` with its pid and the environment it was given, and crashes (exit 3) on
 * `/crash`, as a search service would on a request that breaks it. `EXIT_AT_START` makes it fail to start;
 * `STOP_TAKES_MS` makes its clean stop take that long (the search service writing its persisted build).
 */
const serviceSource = `
const { createServer } = require('node:http');
if (process.env.EXIT_AT_START) process.exit(Number(process.env.EXIT_AT_START));
if (process.env.STOP_TAKES_MS) process.on('SIGTERM', () => setTimeout(() => {
  require('node:fs').writeFileSync(process.env.STOPPED_FILE, 'clean stop');
  process.exit(0);
}, Number(process.env.STOP_TAKES_MS)));
createServer((request, response) => {
  if (request.url === '/crash') process.exit(3);
  if (request.url === '/stop') { response.end(); setImmediate(() => process.exit(0)); return; }
  if (process.env.STATUS) response.statusCode = Number(process.env.STATUS);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ pid: process.pid, flavour: process.env.FLAVOUR }));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Restarts after 50 ms, 100 ms… so the tests do not wait seconds; a crash loop is 3 crashes in a minute. */
const quickPolicy: RestartPolicy = {
  firstDelayMs: 50,
  maxDelayMs: 200,
  stableAfterMs: 60_000,
  crashLoopCrashes: 3,
  crashLoopWindowMs: 60_000,
};

interface Started {
  readonly supervisor: Supervisor;
  readonly url: string;
  readonly pidFile: string;
  readonly lines: string[];
  readonly cleanExits: number[];
}

const running: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((supervisor) => supervisor.stop(2_000)));
});

async function supervised(
  env: Record<string, string> = {},
  policy: RestartPolicy = quickPolicy,
  serving?: (status: number) => boolean,
  stopGraceMs?: number,
): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pidFile = join(mkdtempSync(join(tmpdir(), 'vitrine-supervisor-')), 'service.pid');
  const lines: string[] = [];
  const cleanExits: number[] = [];
  const supervisor = new Supervisor({
    name: 'test service',
    spawn: () =>
      spawn(process.execPath, ['-e', serviceSource], {
        env: { ...process.env, PORT: String(port), FLAVOUR: 'vanilla', ...env },
        stdio: 'ignore',
      }),
    healthUrl: `${url}/health`,
    ...(serving ? { serving } : {}),
    ...(stopGraceMs === undefined ? {} : { stopGraceMs }),
    pidFile,
    crashLoopHint: 'the test service’s own lines',
    policy,
    log: (line) => lines.push(line),
    onCleanExit: () => cleanExits.push(Date.now()),
  });
  running.push(supervisor);
  return { supervisor, url, pidFile, lines, cleanExits };
}

async function health(url: string): Promise<{ pid: number; flavour: string }> {
  return (await (await fetch(`${url}/health`)).json()) as { pid: number; flavour: string };
}

async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const logged = (lines: readonly string[], text: string) => () =>
  lines.find((line) => line.includes(text));

const answersWithNewPid = (url: string, oldPid: number) => async () => {
  const answer = await health(url).catch(() => undefined);
  return answer && answer.pid !== oldPid ? answer : undefined;
};

describe('the supervisor of npm start', () => {
  it('counts a 503 "still loading" answer as started only when told to, as for the search service', async () => {
    const strict = await supervised({ STATUS: '503' });
    await expect(strict.supervisor.start(1_500)).rejects.toThrow(/did not answer within/);
    const loading = await supervised({ STATUS: '503' }, quickPolicy, (status) => status === 503);
    await loading.supervisor.start(10_000);
    expect(existsSync(loading.pidFile)).toBe(true);
  });

  it('restarts a service that a request crashed, with the same environment, and logs the exit code and attempt', async () => {
    const { supervisor, url, pidFile, lines } = await supervised();
    await supervisor.start(30_000);
    const first = await health(url);
    expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(first.pid));

    await fetch(`${url}/crash`).catch(() => undefined);
    const second = await until(answersWithNewPid(url, first.pid));

    expect(second.flavour).toBe('vanilla');
    expect(await until(logged(lines, 'crashed'))).toContain(
      `the test service (pid ${first.pid}) crashed (exit code 3); restart attempt 1 in 0.1 s`,
    );
    expect(await until(logged(lines, 'restarted'))).toContain(
      `restarted the test service (pid ${second.pid}, attempt 1)`,
    );
    expect(await until(logged(lines, 'answers again'))).toBeDefined();
    expect(await until(() => readFileSync(pidFile, 'utf8').trim() === String(second.pid))).toBe(
      true,
    );
  });

  it('restarts a service killed with kill -9, and says it keeps crashing after three crashes in a row', async () => {
    const { supervisor, url, lines } = await supervised();
    await supervisor.start(30_000);
    let pid = (await health(url)).pid;
    for (const attempt of [1, 2, 3]) {
      process.kill(pid, 'SIGKILL');
      pid = (await until(answersWithNewPid(url, pid))).pid;
      expect(lines.join('\n')).toContain(`crashed (signal SIGKILL); restart attempt ${attempt}`);
    }
    const loop = lines.filter((line) => line.includes('keeps crashing'));
    expect(loop).toHaveLength(1);
    expect(loop[0]).toContain('3 crashes in 1 minute');
    expect(loop[0]).toContain('the test service’s own lines');
  });

  it('stops the service for good: no restart after stop, even with one planned', async () => {
    const { supervisor, url, pidFile, lines } = await supervised(
      {},
      { ...quickPolicy, firstDelayMs: 300 },
    );
    await supervisor.start(30_000);
    const { pid } = await health(url);
    await fetch(`${url}/crash`).catch(() => undefined);
    await until(logged(lines, 'crashed'));
    await supervisor.stop();
    // Longer than the planned restart's wait.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lines.filter((line) => line.includes('restarted'))).toEqual([]);
    expect(await fetch(`${url}/health`).catch(() => 'refused')).toBe('refused');
    expect(existsSync(pidFile)).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('stops a running service with SIGTERM and does not restart it', async () => {
    const { supervisor, url, lines } = await supervised();
    await supervisor.start(30_000);
    const { pid } = await health(url);
    await supervisor.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await fetch(`${url}/health`).catch(() => 'refused')).toBe('refused');
    expect(lines).toEqual([]);
  });

  it('lets a service whose clean stop takes longer than 10 s finish it when given the time', async () => {
    const stoppedFile = join(mkdtempSync(join(tmpdir(), 'vitrine-slow-stop-')), 'stopped');
    const env = { STOP_TAKES_MS: '11000', STOPPED_FILE: stoppedFile };
    const { supervisor, url } = await supervised(env, quickPolicy, undefined, 30_000);
    await supervisor.start(30_000);
    const { pid } = await health(url);
    await supervisor.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(stoppedFile) ? readFileSync(stoppedFile, 'utf8') : 'killed').toBe(
      'clean stop',
    );
  }, 40_000);

  it('does not restart a service that fails its first start: start reports it', async () => {
    const { supervisor, lines } = await supervised({ EXIT_AT_START: '2' });
    await expect(supervisor.start(30_000)).rejects.toThrow('the process exited (exit code 2)');
    expect(lines).toEqual([]);
    expect(supervisor.pid).toBeUndefined();
  });

  it('hands a service that stopped on its own (exit code 0) to onCleanExit instead of restarting it', async () => {
    const { supervisor, url, lines, cleanExits } = await supervised();
    await supervisor.start(30_000);
    await fetch(`${url}/stop`);
    await until(() => cleanExits.length === 1);
    expect(lines).toEqual(['the test service stopped on its own (exit code 0): stopping Vitrine']);
    expect(supervisor.pid).toBeUndefined();
  });
});
