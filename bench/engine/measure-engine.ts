/**
 * Child process: measures one engine at one size, alone in its process so heap numbers don't mix (run with
 * `--expose-gc`). Steps: make the records and queries, build (timed), drop the bench's references to the records,
 * GC, read the heap, warm up, time every mix and variant, check facet counts, send the result to the parent.
 */
import type { BenchRecord } from './bench-record.ts';
import { checkFacetCounts } from './check-facets.ts';
import type { BenchEngine } from './engines/bench-engine.ts';
import { findEngine } from './engines/registry.ts';
import { generateRecords } from './generate-records.ts';
import { loadRealRecords } from './load-real-records.ts';
import { type MixMeasurement, measureMix, warmUp } from './measure-latency.ts';
import {
  type BenchQuery,
  buildQueryMixes,
  type MixName,
  mixNames,
  type QueryMixes,
} from './query-mixes.ts';
import {
  type ChildMessage,
  type EngineRunResult,
  type LatencyCell,
  type MeasurementJob,
  type MixResult,
  readClock,
  type Variant,
  variants,
} from './run-result.ts';

/** Queries of the facet check: multi-word queries, whose match sets are small enough to fetch whole. */
const facetCheckQueries = 30;
const warmUpQueries = 50;

/**
 * Each use of a mix gets its own queries (same generator, disjoint slices: warm-up, then one slice per variant),
 * so an engine that caches per word or per query only profits from the repetition real traffic has, not from
 * the bench replaying the same texts for every variant.
 */
function sliceOf(queries: readonly BenchQuery[], use: 'warm-up' | Variant, perMix: number) {
  if (use === 'warm-up') return queries.slice(0, warmUpQueries);
  const start = warmUpQueries + variants.indexOf(use) * perMix;
  return queries.slice(start, start + perMix);
}

function send(message: ChildMessage): void {
  if (process.send === undefined) throw new Error('measure-engine.ts runs as a child of run.ts');
  process.send(message);
}

function collectGarbage(): void {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run the child with node --expose-gc');
  gc();
  gc();
}

/** JS heap plus typed-array backing stores, which live outside `heapUsed`. */
function heapMegabytes(): number {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 1024 / 1024;
}

/** Records and queries; the real records are only referenced through the returned array. */
function prepare(job: MeasurementJob): { records: BenchRecord[]; mixes: QueryMixes } {
  const real = loadRealRecords();
  return {
    records: generateRecords(real, job.records),
    mixes: buildQueryMixes(real, warmUpQueries + variants.length * job.queriesPerMix),
  };
}

async function measure(job: MeasurementJob): Promise<EngineRunResult> {
  const definition = findEngine(job.engineKey);
  const prepared = prepare(job);
  const { mixes } = prepared;
  let records: BenchRecord[] | undefined = prepared.records;
  prepared.records = [];
  const count = records.length;
  const engine = await definition.create();
  send({ type: 'build-start' });
  const started = readClock(job.clock);
  const building = engine.build(records);
  if (building instanceof Promise) await building;
  const buildSeconds = (readClock(job.clock) - started) / 1000;
  records = undefined;
  collectGarbage();
  const heap = heapMegabytes();
  send({ type: 'built', buildSeconds, heapMegabytes: heap });
  const base = { engineKey: definition.key, engineLabel: definition.label, records: count };
  if (heap > 4096) return { ...base, outcome: { kind: 'did-not-finish', reason: 'heap > 4 GB' } };
  const warmUpBudget = job.budgetMilliseconds / 5;
  for (const name of mixNames) {
    await warmUp(engine, sliceOf(mixes[name], 'warm-up', job.queriesPerMix), warmUpBudget);
  }
  const mixResults = await measureMixes(engine, mixes, job);
  const facetQueries = sliceOf(mixes['multi-word'], 'facets', job.queriesPerMix).slice(
    0,
    facetCheckQueries,
  );
  const facets = await checkFacetCounts(engine, facetQueries, job.budgetMilliseconds);
  return {
    ...base,
    outcome: { kind: 'finished', buildSeconds, heapMegabytes: heap, mixes: mixResults, facets },
  };
}

async function measureMixes(
  engine: BenchEngine,
  mixes: QueryMixes,
  job: MeasurementJob,
): Promise<Record<MixName, MixResult>> {
  const results = {} as Record<MixName, MixResult>;
  for (const name of mixNames) {
    const latency = {} as Record<Variant, LatencyCell>;
    let recall: number | undefined;
    for (const variant of variants) {
      const queries = sliceOf(mixes[name], variant, job.queriesPerMix);
      const measured: MixMeasurement = await measureMix(engine, queries, variant, job);
      latency[variant] = measured.latency;
      if (variant === 'plain') recall = measured.recall;
    }
    results[name] = recall === undefined ? { latency } : { latency, recall };
    send({ type: 'mix', mix: name, result: results[name] });
  }
  return results;
}

const job: MeasurementJob = JSON.parse(process.argv[2] ?? '{}');
send({ type: 'result', result: await measure(job) });
process.disconnect?.();
