/**
 * Fixed-capacity bit sets over document numbers, backed by one `Uint32Array`. Filters, word matches and the
 * live-document mask are all bit sets, so combining them is a word-wise AND/OR.
 */
export class Bitset {
  /** 32 documents per word. */
  readonly words: Uint32Array;
  /** Number of addressable bits (a multiple of 32). */
  readonly capacity: number;

  /** @param capacity - number of bits; rounded up to a multiple of 32. */
  constructor(capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32));
    this.capacity = this.words.length * 32;
  }

  /** Sets bit `index` (must be below `capacity`). */
  add(index: number): void {
    const word = index >>> 5;
    this.words[word] = (this.words[word] ?? 0) | (1 << (index & 31));
  }

  /** Clears bit `index`. */
  remove(index: number): void {
    const word = index >>> 5;
    this.words[word] = (this.words[word] ?? 0) & ~(1 << (index & 31));
  }

  /** True when bit `index` is set; false past the capacity. */
  has(index: number): boolean {
    return ((this.words[index >>> 5] ?? 0) & (1 << (index & 31))) !== 0;
  }

  /** Clears every bit. */
  clear(): void {
    this.words.fill(0);
  }

  /** Sets every bit below `count`, clears the others. */
  fillTo(count: number): void {
    this.words.fill(0);
    const full = count >>> 5;
    this.words.fill(0xffffffff, 0, full);
    if (count & 31 && full < this.words.length) this.words[full] = (1 << (count & 31)) - 1;
  }

  /** Copies `other` into this set (same capacity). */
  copyFrom(other: Bitset): void {
    this.words.set(other.words.subarray(0, this.words.length));
  }

  /** In place: this ∧ other. */
  and(other: Bitset): void {
    const words = this.words;
    const otherWords = other.words;
    for (let i = 0; i < words.length; i++) words[i] = (words[i] ?? 0) & (otherWords[i] ?? 0);
  }

  /** In place: this ∨ other. */
  or(other: Bitset): void {
    const words = this.words;
    const otherWords = other.words;
    for (let i = 0; i < words.length; i++) words[i] = (words[i] ?? 0) | (otherWords[i] ?? 0);
  }

  /** In place: this ∧ ¬other. */
  andNot(other: Bitset): void {
    const words = this.words;
    const otherWords = other.words;
    for (let i = 0; i < words.length; i++) words[i] = (words[i] ?? 0) & ~(otherWords[i] ?? 0);
  }

  /** Number of set bits. */
  count(): number {
    let total = 0;
    for (const word of this.words) total += popCount(word);
    return total;
  }

  /**
   * Writes the set bits in ascending order into `out` (which must be large enough) and returns how many.
   * @param out - receives document numbers.
   */
  toArray(out: Uint32Array): number {
    let length = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let word = words[i] ?? 0;
      while (word !== 0) {
        const lowest = word & -word;
        out[length++] = i * 32 + 31 - Math.clz32(lowest);
        word ^= lowest;
      }
    }
    return length;
  }
}

/** Number of set bits in a 32-bit word. */
export function popCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
