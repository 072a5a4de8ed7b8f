/**
 * Where the search service's CPU goes per indexed record, from a V8 profile of `bench/http/indexing.ts
 * --cpu-prof DIR` (its first file: the indexing run): `npx tsx bench/http/indexing-cost.ts <file.cpuprofile>
 * <records>`. Only the samples from the first to the last record saved into an engine count (start-up and the
 * restart are left out). Each sample goes to the first area, in the order below, found on its stack from the
 * sampled function up (PGlite's statements run from microtasks, so its stacks never name our store code).
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile } from './cpu-profile-summary.ts';

const [file, recordsArgument] = process.argv.slice(2);
if (!file || !recordsArgument)
  throw new Error('usage: indexing-cost.ts <file.cpuprofile> <records>');
const records = Number(recordsArgument);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

type Test = (name: string, url: string) => boolean;
const areas: readonly [string, Test][] = [
  ['searches (the probe)', (_, url) => /search\/(sliced-call|run-search)/.test(url)],
  [
    'admin probes (health, index list, task)',
    (_, url) => /format-index-list|task-routes|health/.test(url),
  ],
  [
    'engine: saveObjects (primary; sharing replicas)',
    (name, url) => name === 'saveObjects' && url.includes('engine/search-index'),
  ],
  [
    'plan and validation (size, storable, simulation)',
    (name, url) =>
      [
        'planRecordActions',
        'assertStorable',
        'assertStorableChanges',
        'assertRecordSize',
        'parseBatch',
      ].includes(name) || url.includes('indices/record-texts'),
  ],
  ['request body parse (JSON.parse, depth check)', (name) => name === 'parseJsonBody'],
  ['store: building the statements (JS)', (name) => name === 'putEntries'],
  ['persisted build', (_, url) => url.includes('build-snapshot')],
  ['warm-up (index preparer)', (_, url) => url.includes('index-preparer')],
  [
    'store: PGlite (wasm and its JS)',
    (_, url) => url.includes('pglite') || url.startsWith('wasm://'),
  ],
  ['HTTP (Fastify, sockets)', (_, url) => /fastify|node:_http|node:net/.test(url)],
];

const within = (id: number, test: Test): boolean => {
  for (
    let current: number | undefined = id;
    current !== undefined;
    current = parents.get(current)
  ) {
    const frame = frames.get(current);
    if (frame && test(frame.functionName, frame.url)) return true;
  }
  return false;
};
const areaOf = (id: number): string => {
  const leaf = frames.get(id)?.functionName ?? '';
  if (leaf === '(idle)') return 'idle';
  if (leaf === '(garbage collector)') return 'garbage collection';
  return areas.find(([, test]) => within(id, test))?.[0] ?? 'other';
};

const samples = profile.samples ?? [];
const indexing = areas[2]?.[1] as Test;
const first = samples.findIndex((id) => within(id, indexing));
let last = samples.length - 1;
while (last > first && !within(samples[last] as number, indexing)) last--;
const totals = new Map<string, number>();
let all = 0;
for (let i = Math.max(first, 0); i <= last; i++) {
  const delta = profile.timeDeltas?.[i] ?? 0;
  all += delta;
  const area = areaOf(samples[i] as number);
  totals.set(area, (totals.get(area) ?? 0) + delta);
}
console.log(
  `CPU from the first to the last record indexed: ${(all / 1e6).toFixed(1)} s, ${records} records\n`,
);
console.log('| area | share | µs per record |\n|---|--:|--:|');
for (const [area, micros] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(
    `| ${area} | ${((micros / all) * 100).toFixed(1)} % | ${(micros / records).toFixed(0)} |`,
  );
