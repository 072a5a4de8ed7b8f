/**
 * The record arena's shape table: the top-level keys of a record, in order, stored once per index instead of
 * once per record (a fifth of the storefront's JSON, ~100 MB at 241,402 records, decision 0025). A record of a
 * known shape is stored as the JSON array of its values; it is decoded by parsing that array and setting the
 * shape's keys in order, which gives the object `JSON.parse` of the whole record gives (same keys, same order).
 * A record the table cannot hold exactly is stored as its whole JSON (shape 0): a value `JSON.stringify` would
 * drop from an object but write as `null` in an array, a `__proto__` key, or past {@link maxShapes} shapes.
 */

/** Shapes an index keeps (records of further shapes are stored whole). */
const maxShapes = 4096;

const encoder = new TextEncoder();

/** Shape number 0: the record is stored as its whole JSON. */
export const wholeRecord = 0;

export class RecordShapes {
  /** Keys of each shape by number (index 0 unused). */
  private readonly keysOf: (readonly string[])[] = [[]];
  /** UTF-8 bytes the keys add to a record's whole JSON (`"key":` each) by shape number. */
  private readonly keyBytesOf: number[] = [0];
  private readonly numberOf = new Map<string, number>();

  /** The shapes after the first, for a build (`[keys, …]`). */
  exportShapes(): (readonly string[])[] {
    return this.keysOf.slice(1);
  }

  /** Takes exported shapes (into an empty table). */
  importShapes(shapes: readonly (readonly string[])[]): void {
    for (const keys of shapes) this.add(keys);
  }

  /**
   * The shape of `record` and the JSON to store: the array of its values, or the whole record (shape 0).
   */
  encode(
    record: Readonly<Record<string, unknown>>,
  ): { shape: number; json: string } | { shape: number; values: string[] } {
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] ?? '';
      if (key === '__proto__' || !keepsItsPlace(record[key]))
        return { shape: wholeRecord, json: JSON.stringify(record) };
    }
    const signature = JSON.stringify(keys);
    let shape = this.numberOf.get(signature);
    if (shape === undefined) {
      if (this.keysOf.length > maxShapes)
        return { shape: wholeRecord, json: JSON.stringify(record) };
      shape = this.add(keys);
    }
    // Each value's JSON as it would be written in the array (its place kept: see keepsItsPlace).
    const values: string[] = new Array(keys.length);
    for (let index = 0; index < keys.length; index++)
      values[index] = JSON.stringify(record[keys[index] ?? '']) ?? 'null';
    return { shape, values };
  }

  /** The record stored as `json` under `shape`. */
  decode(shape: number, json: string): Record<string, unknown> {
    if (shape === wholeRecord) return JSON.parse(json);
    return this.assemble(shape, JSON.parse(json) as unknown[]);
  }

  /** The record of `shape` whose values, in key order, are `values`. */
  assemble(shape: number, values: readonly unknown[]): Record<string, unknown> {
    const keys = this.keysOf[shape] ?? [];
    const record: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) record[keys[index] ?? ''] = values[index];
    return record;
  }

  /** UTF-8 bytes the shape's keys add to the record's whole JSON (0 for a record stored whole). */
  keyBytes(shape: number): number {
    return this.keyBytesOf[shape] ?? 0;
  }

  private add(keys: readonly string[]): number {
    const shape = this.keysOf.length;
    this.keysOf.push(keys);
    let bytes = 0;
    for (const key of keys) bytes += encoder.encode(JSON.stringify(key)).length + 1;
    this.keyBytesOf.push(bytes);
    this.numberOf.set(JSON.stringify(keys), shape);
    return shape;
  }
}

/**
 * True when `JSON.stringify` writes `value` the same inside an array as inside an object (it drops `undefined`,
 * functions and symbols from an object but writes `null` for them in an array; `toJSON` may return those).
 */
function keepsItsPlace(value: unknown): boolean {
  const type = typeof value;
  if (type === 'undefined' || type === 'function' || type === 'symbol') return false;
  if (
    type === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return false;
  return true;
}
