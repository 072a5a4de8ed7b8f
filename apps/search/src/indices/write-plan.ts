import type { StoreChange } from '../store/search-store.ts';

/** A write worked out against the live state: what to commit, then how to apply it in memory. */
export interface WritePlan<TResult = undefined> {
  /** The index the task is about (informational). */
  readonly indexName: string | undefined;
  readonly changes: readonly StoreChange[];
  /** Runs after the commit; must not throw (everything was validated while planning). */
  readonly apply: () => void;
  /**
   * `apply` cut into slices: each yield is a point where the caller may give the event loop back (decision
   * 0016), the indices then holding whole records only. Iterate it to the end, or call `apply`, not both.
   */
  readonly slices?: () => Iterable<undefined>;
  readonly result: TResult;
}

/** Collects store changes and the in-memory steps that mirror them, in order. */
export class PlanBuilder {
  readonly changes: StoreChange[] = [];
  readonly #steps: (() => Iterable<undefined>)[] = [];

  add(change: StoreChange | readonly StoreChange[], step?: () => void): void {
    if (Array.isArray(change)) this.changes.push(...(change as readonly StoreChange[]));
    else this.changes.push(change as StoreChange);
    if (step) this.step(step);
  }

  /** Adds a change whose in-memory step runs in slices (a generator yielding between them). */
  addSliced(change: StoreChange, slices: () => Iterable<undefined>): void {
    this.changes.push(change);
    this.#steps.push(slices);
  }

  step(step: () => void): void {
    // One slice: nothing may run between the parts of a step that is not cut into slices itself.
    this.#steps.push(() => {
      step();
      return [];
    });
  }

  build<TResult>(indexName: string | undefined, result: TResult): WritePlan<TResult> {
    const steps = [...this.#steps];
    const slices = function* () {
      for (const step of steps) yield* step();
    };
    return {
      indexName,
      changes: [...this.changes],
      apply: () => {
        for (const _ of slices()) {
          // every slice, without pausing
        }
      },
      slices,
      result,
    };
  }
}

/** The slices of a plan's in-memory steps (one, for a plan without `slices`). */
export function* slicesOf(plan: WritePlan<unknown>): Generator<undefined> {
  if (plan.slices) yield* plan.slices();
  else plan.apply();
}
