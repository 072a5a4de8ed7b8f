/**
 * Checks the engine's targets against a run and says, per target, whether it was met (a report, not an
 * assertion: the numbers depend on the machine). Targets: real catalogues (~10k) p99 ≤ 1 ms in every mix; 1M
 * p99 ≤ 20 ms, build ≤ 60 s, heap ≤ 1.5 GB; p99 ≥ 10× lower than MiniSearch and Orama at equal or better typo
 * recall.
 */
import { formatMilliseconds } from './format-table.ts';
import { mixNames } from './query-mixes.ts';
import { type EngineRunResult, variants } from './run-result.ts';

type Finished = EngineRunResult & { readonly outcome: { readonly kind: 'finished' } };

const ourKey = 'vitrine';
const typoMixes = ['typo-1', 'typo-2'] as const;

function isFinished(result: EngineRunResult): result is Finished {
  return result.outcome.kind === 'finished';
}

/** Every measured p99 of a run, keyed `mix + variant`. */
function p99s(result: Finished): Map<string, number> {
  const values = new Map<string, number>();
  for (const mix of mixNames) {
    for (const variant of variants) {
      const cell = result.outcome.mixes[mix].latency[variant];
      if (cell.kind === 'measured') values.set(`${mix} ${variant}`, cell.p99);
    }
  }
  return values;
}

function worstP99(result: Finished): string {
  const [key, value] = [...p99s(result)].sort((a, b) => b[1] - a[1])[0] ?? ['none', Number.NaN];
  return `worst p99 ${formatMilliseconds(value)} ms (${key})`;
}

function verdict(met: boolean): string {
  return met ? '**met**' : '**not met**';
}

export function describeTargets(results: readonly EngineRunResult[], realSize: number): string[] {
  const ours = results.filter((result) => result.engineKey === ourKey);
  if (ours.length === 0) return ['- Our engine was not part of this run.'];
  const lines: string[] = [];
  for (const result of ours) {
    const size = result.records.toLocaleString('en-US');
    if (!isFinished(result)) {
      lines.push(
        `- ${size} records: did not finish (${result.outcome.kind === 'did-not-finish' ? result.outcome.reason : ''}).`,
      );
      continue;
    }
    const worst = Math.max(...p99s(result).values());
    if (result.records === realSize) {
      lines.push(
        `- ${size} records, p99 ≤ 1 ms in every mix: ${verdict(worst <= 1)}, ${worstP99(result)}.`,
      );
    }
    if (result.records >= 1_000_000) {
      const { buildSeconds, heapMegabytes } = result.outcome;
      lines.push(
        `- ${size} records, p99 ≤ 20 ms: ${verdict(worst <= 20)}, ${worstP99(result)}; build ≤ 60 s: ` +
          `${verdict(buildSeconds <= 60)} (${buildSeconds.toFixed(1)} s); heap ≤ 1.5 GB: ` +
          `${verdict(heapMegabytes <= 1536)} (${heapMegabytes.toFixed(0)} MB).`,
      );
    }
    for (const peerKey of ['minisearch', 'orama']) {
      const peer = results.find(
        (other) => other.engineKey === peerKey && other.records === result.records,
      );
      if (peer !== undefined) lines.push(comparePeer(result, peer, size));
    }
  }
  return lines;
}

function comparePeer(ours: Finished, peer: EngineRunResult, size: string): string {
  const prefix = `- ${size} records vs ${peer.engineLabel}`;
  if (!isFinished(peer)) return `${prefix}: the peer did not finish, no ratio.`;
  const ourP99 = p99s(ours);
  const ratios = [...p99s(peer)].flatMap(([key, value]) => {
    const our = ourP99.get(key);
    return our === undefined ? [] : [{ key, ratio: value / Math.max(our, 0.001) }];
  });
  const smallest = ratios.sort((a, b) => a.ratio - b.ratio)[0];
  const recallOk = typoMixes.every(
    (mix) => (ours.outcome.mixes[mix].recall ?? 0) >= (peer.outcome.mixes[mix].recall ?? 0),
  );
  const recalls = typoMixes
    .map(
      (mix) =>
        `${mix} ${percent(ours.outcome.mixes[mix].recall)} vs ${percent(peer.outcome.mixes[mix].recall)}`,
    )
    .join(', ');
  if (smallest === undefined) return `${prefix}: no common measured mix.`;
  return (
    `${prefix}, ≥ 10× lower p99 at equal or better typo recall: ${verdict(smallest.ratio >= 10 && recallOk)} ` +
    `(smallest ratio ${smallest.ratio.toFixed(1)}× on ${smallest.key}; recall ${recalls}).`
  );
}

function percent(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${(value * 100).toFixed(0)} %`;
}
