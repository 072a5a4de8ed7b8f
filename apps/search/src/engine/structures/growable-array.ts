/**
 * An append-only `Uint32Array` that doubles its capacity: postings lists and per-document value lists grow one
 * document at a time without a rebuild.
 */
export class GrowableUint32Array {
  private data: Uint32Array;
  /** Number of values appended. */
  length = 0;

  /**
   * @param initialCapacity - values reserved up front (default 4), or the values to start with: a full array
   *   used as is (no copy; it may be a view into a larger buffer), grown by copying on the next push.
   */
  constructor(initialCapacity: number | Uint32Array = 4) {
    if (typeof initialCapacity === 'number')
      this.data = new Uint32Array(Math.max(1, initialCapacity));
    else {
      this.data = initialCapacity.length > 0 ? initialCapacity : new Uint32Array(1);
      this.length = initialCapacity.length;
    }
  }

  /** Appends one value (0 … 2³²−1). */
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Value at `index`, or 0 past the end. */
  get(index: number): number {
    return this.data[index] ?? 0;
  }

  /** Overwrites the value at `index` (must be below `length`). */
  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** The backing array: values `0 … length−1` are meaningful (hot loops read it directly; replaced on growth). */
  get buffer(): Uint32Array {
    return this.data;
  }

  /** A view of the appended values (shares memory until the next push). */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  /** Releases the spare capacity (after a bulk load); the next push grows it again. */
  trim(): void {
    if (this.data.length > this.length + 4)
      this.data = this.data.slice(0, Math.max(1, this.length));
  }

  /**
   * {@link trim} as steps that copy at most `valuesPerStep` values each (a long list without one long pause), and
   * only when over a fifth of the array is spare: a list that grew by a quarter is left as it is, so that quiet
   * moments between the batches of a bulk load do not copy it again and again. The last step swaps the copy in;
   * if values were appended since the first step, it keeps the current array (the next trim takes it).
   */
  trimSteps(valuesPerStep: number): (() => void)[] {
    const { length, data: source } = this;
    if (length === 0 || source.length - length <= Math.max(4, source.length / 5)) return [];
    const unchanged = () => this.data === source && this.length === length;
    let copy: Uint32Array | undefined;
    const steps: (() => void)[] = [];
    for (let start = 0; start < length; start += valuesPerStep) {
      steps.push(() => {
        if (!unchanged()) return;
        copy ??= new Uint32Array(length);
        copy.set(source.subarray(start, Math.min(length, start + valuesPerStep)), start);
      });
    }
    steps.push(() => {
      if (copy !== undefined && unchanged()) this.data = copy;
    });
    return steps;
  }

  /** Keeps only the first `length` values. */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  private grow(minimum: number): void {
    let capacity = grownCapacity(this.data.length);
    while (capacity < minimum) capacity = grownCapacity(capacity);
    const next = new Uint32Array(capacity);
    next.set(this.data);
    this.data = next;
  }
}

/**
 * Values past which a list grows by a quarter instead of doubling: the forward index of 240,000 records holds
 * 75 million values, and doubling it after a trim would reserve 280 MB that the next writes may never use.
 */
const largeList = 1 << 22;

function grownCapacity(capacity: number): number {
  return capacity < largeList ? capacity * 2 : capacity + (capacity >>> 2);
}

/**
 * Returns a typed array of at least `minimum` elements: `current` when large enough, otherwise a new one of
 * double size (contents copied). Used for per-document columns that grow with the index.
 */
export function ensureCapacity<TArray extends Uint32Array | Uint8Array | Float64Array>(
  current: TArray,
  minimum: number,
  create: (length: number) => TArray,
): TArray {
  if (current.length >= minimum) return current;
  const next = create(Math.max(minimum, current.length * 2, 16));
  next.set(current);
  return next;
}
