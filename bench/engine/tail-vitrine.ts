/**
 * Explains our engine's latency tail: replays the benchmark's sequence in-process (build, the same warm-up, then
 * every mix and variant on its own query slice, as `measure-engine.ts` does) and prints, per mix and variant,
 * p50/p99 on both clocks and the slowest queries with their CPU time (system part), wall time, the GC pauses
 * that overlapped them, and how long the same query takes when run again right after ("again", warm caches) and,
 * with `--cold`, on a second index of the same records whose caches never saw it ("cold"); `--mix` times one mix only. A slow query that is
 * fast again, even cold, was not slow itself: JIT compilation or GC charged to it. Each line also gives the context
 * switches and page faults during the query: a wall time far above the process's CPU time with a preemption is
 * time the process did not run at all (another thread or the host had the core). `TRACE=1` also writes a
 * marker line before every query and after each one over 1 ms CPU, to read next to `--trace-opt --trace-gc`.
 *
 *   node --expose-gc --import tsx bench/engine/tail-vitrine.ts [--size 12k|100k|1m] [--queries N] [--top 4]
 *     [--cold] [--mix prefix] [--by cpu|wall]
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { vitrineDefinition } from './engines/vitrine-engine.ts';
import { generateRecords } from './generate-records.ts';
import { loadRealRecords } from './load-real-records.ts';
import { searchOf, warmUp } from './measure-latency.ts';
import { percentile } from './percentile.ts';
import { type BenchQuery, buildQueryMixes, mixNames } from './query-mixes.ts';
import { readClock, type Variant, variants } from './run-result.ts';
import { samplingFor } from './sampling.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '12k' },
    queries: { type: 'string' },
    top: { type: 'string', default: '4' },
    cold: { type: 'boolean', default: false },
    mix: { type: 'string' },
    by: { type: 'string', default: 'cpu' },
  },
});
const sizes: Readonly<Record<string, number>> = { '100k': 100_000, '1m': 1_000_000 };
const scaledSize = sizes[values.size ?? ''];
/** The bench's own count (run.ts). */
const perMix = Number(values.queries ?? samplingFor(scaledSize === undefined).queriesPerMix);
const top = Number(values.top);
const withCold = values.cold === true;
const trace = process.env['TRACE'] === '1';
/** `--by wall` lists the slowest queries by wall time (CPU time counts V8's helper threads too). */
const sortBy = values.by === 'wall' ? 'wall' : 'cpu';
/** As in `measure-engine.ts`. */
const warmUpQueries = 50;
const warmUpBudget = 3000;

interface Timed {
  readonly text: string;
  readonly index: number;
  readonly cpu: number;
  readonly system: number;
  readonly wall: number;
  /** Context switches while it ran: the process waited (voluntary) or was preempted (involuntary). */
  readonly waits: number;
  readonly preemptions: number;
  /** Minor page faults while it ran. */
  readonly faults: number;
  readonly start: number;
  readonly end: number;
}

/** GC pauses (performance.now() milliseconds), delivered asynchronously by the observer. */
const gcPauses: { start: number; end: number; kind: number }[] = [];

const real = loadRealRecords();
const mixes = buildQueryMixes(real, warmUpQueries + variants.length * perMix);
const records = generateRecords(real, scaledSize ?? real.length);
const engine = await vitrineDefinition.create();
await engine.build(records);
const cold = withCold ? await vitrineDefinition.create() : undefined;
await cold?.build(records);
records.length = 0;
globalThis.gc?.();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
    gcPauses.push({
      start: entry.startTime,
      end: entry.startTime + entry.duration,
      kind: detail?.kind ?? 0,
    });
  }
}).observe({ entryTypes: ['gc'] });

for (const name of mixNames) {
  const slice = mixes[name].slice(0, warmUpQueries);
  await warmUp(engine, slice, warmUpBudget);
  if (cold !== undefined) await warmUp(cold, slice, warmUpBudget);
}

function timeOne(query: BenchQuery, variant: Variant, index: number, label: string): Timed {
  const search = searchOf(query, variant);
  if (trace) process.stdout.write(`Q ${label} ${index}\n`);
  const resourcesStart = process.resourceUsage();
  const wallStart = performance.now();
  const usageStart = process.cpuUsage();
  void engine.search(search);
  const usage = process.cpuUsage(usageStart);
  const wallEnd = performance.now();
  const resources = process.resourceUsage();
  const cpu = (usage.user + usage.system) / 1000;
  if (trace && cpu > 1) process.stdout.write(`SLOW ${cpu.toFixed(2)}\n`);
  const timing = {
    cpu,
    system: usage.system / 1000,
    wall: wallEnd - wallStart,
    waits: resources.voluntaryContextSwitches - resourcesStart.voluntaryContextSwitches,
    preemptions: resources.involuntaryContextSwitches - resourcesStart.involuntaryContextSwitches,
    faults: resources.minorPageFault - resourcesStart.minorPageFault,
  };
  return { text: query.text, index, ...timing, start: wallStart, end: wallEnd };
}

function rerun(target: typeof engine, query: BenchQuery, variant: Variant): number {
  const start = readClock('cpu');
  void target.search(searchOf(query, variant));
  return readClock('cpu') - start;
}

const report: (() => string)[] = [];
for (const name of mixNames.filter((mix) => values.mix === undefined || mix === values.mix)) {
  for (const variant of variants) {
    const start = warmUpQueries + variants.indexOf(variant) * perMix;
    const queries = mixes[name].slice(start, start + perMix);
    const timed = queries.map((query, index) =>
      timeOne(query, variant, index, `${name} ${variant}`),
    );
    const cpu = timed.map((entry) => entry.cpu);
    const wall = timed.map((entry) => entry.wall);
    const summary = `${name} ${variant}: CPU p50 ${percentile(cpu, 50)?.toFixed(2)} p99 ${percentile(cpu, 99)?.toFixed(2)} ms, wall p99 ${percentile(wall, 99)?.toFixed(2)} ms`;
    report.push(() => summary);
    for (const entry of [...timed].sort((a, b) => b[sortBy] - a[sortBy]).slice(0, top)) {
      const query = queries[entry.index];
      if (query === undefined) continue;
      const coldTime = cold === undefined ? undefined : rerun(cold, query, variant);
      const again = Math.min(...[0, 1, 2].map(() => rerun(engine, query, variant)));
      report.push(() => {
        const pauses = gcPauses.filter((p) => p.end >= entry.start && p.start <= entry.end);
        const gc = pauses.map((p) => `gc kind ${p.kind} ${(p.end - p.start).toFixed(2)} ms`);
        const coldNote = coldTime === undefined ? '' : `, cold ${coldTime.toFixed(2)}`;
        const switches = `switches ${entry.waits} waited / ${entry.preemptions} preempted, ${entry.faults} page faults`;
        return `  #${String(entry.index).padStart(3)} CPU ${entry.cpu.toFixed(2)} (system ${entry.system.toFixed(2)}), wall ${entry.wall.toFixed(2)}, again ${again.toFixed(2)}${coldNote} ms ${gc.join(', ')}  "${entry.text}" (${switches})`;
      });
    }
  }
}
// Let the GC observer deliver the last entries.
await new Promise((resolve) => setTimeout(resolve, 100));
const gcTotal = gcPauses.reduce((sum, pause) => sum + pause.end - pause.start, 0);
console.log(
  `${gcPauses.length} GC pauses during the timed queries, ${gcTotal.toFixed(1)} ms in all`,
);
console.log(report.map((line) => line()).join('\n'));
