/**
 * Preloaded into the search service by `service-memory.ts` (`node --expose-gc --import memory-probe.ts`): on
 * SIGUSR2 it collects garbage twice and writes, to the file named by `MEMORY_PROBE_FILE`, where the process's
 * memory is: `process.memoryUsage()`, V8's heap spaces, and the WebAssembly memories created so far (PGlite's
 * Postgres heap, which grows while it reads or writes rows and never shrinks). Bench-only: the service never
 * loads it on its own.
 */
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/** Weakly: the probe must not keep a memory alive that PGlite dropped (e.g. the one `initdb` ran in). */
const memories = new Set<WeakRef<WebAssembly.Memory>>();
const seen = new WeakSet<WebAssembly.Memory>();
const keep = (memory: WebAssembly.Memory) => {
  if (seen.has(memory)) return;
  seen.add(memory);
  memories.add(new WeakRef(memory));
};
const keepExported = (exports: WebAssembly.Exports | undefined) => {
  for (const value of Object.values(exports ?? {}))
    if (value instanceof WebAssembly.Memory) keep(value);
};
const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (
  ...args: unknown[]
) => Promise<WebAssembly.Instance | WebAssembly.WebAssemblyInstantiatedSource>;
(WebAssembly as { instantiate: unknown }).instantiate = async (...args: unknown[]) => {
  const result = await instantiate(...args);
  keepExported('instance' in result ? result.instance.exports : result.exports);
  return result;
};
const NativeMemory = WebAssembly.Memory;
(WebAssembly as { Memory: unknown }).Memory = class extends NativeMemory {
  constructor(descriptor: WebAssembly.MemoryDescriptor) {
    super(descriptor);
    keep(this);
  }
};

const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20);

process.on('SIGUSR2', () => {
  const { gc } = globalThis;
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  const heap = getHeapStatistics();
  const report = {
    rss: megabytes(usage.rss),
    heapUsed: megabytes(usage.heapUsed),
    heapTotal: megabytes(usage.heapTotal),
    external: megabytes(usage.external),
    arrayBuffers: megabytes(usage.arrayBuffers),
    wasmMemories: [...memories].flatMap((reference) => {
      const memory = reference.deref();
      if (memory === undefined) memories.delete(reference);
      return memory === undefined ? [] : [megabytes(memory.buffer.byteLength)];
    }),
    mallocedMemory: megabytes(heap.malloced_memory),
    peakMallocedMemory: megabytes(heap.peak_malloced_memory),
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { size: megabytes(space.space_size), used: megabytes(space.space_used_size) },
      ]),
    ),
  };
  const file = process.env['MEMORY_PROBE_FILE'];
  if (file !== undefined) writeFileSync(file, JSON.stringify(report));
});
