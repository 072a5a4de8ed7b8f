/**
 * The engine section of `bench/README.md`: the latest table with its context, how it was measured, then the
 * storefront-shape results (kept by hand in `storefront-shape/results.md`: that bench takes too long to run with
 * every engine run).
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { findEngine } from './engines/registry.ts';
import { formatTable } from './format-table.ts';
import { generatorSeed } from './generate-records.ts';
import { querySeed } from './query-mixes.ts';
import type { Clock, EngineRunResult } from './run-result.ts';
import type { Sampling } from './sampling.ts';
import { buildCapSeconds, heapCapMegabytes } from './spawn-measurement.ts';
import { describeTargets } from './targets.ts';

export interface RunDescription {
  readonly results: readonly EngineRunResult[];
  readonly engineKeys: readonly string[];
  readonly date: string;
  readonly machine: string;
  readonly loadNote: string;
  readonly command: string;
  /** Queries per mix and variant and their wall-clock budget, on the real catalogues and at the scale-ups. */
  readonly realSampling: Sampling;
  readonly scaledSampling: Sampling;
  readonly clock: Clock;
  readonly realSize: number;
  readonly minutes: number;
}

function describeSampling({ realSampling, scaledSampling }: RunDescription): string {
  const real = `${realSampling.queriesPerMix.toLocaleString('en-US')} queries per mix and variant on the real catalogues`;
  const scaled = `${scaledSampling.queriesPerMix.toLocaleString('en-US')} at the scale-ups`;
  return `${real}, ${scaled}`;
}

function describeBudgets({ realSampling, scaledSampling }: RunDescription): string {
  return `${realSampling.budgetSeconds} s on the real catalogues, ${scaledSampling.budgetSeconds} s at the scale-ups`;
}

export function renderSection(run: RunDescription): string {
  return [
    '## Search engine: our engine vs Orama, MiniSearch and FlexSearch',
    '',
    'Run: `npx tsx bench/engine/run.ts [--sizes 12k,100k,1m] [--engines vitrine,orama,minisearch,flexsearch]',
    '[--clock wall|cpu] [--quick] [--no-readme | --readme-only]` (default: sizes 12k and 100k, wall clock; `12k`',
    'means the real catalogues; `npm run bench` runs it with the defaults). Each engine and size runs in its own',
    'child process, one after the other; the run is kept in `bench/engine/last-run.json`, and `--readme-only`',
    're-renders this section from it.',
    '',
    `### Latest run (${run.date})`,
    '',
    `Machine: ${run.machine}. ${run.loadNote}`,
    `Command: \`${run.command}\`, ${describeSampling(run)}, ${run.minutes.toFixed(0)} min in all.`,
    '',
    run.clock === 'cpu'
      ? 'Times are **CPU time** (`--clock cpu`): the process CPU time each search or build used, which leaves out the time slices other jobs took on the shared cores (see "Latency" below).'
      : 'Times are wall-clock (`performance.now()`).',
    '',
    formatTable(run.results),
    '',
    'Targets of our engine (reported, not asserted):',
    '',
    ...describeTargets(run.results, run.realSize),
    '',
    ...methodSection(run),
    '',
    '### Peer configurations',
    '',
    ...run.engineKeys
      .map(findEngine)
      .map((definition) => `- **${definition.label}**: ${definition.configuration}`),
    '',
    ...caveats(run),
    ...storefrontShapeSection(),
  ].join('\n');
}

const storefrontShapeResults = join(
  dirname(fileURLToPath(import.meta.url)),
  'storefront-shape/results.md',
);

function storefrontShapeSection(): string[] {
  if (!existsSync(storefrontShapeResults)) return [];
  return ['', readFileSync(storefrontShapeResults, 'utf8').trimEnd()];
}

function methodSection(run: RunDescription): string[] {
  return [
    '### What is measured, and how',
    '',
    `- **Data** (\`load-real-records.ts\`, fixtures in \`bench/fixtures/\` with their licences): the real catalogues,
  ${run.realSize.toLocaleString('en-US')} records in one shape (\`objectID, name, description?, brand, categories, price,
  color?\`): Luma (461 records, one per colour, from \`@vitrine/catalogue\`), Open Food Facts France (ODbL, Open Food
  Facts contributors) and the Online Retail product list (CC BY 4.0, Chen, Sain & Guo 2012). What a data set lacks
  (OFF prices, Online Retail brands and categories) is made up deterministically, as the fixture READMEs say.
  100k and 1M records come from \`generate-records.ts\` (seed ${generatorSeed}): the real records plus recombinations of
  real names' words, brands, categories and prices with ±20 % jitter.`,
    `- **Query mixes** (\`query-mixes.ts\`, seed ${querySeed}), all from real names, the same at every size: \`prefix\`
  (keystroke by keystroke, "s", "so", "sou", …, up to two words), \`multi-word\` (2–3 words in a row), \`typo-1\` and
  \`typo-2\` (a name with one or two random edits, insert, delete, substitute or swap, in one word long enough for that
  many typos: ≥ 5 and ≥ 8 letters), \`french\` (OFF names with accents removed or added, \`l'\` elision, or
  singular/plural switched). Each runs three ways: plain, **+ facets** (brand and category counts) and **+ brand &
  price filter** (the source product's brand and ½×–1.5× its price).`,
    `- **Latency**: each query timed alone around the engine call (and its await if the engine answers with a
  promise), 20 hits asked for, after a warm-up per mix: its 50 warm-up queries in every variant the engine
  supports (plain, facets, filtered: each has its own code to compile), up to 5 rounds or a fifth of the mix's
  budget, the same rule for every engine; percentiles are nearest-rank over
  ${describeSampling(run)} (fewer if the wall-clock budget per mix and variant runs out: ${describeBudgets(run)},
  the same time per query). With 300 queries a cell's p99 is its third-slowest query, so on the real catalogues,
  where queries take 0.1–0.5 ms, three moments when the VM lost its core (below) set it; 1,000 queries make the
  p99 the tenth-slowest.
  The warm-up and each variant get their own queries (disjoint slices of the same seeded mix), so an engine's
  caches only see the repetition the mix itself has ("s", "so" again at each new name), not the same texts
  replayed for every variant: the three variants of a mix compare distributions, not identical queries.
  Clock: wall-clock (\`performance.now()\`) by default; with \`--clock cpu\`, the process CPU time
  (\`process.cpuUsage()\`, user + system, µs resolution), which leaves out time slices lost to other processes on a
  shared machine but still counts V8's GC threads (so it can exceed wall time on 2 cores).`,
    `- **Build**: the engine's documented bulk add, timed on the same clock from an empty index to the last record (records already
  in memory). **Heap**: in the same child (one per engine and size, \`node --expose-gc\`), after dropping the bench's
  references to the records and two \`gc()\`: \`heapUsed + arrayBuffers\` (typed arrays live outside \`heapUsed\`),
  so it includes what the engine keeps of the records (Orama and ours keep documents; MiniSearch and FlexSearch only
  the stored fields) plus ~10 MB of loaded code and query mixes.`,
    `- **recall@20**: share of a mix's queries (plain variant) whose intended product is among the first 20 hits;
  a hit counts when its name equals the intended product's name (colour variants and scaled-up copies share names).`,
    `- **Exact facet counts**: for up to 30 multi-word queries (as many as one budget allows; the table gives the
  number), every match is fetched and brand and category values are
  counted by brute force; "yes" when each count the engine returned equals the brute-force count and the engine
  returned its top values (10 per facet).`,
    `- **Did not finish**: build over ${buildCapSeconds} s (the child is killed), heap over ${heapCapMegabytes / 1024} GB (or out
  of memory), or fewer than 100 queries of a mix timed within its budget. **n/a**: the engine has no such
  feature (MiniSearch and FlexSearch count no facets; FlexSearch filters no numeric range); it is never emulated.`,
  ];
}

function caveats(run: RunDescription): string[] {
  return [
    '### Caveats',
    '',
    `- The scale-ups recombine the real vocabulary, so 100k and 1M records have about as many distinct words as the
  real catalogues (~6,500 after folding). A real catalogue of 1M products has a far larger dictionary: typo
  expansion (which walks the dictionary) costs more there than here, and posting lists are shorter.`,
    `- Semantics differ slightly where the engines do: our facet filter compares brand values case-insensitively
  (Algolia's rule), Orama's \`enum\` and the MiniSearch callback compare exactly; MiniSearch returns every match
  sorted (the bench keeps the first 20); Orama and MiniSearch count a swap of two letters as 2 typos (Levenshtein),
  Algolia's rule and ours as 1.`,
    `- The caps are wall-clock (build ${buildCapSeconds} s, ${describeBudgets(run)} per mix and variant): on a busy machine they stop
  peers an idle machine would let finish. The cells say how far they got: CPU seconds used when a build was
  stopped, or the number of queries timed and their p50.`,
    `- FlexSearch's recall comes mostly from \`suggest\`, which keeps hits that miss a word, not from correcting the
  misspelled word; our engine, Orama and MiniSearch require every word (with typos) to match.`,
    `- Orama's tolerance is one number for every word. With \`tolerance: 2\` (\`--engines orama-tolerance-2\`) it
  finds about half the 2-typo products, at roughly 5× the latency of \`tolerance: 1\` on the real catalogues.`,
    `- CPU-clock tails: \`process.cpuUsage()\` counts the whole process, so work of V8's background threads
  (optimising compiler, concurrent GC) that happens while a query is timed is charged to that query. On the real
  catalogues our engine's slowest 1 % are different queries from one run to the next, and each of them runs again,
  even on a second index with cold caches, in under 0.8 ms: the tail there is the JIT (before the warm-up covered
  the facets and filtered variants, TurboFan was still compiling the search path during the timed queries, up to
  70 ms of compiler-thread CPU for one function, charged to whichever query was running) and young-generation GC
  (one scavenge every ~300 queries, 2–7 ms of CPU on a loaded machine). At 1M records the tail is real work:
  broad words ("jus" is in 320k generated records, one-letter prefixes match 100k–400k records).`,
    `- Wall-clock tails on the real catalogues: until 2026-11-28 a cell's p99 was its third-slowest query of 300,
  so three slow events in one cell set it. Besides the young-generation GC (one scavenge every ~250 queries, 2–4 ms), the tail
  tool shows queries taking 1.5–3.5 ms of wall time while the whole process used 0.1–0.4 ms of CPU, each with an
  involuntary context switch: the process was not running at all (on these 2-core VMs a kernel thread —
  DAMON's proactive reclaim, \`kdamond\`, runs here — or the host had the core). Consecutive in-process replays of
  the same build on 2026-11-28 had 0 to 4 of the 15 cells above 1 ms (10 replays, 25 cells in all), the
  slowest queries changing from one replay to the next; run at \`nice -n -15\` the count was about the same.`,
    `- \`npx tsx bench/engine/profile-vitrine.ts --size 1m --mix prefix --variant facets\` profiles our engine on one
  mix (slowest queries and functions with the most self time); \`node --expose-gc --import tsx
  bench/engine/tail-vitrine.ts [--size 12k|100k|1m] [--cold]\` replays the bench's sequence and prints each mix's
  slowest queries with their CPU and wall time, the GC pauses during them, and their time when run again (and on
  a second index with cold caches, \`--cold\`).`,
  ];
}
