/**
 * Where our engine allocates per query (a minor GC is what puts a sub-millisecond query in the p99 tail):
 *
 *   npx tsx bench/engine/allocations-vitrine.ts [--size 12k|100k|1m] [--mix prefix] [--variant plain|facets|filtered]
 *
 * Replays a mix (50 warm-up queries, then 900 distinct ones, each once) under V8's sampling heap profiler
 * (`includeObjectsCollectedByMinorGC`, so short-lived garbage counts) and prints the bytes allocated per query in
 * all and the functions that allocate most (self, with their file; a built-in with its caller). With `--retained`
 * (run under `node --expose-gc --import tsx`), only what is still alive after the queries: what caches keep.
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { vitrineDefinition } from './engines/vitrine-engine.ts';
import { generateRecords } from './generate-records.ts';
import { loadRealRecords } from './load-real-records.ts';
import { searchOf } from './measure-latency.ts';
import { buildQueryMixes, mixNames } from './query-mixes.ts';
import { variants } from './run-result.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '12k' },
    mix: { type: 'string', default: 'prefix' },
    variant: { type: 'string', default: 'plain' },
    top: { type: 'string', default: '20' },
    retained: { type: 'boolean', default: false },
  },
});
const mix = mixNames.find((name) => name === values.mix) ?? 'prefix';
const variant = variants.find((name) => name === values.variant) ?? 'plain';
const sizes: Readonly<Record<string, number>> = { '100k': 100_000, '1m': 1_000_000 };

interface SamplingNode {
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly selfSize: number;
  readonly children: readonly SamplingNode[];
}

const real = loadRealRecords();
const all = buildQueryMixes(real, 950)[mix];
const engine = await vitrineDefinition.create();
await engine.build(generateRecords(real, sizes[values.size ?? ''] ?? real.length));
for (const query of all.slice(0, 50)) void engine.search(searchOf(query, variant));

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: values.retained !== true,
});
const queries = all.slice(50);
for (const query of queries) void engine.search(searchOf(query, variant));
if (values.retained === true) globalThis.gc?.();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
  profile: { head: SamplingNode };
};

const bySite = new Map<string, number>();
let total = 0;
const nameOf = (node: SamplingNode): string => {
  const { functionName, url } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}`;
};
// A built-in (no file: `next`, `push`, `subarray`…) is named with its caller.
const visit = (node: SamplingNode, caller = ''): void => {
  if (node.selfSize > 0) {
    const site = node.callFrame.url === '' ? `${nameOf(node)}← ${caller}` : nameOf(node);
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children)
    visit(child, node.callFrame.url === '' ? caller : nameOf(node));
};
visit(profile.head);
console.log(
  `${queries.length} ${mix} queries, ${variant}: ${(total / queries.length / 1024).toFixed(1)} KB ${values.retained === true ? 'retained' : 'allocated'} per query`,
);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(
    `${(bytes / queries.length / 1024).toFixed(2).padStart(8)} KB  ${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${site}`,
  );
}
