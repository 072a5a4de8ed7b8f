import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from './config.ts';

/**
 * Starts a TypeScript entry file with tsx, its output prefixed so two services can share a terminal;
 * `nodeFlags` go to Node before the entry (`--max-semi-space-size=16`).
 */
export function startService(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  nodeFlags: readonly string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line: string) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix(line)}\n`);
    });
  }
  return child;
}

/** Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  serving: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${url}: the process exited (${child.signalCode ?? `exit code ${child.exitCode}`})`,
      );
    try {
      // A process that accepts and never answers must not hold the wait past its deadline.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (serving(response.status)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/** Sends SIGTERM (then SIGKILL after `graceMs`) and resolves when the child has exited. */
export function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: 'inherit',
    });
    child.once('error', rejectRun);
    child.once('exit', (code, signal) => {
      if (code === 0) resolveRun();
      else
        rejectRun(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}
