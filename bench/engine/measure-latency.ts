/**
 * Times an engine over one query mix and variant: each query is timed alone, on the job's clock, around the
 * engine call (and the await, for engines that answer with a promise), so GC pauses caused by the engine count.
 * The time budget is always wall-clock.
 */
import type { BenchEngine, EngineAnswer, EngineSearch } from './engines/bench-engine.ts';
import { percentile } from './percentile.ts';
import { type BenchQuery, normalizeName } from './query-mixes.ts';
import { type Clock, type LatencyCell, readClock, type Variant, variants } from './run-result.ts';

export interface MixMeasurement {
  readonly latency: LatencyCell;
  /** Recall@20 over the measured queries that remember their product, when there are any. */
  readonly recall?: number;
}

export interface MeasureOptions {
  readonly budgetMilliseconds: number;
  readonly minimumSamples: number;
  readonly clock: Clock;
}

export function searchOf(query: BenchQuery, variant: Variant): EngineSearch {
  return {
    text: query.text,
    facets: variant === 'facets',
    ...(variant === 'filtered' ? { filter: query.filter } : {}),
  };
}

export function isSupported(engine: BenchEngine, variant: Variant): boolean {
  return (
    variant === 'plain' || (variant === 'facets' ? engine.supportsFacets : engine.supportsFilters)
  );
}

export async function answer(engine: BenchEngine, search: EngineSearch): Promise<EngineAnswer> {
  const pending = engine.search(search);
  return pending instanceof Promise ? await pending : pending;
}

/** Rounds of the warm-up queries at most (the warm-up budget usually ends it first on large indices). */
export const warmUpRounds = 5;

/**
 * Untimed searches so the JIT and the engine's caches are warm before timing: the warm-up queries in every
 * variant the engine supports (plain, facets, filtered: each has its own code paths to compile), repeated for up
 * to `warmUpRounds` rounds; stops at the time budget. The same rule for every engine.
 */
export async function warmUp(
  engine: BenchEngine,
  queries: readonly BenchQuery[],
  budgetMilliseconds: number,
): Promise<void> {
  const started = performance.now();
  const supported = variants.filter((variant) => isSupported(engine, variant));
  for (let round = 0; round < warmUpRounds; round++) {
    for (const query of queries) {
      for (const variant of supported) {
        if (performance.now() - started > budgetMilliseconds) return;
        await answer(engine, searchOf(query, variant));
      }
    }
  }
}

export async function measureMix(
  engine: BenchEngine,
  queries: readonly BenchQuery[],
  variant: Variant,
  options: MeasureOptions,
): Promise<MixMeasurement> {
  if (!isSupported(engine, variant)) return { latency: { kind: 'not-supported' } };
  const samples: number[] = [];
  let intended = 0;
  let found = 0;
  const started = performance.now();
  for (const query of queries) {
    if (performance.now() - started > options.budgetMilliseconds) break;
    const search = searchOf(query, variant);
    const start = readClock(options.clock);
    const pending = engine.search(search);
    const result = pending instanceof Promise ? await pending : pending;
    samples.push(readClock(options.clock) - start);
    if (query.intendedName !== undefined) {
      intended++;
      if (result.names.some((name) => normalizeName(name) === query.intendedName)) found++;
    }
  }
  const recall = intended > 0 ? { recall: found / intended } : {};
  if (samples.length < Math.min(options.minimumSamples, queries.length)) {
    const reason = `${samples.length} of ${queries.length} queries in ${options.budgetMilliseconds / 1000} s`;
    const partial = samples.length > 0 ? { partialP50: percentile(samples, 50) } : {};
    return { latency: { kind: 'did-not-finish', reason, ...partial }, ...recall };
  }
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p));
  return {
    latency: {
      kind: 'measured',
      p50: p50 ?? 0,
      p95: p95 ?? 0,
      p99: p99 ?? 0,
      samples: samples.length,
    },
    ...recall,
  };
}
