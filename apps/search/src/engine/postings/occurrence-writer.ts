/**
 * What pass 2 records for one occurrence of a query word in a matched document, the same whichever way the
 * occurrences are read (each dictionary word's postings, a broad word's merged postings, the document's own
 * words): the fewest typos, whether an occurrence counts as exact, the best attribute value among the
 * occurrences with those fewest typos (the slot's rank × 1000, plus the word's position in an ordered attribute:
 * a word typed exactly in the description and with a typo in the name matched in the description) and the
 * occurrence itself, for proximity and phrases.
 */
import type { OccurrenceTable } from './occurrences.ts';
import type { ScoreContext } from './score-context.ts';

export class OccurrenceWriter {
  private readonly wordTypo: Uint8Array;
  private readonly wordExact: Uint8Array;
  private readonly wordAttribute: Uint32Array;
  private readonly rank: Uint32Array;
  private readonly ordered: Uint8Array;
  private readonly exactAllowed: Uint8Array;
  private readonly wholeValueOnly: boolean;
  private readonly exactDisabled: boolean;
  private readonly occurrences: OccurrenceTable | undefined;
  private readonly wordIndex: number;

  constructor(context: ScoreContext, wordIndex: number) {
    const { scratch, rules } = context;
    this.wordTypo = scratch.wordTypo;
    this.wordExact = scratch.wordExact;
    this.wordAttribute = scratch.wordAttribute;
    this.rank = rules.rank;
    this.ordered = rules.ordered;
    this.exactAllowed = rules.exactAllowed;
    this.wholeValueOnly = context.exactWholeValueOnly;
    this.exactDisabled = context.exactDisabled;
    this.occurrences = context.collectOccurrences ? scratch.occurrences : undefined;
    this.wordIndex = wordIndex;
  }

  /**
   * Records that the query word occurs in `documentNumber` at `occurrence` (slot, position, whole value) through
   * a dictionary word with `typos`, which `exact` says is the query word typed exactly.
   */
  write(documentNumber: number, occurrence: number, typos: number, exact: boolean): void {
    const slot = (occurrence >>> 20) & 0x7ff;
    const fewest = this.wordTypo[documentNumber] ?? 255;
    if (typos <= fewest) {
      const position = this.ordered[slot] === 1 ? Math.min(occurrence & 0xfffff, 999) : 0;
      const value = (this.rank[slot] ?? 0) * 1000 + position;
      if (typos < fewest) {
        this.wordTypo[documentNumber] = typos;
        this.wordAttribute[documentNumber] = value;
      } else if (value < (this.wordAttribute[documentNumber] ?? 0)) {
        this.wordAttribute[documentNumber] = value;
      }
    }
    if (
      exact &&
      !this.exactDisabled &&
      this.exactAllowed[slot] === 1 &&
      (!this.wholeValueOnly || occurrence >= 0x80000000)
    ) {
      this.wordExact[documentNumber] = 1;
    }
    this.occurrences?.push(documentNumber, this.wordIndex, occurrence);
  }
}
