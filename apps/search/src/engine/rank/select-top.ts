/**
 * Ordering helpers for ranking: select the k smallest keys in O(n) (quickselect), then sort only those, with a
 * counting sort when keys are small integers (typos, words, exactness…). Ties keep their input order, which is
 * ascending document number, so equal records always come out in the same order.
 */

/** The k-th smallest value of `values` (0-based); reorders `values`. */
export function kthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] ?? 0;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i++;
      while ((values[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k] ?? 0;
  }
  return values[k] ?? 0;
}

let selectionBuffer = new Float64Array(1024);

/** The k-th smallest of `keys` without reordering them (copies into a reused buffer). */
export function kthSmallestOf(keys: Float64Array, k: number): number {
  if (selectionBuffer.length < keys.length) selectionBuffer = new Float64Array(keys.length * 2);
  const copy = selectionBuffer.subarray(0, keys.length);
  copy.set(keys);
  return kthSmallest(copy, k);
}

/** Positions `0 … n−1` of `keys`, limited to those ≤ the `needed`-th smallest key when that saves work. */
function candidatePositions(keys: Float64Array, needed: number): Uint32Array {
  const n = keys.length;
  if (needed >= n || n <= 64) {
    const all = new Uint32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all;
  }
  const threshold = kthSmallestOf(keys, Math.max(0, needed - 1));
  let kept = 0;
  for (let i = 0; i < n; i++) if ((keys[i] ?? 0) <= threshold) kept++;
  const positions = new Uint32Array(kept);
  let index = 0;
  for (let i = 0; i < n; i++) if ((keys[i] ?? 0) <= threshold) positions[index++] = i;
  return positions;
}

/** Smallest and largest key, and whether every key is an integer. */
function keyRange(keys: Float64Array): { min: number; max: number; integers: boolean } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let integers = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] ?? 0;
    if (key < min) min = key;
    if (key > max) max = key;
    if (integers && Math.floor(key) !== key) integers = false;
  }
  return { min, max, integers };
}

/** Bucket counts and starts of `histogramOrder`, reused by every call (a search allocates less). */
let countsScratch = new Uint32Array(64);
let startsScratch = new Uint32Array(64);

/**
 * Counting sort for small integer keys: one pass to histogram, one to place the documents whose key is at or
 * below the smallest key reaching `needed` documents.
 */
function histogramOrder(
  documents: Uint32Array,
  keys: Float64Array,
  needed: number,
  min: number,
  max: number,
  buffer: Uint32Array | undefined,
): { order: Uint32Array; boundaries: number[] } {
  const buckets = max - min + 1;
  if (countsScratch.length < buckets) {
    countsScratch = new Uint32Array(buckets * 2);
    startsScratch = new Uint32Array(buckets * 2);
  }
  const counts = countsScratch.fill(0, 0, buckets);
  const starts = startsScratch;
  for (let i = 0; i < keys.length; i++) {
    const bucket = (keys[i] ?? 0) - min;
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  const boundaries: number[] = [];
  let total = 0;
  let cutoff = buckets - 1;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const count = counts[bucket] ?? 0;
    starts[bucket] = total;
    if (count === 0) continue;
    total += count;
    boundaries.push(total);
    if (total >= needed) {
      cutoff = bucket;
      break;
    }
  }
  const order =
    buffer !== undefined && buffer.length >= total
      ? buffer.subarray(0, total)
      : new Uint32Array(total);
  for (let i = 0; i < keys.length; i++) {
    const bucket = (keys[i] ?? 0) - min;
    if (bucket > cutoff) continue;
    const target = starts[bucket] ?? 0;
    order[target] = documents[i] ?? 0;
    starts[bucket] = target + 1;
  }
  return { order, boundaries };
}

/**
 * Orders `documents` by `keys` (smaller first, ties in input order), computing at least the first `needed`
 * positions exactly; later ones may be dropped.
 * @param buffer - optional storage for the result (at least `documents.length` long) to avoid allocating.
 * @returns the ordered documents and the end offsets of each run of equal keys.
 */
export function orderByKey(
  documents: Uint32Array,
  keys: Float64Array,
  needed: number,
  buffer?: Uint32Array,
): { order: Uint32Array; boundaries: number[] } {
  if (keys.length === 0) return { order: new Uint32Array(0), boundaries: [0] };
  const { min, max, integers } = keyRange(keys);
  if (integers && max - min <= 65536)
    return histogramOrder(documents, keys, needed, min, max, buffer);
  const positions = candidatePositions(keys, needed);
  positions.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  const order = new Uint32Array(positions.length);
  const boundaries: number[] = [];
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i] ?? 0;
    order[i] = documents[position] ?? 0;
    if (i > 0 && keys[position] !== keys[positions[i - 1] ?? 0]) boundaries.push(i);
  }
  boundaries.push(positions.length);
  return { order, boundaries };
}
