/** How many queries the engine bench times per mix and variant, and in how much wall-clock time. */
export interface Sampling {
  readonly queriesPerMix: number;
  readonly budgetSeconds: number;
}

/**
 * On the real catalogues, where the target is p99 ≤ 1 ms, 1,000 queries: with 300, a cell's p99 is its
 * third-slowest query, so three moments when the VM lost its core set it. The scale-ups keep 300 (peers there
 * take 10–1,000 ms per query; the budget caps them). The budget grows with the count, so a peer gets the same
 * time per query at every size. `--quick`: 100 queries in 5 s. Used by run.ts and by the tail tool, which
 * replays the bench's sequence.
 */
export function samplingFor(realCatalogues: boolean, quick = false): Sampling {
  if (quick) return { queriesPerMix: 100, budgetSeconds: 5 };
  return realCatalogues
    ? { queriesPerMix: 1000, budgetSeconds: 50 }
    : { queriesPerMix: 300, budgetSeconds: 15 };
}
