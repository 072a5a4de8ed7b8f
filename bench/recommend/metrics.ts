/** Ranking metrics of the recommend benchmark. */

/** Running hit-rate@k and mean reciprocal rank over cases. */
export class RankAccumulator {
  private hits = 0;
  private reciprocalRanks = 0;
  private total = 0;
  private readonly cutoff: number;

  /** @param cutoff - k of hit-rate@k, ≥ 1. */
  constructor(cutoff: number) {
    this.cutoff = cutoff;
  }

  /** Records one case: `rank` is 0-based, undefined when the method did not rank the target at all. */
  add(rank: number | undefined): void {
    this.total += 1;
    if (rank === undefined) return;
    this.reciprocalRanks += 1 / (rank + 1);
    if (rank < this.cutoff) this.hits += 1;
  }

  get cases(): number {
    return this.total;
  }

  get hitRate(): number {
    return this.total === 0 ? 0 : this.hits / this.total;
  }

  get meanReciprocalRank(): number {
    return this.total === 0 ? 0 : this.reciprocalRanks / this.total;
  }
}

/** Spearman's rank correlation with average ranks for ties; 0 when either side is constant. */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const rankA = averageRanks(a);
  const rankB = averageRanks(b);
  const n = a.length;
  const meanA = rankA.reduce((sum, rank) => sum + rank, 0) / n;
  const meanB = rankB.reduce((sum, rank) => sum + rank, 0) / n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < n; i++) {
    const da = (rankA[i] ?? 0) - meanA;
    const db = (rankB[i] ?? 0) - meanB;
    covariance += da * db;
    varianceA += da * da;
    varianceB += db * db;
  }
  return varianceA > 0 && varianceB > 0 ? covariance / Math.sqrt(varianceA * varianceB) : 0;
}

function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((x, y) => (values[x] ?? 0) - (values[y] ?? 0));
  const ranks = new Array<number>(values.length).fill(0);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    for (let i = start; i <= end; i++) ranks[order[i]!] = (start + end) / 2;
    start = end + 1;
  }
  return ranks;
}

/** Mean of a list, 0 when empty. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Code-unit order, independent of the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
