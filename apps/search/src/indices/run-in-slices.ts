/**
 * Runs a sliced piece of work (a generator that yields between bounded steps) with the event loop given back
 * whenever it ran `sliceMS` without a pause, so that requests that arrived meanwhile are answered (decision
 * 0016). `beforePause` runs just before each pause.
 */
export async function runInSlices(
  steps: Iterable<unknown>,
  sliceMS: number,
  beforePause: () => void = () => undefined,
): Promise<void> {
  let sliceStarted = performance.now();
  for (const _ of steps) {
    if (performance.now() - sliceStarted < sliceMS) continue;
    beforePause();
    await new Promise((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  }
}
