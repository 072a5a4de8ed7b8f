/**
 * Profiles our engine on one query mix, in-process, to find where a slow mix spends its time:
 *
 *   npx tsx bench/engine/profile-vitrine.ts [--size 12k|100k|1m] [--mix typo-1] [--variant plain|facets|filtered]
 *
 * Prints the mean CPU time per query (900 distinct queries, each run once after 50 warm-up queries), the
 * functions with the most self time (V8 sampling profiler, 100 µs interval) and the slowest queries (fastest of 3
 * runs each, CPU time: repeated runs hit the engine's caches).
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { selfTime } from '../http/cpu-profile-summary.ts';
import { vitrineDefinition } from './engines/vitrine-engine.ts';
import { generateRecords } from './generate-records.ts';
import { loadRealRecords } from './load-real-records.ts';
import { searchOf } from './measure-latency.ts';
import { type BenchQuery, buildQueryMixes, type MixName, mixNames } from './query-mixes.ts';
import { readClock, type Variant, variants } from './run-result.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '12k' },
    mix: { type: 'string', default: 'typo-1' },
    variant: { type: 'string', default: 'plain' },
  },
});
const mix = mixNames.find((name) => name === values.mix) ?? 'typo-1';
const variant = variants.find((name) => name === values.variant) ?? 'plain';
const sizes: Readonly<Record<string, number>> = { '100k': 100_000, '1m': 1_000_000 };

const real = loadRealRecords();
// Distinct queries, each run once while profiling: the engine caches word expansions.
const [warmUpQueries, queries] = ((all) => [all.slice(0, 50), all.slice(50)])(
  buildQueryMixes(real, 950)[mix],
);
const engine = await vitrineDefinition.create();
const buildStart = readClock('cpu');
await engine.build(generateRecords(real, sizes[values.size ?? ''] ?? real.length));
console.log(`build: ${((readClock('cpu') - buildStart) / 1000).toFixed(1)} s CPU`);

function runAll(list: readonly BenchQuery[]): number {
  const start = readClock('cpu');
  for (const query of list) void engine.search(searchOf(query, variant));
  return (readClock('cpu') - start) / list.length;
}

function slowest(mixName: MixName, kind: Variant): string[] {
  const timed = queries.map((query) => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const start = readClock('cpu');
      void engine.search(searchOf(query, kind));
      best = Math.min(best, readClock('cpu') - start);
    }
    return { text: query.text, best };
  });
  timed.sort((a, b) => b.best - a.best);
  return timed
    .slice(0, 10)
    .map(({ text, best }) => `  ${best.toFixed(2)} ms  ${mixName}: "${text}"`);
}

runAll(warmUpQueries);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const mean = runAll(queries);
const { profile } = await session.post('Profiler.stop');
console.log(
  `${queries.length} ${mix} queries, ${variant}: ${mean.toFixed(3)} ms CPU per query on average`,
);
console.log(
  'slowest (fastest of 3 runs, CPU):',
  ...slowest(mix, variant).map((line) => `\n${line}`),
);
console.log('most self time:', ...selfTime(profile, 12, 1).map((line) => `\n${line}`));
