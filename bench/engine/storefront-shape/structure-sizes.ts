/**
 * Where an engine index's memory is, structure by structure: walks the object graph under each field of a
 * `SearchIndex` (private fields included: this is a bench) and adds up what it reaches for the first time — the
 * bytes of typed arrays and array buffers (their whole backing store, spare capacity included), and an estimate
 * of the V8 heap its JS objects take (object header and fields, array slots, string characters). Shared objects
 * count once, under the first field that reaches them, in the order given. Approximate by design (hidden classes,
 * map internals and string sharing are not seen); a heap snapshot gives the exact figure per constructor.
 */

export interface StructureSize {
  readonly name: string;
  /** Typed arrays' and array buffers' backing stores (outside V8's heap). */
  readonly bufferBytes: number;
  /** Estimated V8 heap bytes of the JS objects, arrays and strings reached. */
  readonly heapBytes: number;
  readonly objects: number;
}

const pointer = 8;
const objectHeader = 3 * pointer;

/**
 * Sizes of the objects at `paths` under `root` (dotted field names, e.g. `documents.arena`), in that order, each
 * counting only what the previous ones did not reach: list a part before the whole it belongs to.
 */
export function structureSizes(root: object, paths: readonly string[]): StructureSize[] {
  const seen = new WeakSet<object>();
  const seenBuffers = new WeakSet<ArrayBufferLike>();
  return paths.map((name) => {
    const size = { name, bufferBytes: 0, heapBytes: 0, objects: 0 };
    const stack: unknown[] = [at(root, name)];
    while (stack.length > 0) {
      const value = stack.pop();
      if (typeof value === 'string') {
        size.heapBytes += 16 + value.length;
        continue;
      }
      if (typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      size.objects++;
      if (ArrayBuffer.isView(value)) {
        size.heapBytes += objectHeader + 4 * pointer;
        if (!seenBuffers.has(value.buffer)) {
          seenBuffers.add(value.buffer);
          size.bufferBytes += value.buffer.byteLength;
        }
        continue;
      }
      if (value instanceof ArrayBuffer) {
        if (!seenBuffers.has(value)) {
          seenBuffers.add(value);
          size.bufferBytes += value.byteLength;
        }
        continue;
      }
      if (Array.isArray(value)) {
        size.heapBytes += objectHeader + 16 + value.length * pointer;
        for (const item of value) stack.push(item);
        continue;
      }
      if (value instanceof Map) {
        size.heapBytes += objectHeader + 3 * pointer * value.size + 64;
        for (const [key, item] of value) stack.push(key, item);
        continue;
      }
      if (value instanceof Set) {
        size.heapBytes += objectHeader + 2 * pointer * value.size + 64;
        for (const item of value) stack.push(item);
        continue;
      }
      const keys = Object.getOwnPropertyNames(value);
      size.heapBytes += objectHeader + keys.length * pointer;
      for (const key of keys) stack.push((value as Record<string, unknown>)[key]);
    }
    return size;
  });
}

function at(root: object, path: string): unknown {
  let value: unknown = root;
  for (const field of path.split('.'))
    value = value === null || typeof value !== 'object' ? undefined : Reflect.get(value, field);
  return value;
}

/** The own field names of the object at `path` under `root`, as dotted paths. */
export function fieldsAt(root: object, path: string): string[] {
  const value = at(root, path);
  if (value === null || typeof value !== 'object') return [];
  return Object.getOwnPropertyNames(value).map((field) => `${path}.${field}`);
}
