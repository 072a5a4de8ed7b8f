/**
 * Engine benchmark: builds every engine at every size in its own child process, times the query mixes, prints
 * one table and writes it into bench/README.md.
 *
 *   npx tsx bench/engine/run.ts [--sizes 12k,100k,1m] [--engines vitrine,orama] [--clock wall|cpu] [--quick]
 *     [--no-readme | --readme-only]
 *
 * `12k` (or `real`) is the real catalogues (~10k records). Queries per mix: 1,000 on the real catalogues, 300 at
 * the scale-ups (`sampling.ts`); `--quick` times 100 and defaults to the real catalogues only. `--clock cpu`
 * times CPU time instead of wall-clock time (for a shared machine, see `Clock`). The run is saved to
 * bench/engine/last-run.json; `--readme-only` re-renders the README section from it without measuring.
 */
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { defaultEngineKeys, findEngine } from './engines/registry.ts';
import { formatTable } from './format-table.ts';
import { loadRealRecords } from './load-real-records.ts';
import { type RunDescription, renderSection } from './readme-section.ts';
import type { EngineRunResult, MeasurementJob } from './run-result.ts';
import { samplingFor } from './sampling.ts';
import { buildCapSeconds, spawnMeasurement } from './spawn-measurement.ts';
import { loadLastRun, saveLastRun, writeEngineSection } from './write-readme.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    engines: { type: 'string' },
    clock: { type: 'string', default: 'wall' },
    quick: { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    'readme-only': { type: 'boolean', default: false },
  },
});

const realSize = loadRealRecords().length;
const clock = values.clock === 'cpu' ? 'cpu' : 'wall';
const quick = values.quick === true;
const sizes = (values.sizes ?? (quick ? '12k' : '12k,100k')).split(',').map(parseSize);
const definitions = (values.engines?.split(',') ?? defaultEngineKeys).map(findEngine);
function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (text === '12k' || text === 'real') return realSize;
  if (match === null) throw new Error(`--sizes: "${text}" is not a size like 12k, 100k or 1m`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Math.round(Number(match[1]) * factor);
}

/**
 * A build that finished inside the kill grace period but over the cap still did not finish. The cap is
 * wall-clock (the parent's kill timer); a CPU-time build is only judged by that timer.
 */
function applyBuildCap(result: EngineRunResult): EngineRunResult {
  const { outcome } = result;
  if (clock === 'cpu' || outcome.kind !== 'finished' || outcome.buildSeconds <= buildCapSeconds) {
    return result;
  }
  return { ...result, outcome: { kind: 'did-not-finish', reason: `build > ${buildCapSeconds} s` } };
}

function describeMachine(): string {
  const processors = cpus();
  const gigabytes = Math.round(totalmem() / 1024 ** 3);
  return `${processors.length} × ${processors[0]?.model.trim() ?? 'unknown CPU'}, ${gigabytes} GB RAM, ${type()} ${release()}, Node ${process.version}`;
}

async function measureAll(): Promise<RunDescription> {
  const startLoad = loadavg()[0] ?? 0;
  const started = performance.now();
  const results: EngineRunResult[] = [];
  for (const records of sizes) {
    const { queriesPerMix, budgetSeconds } = samplingFor(records === realSize, quick);
    /** Warm-up (1 budget), 5 mixes × 3 variants, the facet check (1 budget), plus slack for one slow query. */
    const queryPhaseSeconds = 17 * budgetSeconds + 120;
    for (const definition of definitions) {
      const job: MeasurementJob = {
        engineKey: definition.key,
        records,
        queriesPerMix,
        budgetMilliseconds: budgetSeconds * 1000,
        minimumSamples: quick ? 50 : 100,
        clock,
      };
      process.stderr.write(`${definition.label}, ${records.toLocaleString('en-US')} records… `);
      const result = applyBuildCap(
        await spawnMeasurement(job, definition.label, queryPhaseSeconds),
      );
      process.stderr.write(`${result.outcome.kind}\n`);
      results.push(result);
    }
  }
  return {
    results,
    engineKeys: definitions.map((definition) => definition.key),
    date: new Date().toISOString().slice(0, 10),
    machine: describeMachine(),
    loadNote: describeLoad(startLoad, loadavg()[0] ?? 0),
    command: `npx tsx bench/engine/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    realSampling: samplingFor(true, quick),
    scaledSampling: samplingFor(false, quick),
    clock,
    realSize,
    minutes: (performance.now() - started) / 60_000,
  };
}

function describeLoad(before: number, after: number): string {
  const cores = cpus().length;
  // The bench keeps one core busy itself: more than that means other work shared the cores.
  const busy = before > 1 || after > 2;
  const numbers = `1-minute load average ${before.toFixed(1)} before the run and ${after.toFixed(1)} at its end on ${cores} cores`;
  return busy
    ? `${numbers}: **numbers were taken on a busy machine** (other engineers share the cores), so compare engines within this run rather than absolute values.`
    : `${numbers}.`;
}

if (values['readme-only'] === true) {
  writeEngineSection(renderSection(loadLastRun()));
} else {
  const run = await measureAll();
  console.log(formatTable(run.results));
  if (values['no-readme'] !== true) {
    saveLastRun(run);
    writeEngineSection(renderSection(run));
    process.stderr.write(
      'bench/README.md (engine section) and bench/engine/last-run.json updated\n',
    );
  }
}
