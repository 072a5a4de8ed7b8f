/**
 * Warms every engine after writes, off the request path: once no write has arrived for `delayMS`, it releases
 * the spare capacity the writes left (`SearchIndex.trimmingSteps`: up to half of the text index after a bulk
 * load), then runs the engines' preparation steps (`SearchIndex.preparationSteps`: the word dictionary, the sort
 * orders, the scans of the one-character prefixes every new query starts with), one step per event-loop turn, so
 * requests interleave with them. Without it the first searches after each write would build those lazily, on a shopper's keystroke. A
 * write during a pass stops it (what is left would be rebuilt by the next write anyway) and schedules a new one.
 * While the service is busy — a write committed or applied, the persisted build being saved — no step runs: the
 * pass waits for another quiet delay, so that searches share the thread with one long task at a time, and no pass
 * warms what the write under way is about to change (issue #26).
 */
import type { SearchIndex } from '../engine/index.ts';
import type { IndexRegistry } from './index-registry.ts';

export class IndexPreparer {
  readonly #registry: IndexRegistry;
  readonly #delayMS: number;
  readonly #onError: (error: unknown) => void;
  readonly #busy: () => boolean;
  #timer: NodeJS.Timeout | undefined;
  /** Moves on every schedule and on stop: a pass runs only while it holds the latest value. */
  #pass = 0;
  #stopped = false;

  /**
   * @param delayMS - quiet time after the last write before a pass starts (writes come in bursts).
   * @param onError - told about a step that failed (the pass goes on: searches build what it skipped).
   * @param busy - whether a write or a save is under way: the pass then waits for another delay.
   */
  constructor(
    registry: IndexRegistry,
    delayMS: number,
    onError: (error: unknown) => void,
    busy: () => boolean = () => false,
  ) {
    this.#registry = registry;
    this.#delayMS = delayMS;
    this.#onError = onError;
    this.#busy = busy;
  }

  /** (Re)starts the countdown to a pass; a pass under way stops at its next step. */
  schedule(): void {
    if (this.#stopped) return;
    const pass = ++this.#pass;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(pass), this.#delayMS);
    this.#timer.unref();
  }

  /** Cancels the countdown and any pass under way; later schedules are ignored. */
  stop(): void {
    this.#stopped = true;
    this.#pass += 1;
    clearTimeout(this.#timer);
  }

  async #run(pass: number): Promise<void> {
    if (this.#busy()) {
      this.schedule();
      return;
    }
    for (const index of this.#registry.list()) {
      const engine = index.ownIndex;
      if (engine === undefined) continue;
      for (const step of this.#stepsOf(engine)) {
        if (pass !== this.#pass) return;
        if (this.#busy()) {
          this.schedule();
          return;
        }
        try {
          step();
        } catch (error) {
          this.#onError(error);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  #stepsOf(engine: SearchIndex): (() => void)[] {
    try {
      return [...engine.trimmingSteps(), ...engine.preparationSteps()];
    } catch (error) {
      this.#onError(error);
      return [];
    }
  }
}
