/** What one child process measures for one engine at one size, sent to the parent as JSON. */
import type { MixName } from './query-mixes.ts';

export const variants = ['plain', 'facets', 'filtered'] as const;
/** `plain`: text only; `facets`: + brand and category counts; `filtered`: + brand filter and price range. */
export type Variant = (typeof variants)[number];

export type LatencyCell =
  | {
      readonly kind: 'measured';
      readonly p50: number;
      readonly p95: number;
      readonly p99: number;
      readonly samples: number;
    }
  | { readonly kind: 'not-supported' }
  /** `partialP50`: the median of the queries that did finish, when some did. */
  | { readonly kind: 'did-not-finish'; readonly reason: string; readonly partialP50?: number };

export interface MixResult {
  readonly latency: Readonly<Record<Variant, LatencyCell>>;
  /** Share of the mix's queries whose intended product is in the top 20 (mixes with intent, plain variant). */
  readonly recall?: number;
}

export type FacetExactness =
  | { readonly kind: 'exact'; readonly queries: number }
  | { readonly kind: 'inexact'; readonly queries: number; readonly example: string }
  | { readonly kind: 'not-supported' }
  | { readonly kind: 'did-not-finish'; readonly reason: string };

export type EngineOutcome =
  | {
      readonly kind: 'finished';
      readonly buildSeconds: number;
      readonly heapMegabytes: number;
      readonly mixes: Readonly<Record<MixName, MixResult>>;
      readonly facets: FacetExactness;
    }
  | { readonly kind: 'did-not-finish'; readonly reason: string };

export interface EngineRunResult {
  readonly engineKey: string;
  readonly engineLabel: string;
  readonly records: number;
  readonly outcome: EngineOutcome;
}

/** The job the parent gives a child (argv[2], JSON). */
export interface MeasurementJob {
  readonly engineKey: string;
  readonly records: number;
  readonly queriesPerMix: number;
  /** Wall-clock budget per mix and variant; fewer than `minimumSamples` measured in it = did not finish. */
  readonly budgetMilliseconds: number;
  readonly minimumSamples: number;
  readonly clock: Clock;
}

/**
 * `wall`: `performance.now()`. `cpu`: CPU time of the process (`process.cpuUsage()`, user + system, µs
 * resolution), which leaves out the time slices other processes take on a shared machine (V8's GC helper
 * threads still count).
 */
export type Clock = 'wall' | 'cpu';

/** Milliseconds on `clock`, from an arbitrary origin. */
export function readClock(clock: Clock): number {
  if (clock === 'wall') return performance.now();
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Child → parent messages, sent as each step ends so a child killed later still leaves its numbers. */
export type ChildMessage =
  | { readonly type: 'build-start' }
  | { readonly type: 'built'; readonly buildSeconds: number; readonly heapMegabytes: number }
  | { readonly type: 'mix'; readonly mix: MixName; readonly result: MixResult }
  | { readonly type: 'result'; readonly result: EngineRunResult };
