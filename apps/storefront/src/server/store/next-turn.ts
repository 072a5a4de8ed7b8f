/**
 * Resolves on the event loop's next turn (after pending I/O callbacks), so that requests waiting to be
 * served run before the caller's next piece of work. PGlite runs each query on this thread and resolves
 * it in a microtask: a chain of awaited queries alone never lets a request in.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
