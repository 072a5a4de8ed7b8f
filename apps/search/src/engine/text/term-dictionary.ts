import { BuildFormatError, type BuildReader, type BuildWriter } from '../build/engine-build.ts';

/**
 * Every distinct indexed word, with a dense id (postings are stored per id) and a sorted view for prefix ranges
 * and typo search. New words are appended to a pending list and merged into the sorted view on the next read,
 * so a write costs O(1) and the first search after writes pays one O(n) merge.
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  private sortedTerms: string[] = [];
  private sortedIds = new Uint32Array(0);
  private pending: number[] = [];

  /** Number of distinct words. */
  get size(): number {
    return this.terms.length;
  }

  /** The id of `term`, or undefined when it was never indexed. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The word with id `id`. */
  termOf(id: number): string {
    return this.terms[id] ?? '';
  }

  /** Returns the id of `term`, adding it when new. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      this.pending.push(id);
    }
    return id;
  }

  /** The words in code-unit order, with their ids at the same positions. */
  sorted(): { readonly terms: readonly string[]; readonly ids: Uint32Array } {
    if (this.pending.length > 0) this.mergePending();
    return { terms: this.sortedTerms, ids: this.sortedIds };
  }

  /** Half-open range `[low, high)` of sorted positions whose word starts with `prefix`. */
  prefixRange(prefix: string): { low: number; high: number } {
    const { terms } = this.sorted();
    const low = lowerBound(terms, prefix, 0);
    return { low, high: endOfPrefix(terms, prefix, low) };
  }

  /** Exports the words by id and the sorted view's ids (the sorted view made current first). */
  exportBuild(build: BuildWriter): void {
    build.json(this.terms);
    build.u32(this.sorted().ids);
  }

  /** Takes exported words (into an empty dictionary). */
  importBuild(build: BuildReader): void {
    const terms = build.strings() as string[];
    const sortedIds = build.u32();
    if (sortedIds.length !== terms.length)
      throw new BuildFormatError('The sorted words do not cover the dictionary');
    for (let id = 0; id < terms.length; id++) {
      const term = terms[id] ?? '';
      this.terms.push(term);
      this.ids.set(term, id);
    }
    this.sortedIds = sortedIds;
    this.sortedTerms = Array.from(sortedIds, (id) => terms[id] ?? '');
  }

  private mergePending(): void {
    const added = this.pending.map((id) => this.terms[id] ?? '').sort(compareCodeUnits);
    const old = this.sortedTerms;
    const oldIds = this.sortedIds;
    const terms: string[] = new Array(old.length + added.length);
    const ids = new Uint32Array(terms.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < terms.length; k++) {
      const fromOld = j >= added.length || (i < old.length && (old[i] ?? '') < (added[j] ?? ''));
      const term = fromOld ? (old[i] ?? '') : (added[j] ?? '');
      terms[k] = term;
      ids[k] = fromOld ? (oldIds[i] ?? 0) : (this.ids.get(term) ?? 0);
      if (fromOld) i++;
      else j++;
    }
    this.sortedTerms = terms;
    this.sortedIds = ids;
    this.pending = [];
  }
}

/** Plain code-unit order (the order of `<` on strings). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First position in `terms` (sorted) at or after `from` whose word is ≥ `target`. */
export function lowerBound(terms: readonly string[], target: string, from: number): number {
  let low = from;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] ?? '') < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * First position at or after `from` whose word does not start with `prefix`, given that the words from `from`
 * on that do start with it form one block (true in a sorted list when `from` is the block start or inside it).
 */
export function endOfPrefix(terms: readonly string[], prefix: string, from: number): number {
  let low = from;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] ?? '').startsWith(prefix)) low = middle + 1;
    else high = middle;
  }
  return low;
}
