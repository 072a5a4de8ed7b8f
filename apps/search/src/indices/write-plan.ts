import type { StoreChange } from '../store/search-store.ts';

/** A write worked out against the live state: what to commit, then how to apply it in memory. */
export interface WritePlan<TResult = undefined> {
  /** The index the task is about (informational). */
  readonly indexName: string | undefined;
  readonly changes: readonly StoreChange[];
  /** Runs after the commit; must not throw (everything was validated while planning). */
  readonly apply: () => void;
  readonly result: TResult;
}

/** Collects store changes and the in-memory steps that mirror them, in order. */
export class PlanBuilder {
  readonly changes: StoreChange[] = [];
  readonly #steps: (() => void)[] = [];

  add(change: StoreChange | readonly StoreChange[], step?: () => void): void {
    if (Array.isArray(change)) this.changes.push(...(change as readonly StoreChange[]));
    else this.changes.push(change as StoreChange);
    if (step) this.#steps.push(step);
  }

  step(step: () => void): void {
    this.#steps.push(step);
  }

  build<TResult>(indexName: string | undefined, result: TResult): WritePlan<TResult> {
    const steps = [...this.#steps];
    return {
      indexName,
      changes: [...this.changes],
      apply: () => {
        for (const step of steps) step();
      },
      result,
    };
  }
}
