/**
 * The one results table, in Markdown: a row per engine, size and query mix, with build time, heap and the
 * facet check on the first row of each engine and size. Latency cells are `p50 / p95 / p99` in ms.
 */
import { mixesWithIntent, mixNames } from './query-mixes.ts';
import type { EngineRunResult, FacetExactness, LatencyCell } from './run-result.ts';

const header = [
  'engine',
  'records',
  'build (s)',
  'heap (MB)',
  'query mix',
  'plain p50 / p95 / p99 (ms)',
  '+ facets p50 / p95 / p99 (ms)',
  '+ brand & price filter p50 / p95 / p99 (ms)',
  'recall@20',
  'exact facet counts',
];

export function formatTable(results: readonly EngineRunResult[]): string {
  const rows = results.flatMap(rowsOf);
  return [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.join(' | ')} |`)
    .join('\n');
}

function rowsOf(result: EngineRunResult): string[][] {
  const records = result.records.toLocaleString('en-US');
  const { outcome } = result;
  if (outcome.kind === 'did-not-finish') {
    return [
      [
        result.engineLabel,
        records,
        `did not finish (${outcome.reason})`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ];
  }
  return mixNames.map((mix, i) => {
    const { latency, recall } = outcome.mixes[mix];
    const first = i === 0;
    return [
      first ? result.engineLabel : '',
      first ? records : '',
      first ? outcome.buildSeconds.toFixed(1) : '',
      first ? outcome.heapMegabytes.toFixed(0) : '',
      mix,
      formatLatency(latency.plain),
      formatLatency(latency.facets),
      formatLatency(latency.filtered),
      mixesWithIntent.includes(mix) && recall !== undefined ? `${(recall * 100).toFixed(0)} %` : '',
      first ? formatFacets(outcome.facets) : '',
    ];
  });
}

export function formatMilliseconds(value: number): string {
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function formatLatency(cell: LatencyCell): string {
  switch (cell.kind) {
    case 'measured':
      return [cell.p50, cell.p95, cell.p99].map(formatMilliseconds).join(' / ');
    case 'not-supported':
      return 'n/a';
    case 'did-not-finish':
      return cell.partialP50 === undefined
        ? `did not finish (${cell.reason})`
        : `did not finish (${cell.reason}; p50 of those ${formatMilliseconds(cell.partialP50)} ms)`;
  }
}

function formatFacets(facets: FacetExactness): string {
  switch (facets.kind) {
    case 'exact':
      return `yes (${facets.queries} queries)`;
    case 'inexact':
      return `no: ${facets.example}`;
    case 'not-supported':
      return 'n/a';
    case 'did-not-finish':
      return `did not finish (${facets.reason})`;
  }
}
