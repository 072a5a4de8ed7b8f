/**
 * Runs writes one at a time, in arrival order: each write reads the live state, commits to the store and
 * applies in memory before the next one starts, so task ids, store order and memory order always agree.
 */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  /** Writes waiting or running. */
  get pending(): number {
    return this.#pending;
  }

  /** Queues `write`; its result or error is returned to this caller only. */
  run<TResult>(write: () => Promise<TResult>): Promise<TResult> {
    this.#pending += 1;
    const result = this.#tail.then(write).finally(() => {
      this.#pending -= 1;
    });
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every write queued so far has finished. */
  async drain(): Promise<void> {
    await this.#tail;
  }
}
