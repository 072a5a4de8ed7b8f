/**
 * An index's built state as a flat list of parts (JSON values and typed arrays), for a caller to persist and hand
 * back on a later start instead of rebuilding from the records (decision 0016, "Restart"). Pure: no IO, and no
 * copy on export — the parts are the engine's own arrays and lists, valid until the next write to the index (a
 * caller that writes them out must drop what it wrote if the index changed meanwhile).
 *
 * The parts follow the structures' fields in a fixed order; {@link engineBuildVersion} names that order, so any
 * change to what a structure keeps or how it is laid out must bump it (an older build is then refused and the
 * caller rebuilds from the records).
 */

/** Bump on any change to the parts an index exports or to the meaning of their values. */
export const engineBuildVersion = 4;

/** Postings-like lists: each list's first `lengths[i]` values of `buffer` (an absent list is empty). */
export interface Uint32Lists {
  readonly lengths: Uint32Array;
  readonly lists: readonly ({ readonly buffer: Uint32Array } | undefined)[];
}

/** One part as exported. A caller stores `u32-lists` as two `u32` parts: the lengths, then the values end to end. */
export type ExportedPart =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'u8'; readonly array: Uint8Array }
  | { readonly kind: 'u32'; readonly array: Uint32Array }
  | { readonly kind: 'f64'; readonly array: Float64Array }
  | ({ readonly kind: 'u32-lists' } & Uint32Lists);

/** One part as handed back to an import (JSON already parsed). */
export type ImportedPart =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'u8'; readonly array: Uint8Array<ArrayBuffer> }
  | { readonly kind: 'u32'; readonly array: Uint32Array<ArrayBuffer> }
  | { readonly kind: 'f64'; readonly array: Float64Array<ArrayBuffer> };

/** A build that does not fit the index importing it (another layout, other settings, damaged values). */
export class BuildFormatError extends Error {
  override readonly name = 'BuildFormatError';
}

/** Collects an export's parts in order. */
export class BuildWriter {
  readonly parts: ExportedPart[] = [];

  json(value: unknown): void {
    this.parts.push({ kind: 'json', value });
  }

  u8(array: Uint8Array): void {
    this.parts.push({ kind: 'u8', array });
  }

  u32(array: Uint32Array): void {
    this.parts.push({ kind: 'u32', array });
  }

  f64(array: Float64Array): void {
    this.parts.push({ kind: 'f64', array });
  }

  /** Lists of values (postings), their lengths taken now. */
  lists(lists: readonly ({ readonly buffer: Uint32Array; readonly length: number } | undefined)[]) {
    const lengths = new Uint32Array(lists.length);
    for (let i = 0; i < lists.length; i++) lengths[i] = lists[i]?.length ?? 0;
    this.parts.push({ kind: 'u32-lists', lengths, lists });
  }
}

/** Hands an import its parts in export order, checking each one's kind. */
export class BuildReader {
  readonly #parts: readonly ImportedPart[];
  #next = 0;

  constructor(parts: readonly ImportedPart[]) {
    this.#parts = parts;
  }

  /** Whether every part was read. */
  get done(): boolean {
    return this.#next === this.#parts.length;
  }

  json(): unknown {
    return this.#take('json').value;
  }

  /** A JSON part that must be a number. */
  number(): number {
    const value = this.json();
    if (typeof value !== 'number') throw new BuildFormatError('Expected a number part');
    return value;
  }

  /** A JSON part that must be an array of strings (`null` allowed where `holes` is true). */
  strings(holes = false): (string | undefined)[] {
    const value = this.json();
    if (!Array.isArray(value)) throw new BuildFormatError('Expected an array of strings');
    const strings: (string | undefined)[] = value;
    for (let i = 0; i < strings.length; i++) {
      const item = strings[i] as unknown;
      if (typeof item === 'string') continue;
      if (holes && item === null) strings[i] = undefined;
      else throw new BuildFormatError('Expected an array of strings');
    }
    return strings;
  }

  u8(): Uint8Array<ArrayBuffer> {
    return this.#take('u8').array;
  }

  u32(): Uint32Array<ArrayBuffer> {
    return this.#take('u32').array;
  }

  f64(): Float64Array<ArrayBuffer> {
    return this.#take('f64').array;
  }

  /** The lists of a `u32-lists` export: views into one array (lengths part, then values part). */
  lists(): Uint32Array<ArrayBuffer>[] {
    const lengths = this.u32();
    const values = this.u32();
    const lists: Uint32Array<ArrayBuffer>[] = new Array(lengths.length);
    let offset = 0;
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i] ?? 0;
      lists[i] = values.subarray(offset, offset + length);
      offset += length;
    }
    if (offset !== values.length) throw new BuildFormatError('List lengths do not add up');
    return lists;
  }

  #take<TKind extends ImportedPart['kind']>(kind: TKind): Extract<ImportedPart, { kind: TKind }> {
    const part = this.#parts[this.#next];
    if (part?.kind !== kind)
      throw new BuildFormatError(`Part ${this.#next} is ${part?.kind ?? 'missing'}, not ${kind}`);
    this.#next++;
    return part as Extract<ImportedPart, { kind: TKind }>;
  }
}
