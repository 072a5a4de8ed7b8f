/**
 * Where each query word occurs in each matched document, gathered while scanning postings and regrouped by
 * document (a counting sort), for the two criteria that need positions: `proximity` and `"phrase"` checks.
 * Only built for queries of two or more words.
 */
import { ensureCapacity, GrowableUint32Array } from '../structures/growable-array.ts';
import { occurrencePosition, occurrenceSlot } from './text-index.ts';

/** Largest distance between two words Algolia distinguishes. */
export const maxProximity = 8;

/** Reusable buffers: (document, word, occurrence) triples, then grouped by document. */
export class OccurrenceTable {
  private readonly documents = new GrowableUint32Array(1024);
  private readonly words = new GrowableUint32Array(1024);
  private readonly occurrences = new GrowableUint32Array(1024);
  private start = new Uint32Array(0);
  private count = new Uint32Array(0);
  private groupedWords = new Uint32Array(0);
  private groupedOccurrences = new Uint32Array(0);

  /** Bytes of the buffers (spare capacity included). */
  get byteLength(): number {
    return (
      this.documents.buffer.byteLength +
      this.words.buffer.byteLength +
      this.occurrences.buffer.byteLength +
      this.start.byteLength +
      this.count.byteLength +
      this.groupedWords.byteLength +
      this.groupedOccurrences.byteLength
    );
  }

  /** Forgets the previous query's triples. */
  reset(): void {
    this.documents.truncate(0);
    this.words.truncate(0);
    this.occurrences.truncate(0);
  }

  /** Records that query word `word` occurs in `documentNumber` at `occurrence`. */
  push(documentNumber: number, word: number, occurrence: number): void {
    this.documents.push(documentNumber);
    this.words.push(word);
    this.occurrences.push(occurrence);
  }

  /**
   * Groups the triples by document.
   * @param matched - the matched documents (every pushed document is among them).
   * @param capacity - number of document slots.
   */
  group(matched: Uint32Array, capacity: number): void {
    this.start = ensureCapacity(this.start, capacity, (n) => new Uint32Array(n));
    this.count = ensureCapacity(this.count, capacity, (n) => new Uint32Array(n));
    const total = this.documents.length;
    if (this.groupedWords.length < total) {
      this.groupedWords = new Uint32Array(total * 2);
      this.groupedOccurrences = new Uint32Array(total * 2);
    }
    // Locals, not fields, in the loops (a counting sort over every triple of the search).
    const { count, start, groupedWords, groupedOccurrences } = this;
    const documents = this.documents.buffer;
    const words = this.words.buffer;
    const occurrences = this.occurrences.buffer;
    const matchedCount = matched.length;
    for (let i = 0; i < matchedCount; i++) count[matched[i] ?? 0] = 0;
    for (let i = 0; i < total; i++) {
      const documentNumber = documents[i] ?? 0;
      count[documentNumber] = (count[documentNumber] ?? 0) + 1;
    }
    let offset = 0;
    for (let i = 0; i < matchedCount; i++) {
      const documentNumber = matched[i] ?? 0;
      start[documentNumber] = offset;
      offset += count[documentNumber] ?? 0;
      count[documentNumber] = 0;
    }
    for (let i = 0; i < total; i++) {
      const documentNumber = documents[i] ?? 0;
      const placed = count[documentNumber] ?? 0;
      const slot = (start[documentNumber] ?? 0) + placed;
      count[documentNumber] = placed + 1;
      groupedWords[slot] = words[i] ?? 0;
      groupedOccurrences[slot] = occurrences[i] ?? 0;
    }
  }

  /**
   * Algolia's proximity: for each pair of consecutive query words both present in the document, the smallest
   * distance between them inside one attribute (reversed order costs one more), capped at 8, at least
   * `minProximity`; summed over the pairs.
   * @param wordCount - number of query words (indices 0 … wordCount−1 in query order).
   */
  proximity(documentNumber: number, wordCount: number, minProximity: number): number {
    const from = this.start[documentNumber] ?? 0;
    const to = from + (this.count[documentNumber] ?? 0);
    let total = 0;
    let previousWord = -1;
    for (let word = 0; word < wordCount; word++) {
      if (!this.containsWord(from, to, word)) continue;
      if (previousWord >= 0) {
        total += Math.max(minProximity, this.pairDistance(from, to, previousWord, word));
      }
      previousWord = word;
    }
    return total;
  }

  /** True when `phraseWords` (query word indices, in order) appear consecutively in one attribute. */
  hasPhrase(documentNumber: number, phraseWords: readonly number[]): boolean {
    const from = this.start[documentNumber] ?? 0;
    const to = from + (this.count[documentNumber] ?? 0);
    const [first, ...rest] = phraseWords;
    for (let i = from; i < to; i++) {
      if (this.groupedWords[i] !== first) continue;
      const occurrence = this.groupedOccurrences[i] ?? 0;
      if (rest.every((word, index) => this.occursAt(from, to, word, occurrence, index + 1)))
        return true;
    }
    return false;
  }

  private occursAt(from: number, to: number, word: number, anchor: number, shift: number): boolean {
    const slot = occurrenceSlot(anchor);
    const position = occurrencePosition(anchor) + shift;
    for (let i = from; i < to; i++) {
      const occurrence = this.groupedOccurrences[i] ?? 0;
      if (
        this.groupedWords[i] === word &&
        occurrenceSlot(occurrence) === slot &&
        occurrencePosition(occurrence) === position
      ) {
        return true;
      }
    }
    return false;
  }

  private containsWord(from: number, to: number, word: number): boolean {
    for (let i = from; i < to; i++) if (this.groupedWords[i] === word) return true;
    return false;
  }

  private pairDistance(from: number, to: number, first: number, second: number): number {
    let best = maxProximity;
    for (let i = from; i < to && best > 1; i++) {
      if (this.groupedWords[i] !== first) continue;
      const a = this.groupedOccurrences[i] ?? 0;
      for (let j = from; j < to; j++) {
        if (this.groupedWords[j] !== second) continue;
        const b = this.groupedOccurrences[j] ?? 0;
        if (occurrenceSlot(a) !== occurrenceSlot(b)) continue;
        const pa = occurrencePosition(a);
        const pb = occurrencePosition(b);
        const distance = pb > pa ? pb - pa : pa - pb + 1;
        if (distance < best) best = distance;
      }
    }
    return best;
  }
}
