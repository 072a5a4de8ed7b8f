/**
 * The task ids this process committed, as ranges of consecutive ids (the store's sequence hands them out in
 * order to one writer at a time; a gap appears only where a commit failed): answers "was this task published?"
 * without a store query, which would wait behind a write's transaction.
 */
export class CommittedTaskIds {
  /** `[first, last]` pairs, ascending. */
  readonly #ranges: [number, number][] = [];

  add(taskID: number): void {
    const last = this.#ranges.at(-1);
    if (last && taskID === last[1] + 1) last[1] = taskID;
    else this.#ranges.push([taskID, taskID]);
  }

  /** Whether this process committed `taskID` (false: ask the store, it may be older or another's). */
  has(taskID: number): boolean {
    return this.#ranges.some(([first, last]) => taskID >= first && taskID <= last);
  }
}
