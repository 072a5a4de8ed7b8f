/**
 * Parent side of one measurement: forks `measure-engine.ts` with `--expose-gc` and a 4 GB heap, collects what
 * the child reports step by step, and turns the caps into "did not finish": no build within `buildCapSeconds`
 * of wall-clock time (the child is killed), a crash (out of memory included), or a query phase over its budget
 * (the mixes measured so far are kept, the others did not finish).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MixName, mixNames } from './query-mixes.ts';
import {
  type ChildMessage,
  type EngineRunResult,
  type MeasurementJob,
  type MixResult,
  variants,
} from './run-result.ts';

export const buildCapSeconds = 120;
export const heapCapMegabytes = 4096;

const childPath = join(dirname(fileURLToPath(import.meta.url)), 'measure-engine.ts');

/** What the child reported before it stopped. */
interface Progress {
  built?: { readonly buildSeconds: number; readonly heapMegabytes: number };
  readonly mixes: Partial<Record<MixName, MixResult>>;
}

export function spawnMeasurement(
  job: MeasurementJob,
  engineLabel: string,
  queryPhaseSeconds: number,
): Promise<EngineRunResult> {
  const child = fork(childPath, [JSON.stringify(job)], {
    execArgv: [
      '--import',
      import.meta.resolve('tsx'),
      '--expose-gc',
      `--max-old-space-size=${heapCapMegabytes}`,
    ],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const base = { engineKey: job.engineKey, engineLabel, records: job.records };
  const progress: Progress = { mixes: {} };
  const stopped = (reason: string): EngineRunResult => ({
    ...base,
    outcome: partialOutcome(progress, reason),
  });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve) => {
    let settled: EngineRunResult | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: EngineRunResult): void => {
      settled ??= result;
      clearTimeout(timer);
      child.kill('SIGKILL');
    };
    const armTimer = (seconds: number, reason: () => string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(stopped(reason())), seconds * 1000);
    };
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'build-start') {
        armTimer(buildCapSeconds, () => `build > ${buildCapSeconds} s${cpuNote(child.pid)}`);
      } else if (message.type === 'built') {
        progress.built = message;
        armTimer(queryPhaseSeconds, () => `query phase > ${queryPhaseSeconds} s`);
      } else if (message.type === 'mix') {
        progress.mixes[message.mix] = message.result;
      } else {
        finish(message.result);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (settled === undefined) {
        const outOfMemory = /heap out of memory|Allocation failed/i.test(stderrTail);
        if (!outOfMemory) process.stderr.write(stderrTail);
        settled = stopped(outOfMemory ? 'heap > 4 GB' : `crashed (${signal ?? code})`);
      }
      resolve(settled);
    });
  });
}

/** The child's numbers so far; without a build, the whole run did not finish. */
function partialOutcome(progress: Progress, reason: string): EngineRunResult['outcome'] {
  if (progress.built === undefined) return { kind: 'did-not-finish', reason };
  const cell = { kind: 'did-not-finish', reason } as const;
  const unfinished: MixResult = {
    latency: Object.fromEntries(variants.map((variant) => [variant, cell])) as MixResult['latency'],
  };
  const mixes = Object.fromEntries(
    mixNames.map((mix) => [mix, progress.mixes[mix] ?? unfinished]),
  ) as Record<MixName, MixResult>;
  return { kind: 'finished', ...progress.built, mixes, facets: cell };
}

/** `" wall-clock, 27 s CPU by then"`: the child's CPU time so far from /proc (Linux, USER_HZ 100; nothing elsewhere). */
function cpuNote(pid: number | undefined): string {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ` wall-clock, ${(ticks / 100).toFixed(0)} s CPU by then` : '';
  } catch {
    return '';
  }
}
