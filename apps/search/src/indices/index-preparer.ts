/**
 * Warms every engine after writes, off the request path: once no write has arrived for `delayMS`, it runs the
 * engines' preparation steps (`SearchIndex.preparationSteps`: the word dictionary, the sort orders, the scans of
 * the one-character prefixes every new query starts with) one per event-loop turn, so requests interleave with
 * them. Without it the first searches after each write would build those lazily, on a shopper's keystroke. A
 * write during a pass stops it (what is left would be rebuilt by the next write anyway) and schedules a new one.
 */
import type { IndexRegistry } from './index-registry.ts';

export class IndexPreparer {
  readonly #registry: IndexRegistry;
  readonly #delayMS: number;
  #timer: NodeJS.Timeout | undefined;
  /** Moves on every schedule and on stop: a pass runs only while it holds the latest value. */
  #pass = 0;
  #stopped = false;

  /** @param delayMS - quiet time after the last write before a pass starts (writes come in bursts). */
  constructor(registry: IndexRegistry, delayMS: number) {
    this.#registry = registry;
    this.#delayMS = delayMS;
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
    for (const index of this.#registry.list()) {
      const engine = index.ownIndex;
      if (engine === undefined) continue;
      for (const step of engine.preparationSteps()) {
        if (pass !== this.#pass) return;
        try {
          step();
        } catch {
          // A step is a search the engine could refuse (settings saved since): the searches will build it.
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
}
