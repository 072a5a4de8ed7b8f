/**
 * Node and V8 flags the storefront process runs with: `npm start` (scripts/start.ts) and the tests that start
 * the real process (test/support/storefront-process.ts) pass them before `server.ts`. Start `server.ts` by
 * hand with the same flags (`node --max-semi-space-size=16 --liftoff-only --import tsx server.ts`).
 *
 * - `--max-semi-space-size=16`: V8's young generation grows to 2 × 64 MB under Next's page renders and the
 *   index sync (Node runs without pointer compression, which doubles V8's 32 MB default), and stays
 *   resident: capped at 2 × 16 MB, the storefront's RSS after serving every page is about 100 MB lower
 *   (620 → 520 MB at 1,000 products) for the same CPU per page.
 * - `--liftoff-only` (decision 0029): PGlite is PostgreSQL compiled to WebAssembly; V8 first compiles each
 *   function with its baseline compiler (Liftoff), then recompiles the busy ones with its optimizing
 *   compiler (TurboFan), whose work on PostgreSQL's large functions took about 500 MB for a few seconds
 *   after the store opened (the storefront's ~1 GB peak) and left ~100 MB of code and allocator pages
 *   resident. Baseline code only: peak 920 → 460 MB and RSS ~100 MB lower at 1,000 products; a store read
 *   uses 10–20 % more CPU once warm, and less over the first thousand products (no recompilation).
 *
 * bench/README.md, "Storefront at a merchant's size", has the measurements.
 */
export const storefrontNodeFlags: readonly string[] = [
  '--max-semi-space-size=16',
  '--liftoff-only',
];
