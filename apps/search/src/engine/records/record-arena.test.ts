import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../types.ts';
import { RecordArena } from './record-arena.ts';

const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** Records of a few shapes, with keys that need care: numeric-looking, escaped, `__proto__`, `undefined`. */
const keyArbitrary = fc.constantFrom(
  'name',
  'price',
  '2',
  '10',
  'é"\\',
  '__proto__',
  'tags',
  'a\u0000b',
);
const recordArbitrary = fc
  .dictionary(
    keyArbitrary,
    fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant(new Date(0))),
    { maxKeys: 6 },
  )
  .map((values) => ({ objectID: 'r', ...values }) as unknown as SearchRecord);

describe('the record arena', () => {
  it('gives back each record as JSON.parse of its JSON gives it, keys in order, and counts its JSON bytes', () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary, { maxLength: 30 }), (records) => {
        const arena = new RecordArena();
        records.forEach((record, slot) => {
          arena.append(slot, record);
        });
        let bytes = 0;
        records.forEach((record, slot) => {
          const json = JSON.stringify(record);
          bytes += utf8(json);
          const read = arena.read(slot);
          expect(JSON.stringify(read)).toBe(json);
          expect(read).toEqual(JSON.parse(json));
          expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
        });
        expect(arena.byteLength).toBe(bytes);
        if (records.length > 0) {
          arena.forget(0);
          arena.forget(0);
          expect(arena.byteLength).toBe(bytes - utf8(JSON.stringify(records[0])));
        }
      }),
    );
  });

  it('stores a catalogue’s records without repeating their attribute names', () => {
    const arena = new RecordArena();
    let json = 0;
    for (let slot = 0; slot < 1000; slot++) {
      const record = {
        objectID: `p${slot}-fr`,
        name: `Veste en coton ${slot}`,
        brand: 'Acme',
        price: 40 + (slot % 50),
        categories: ['Femmes', 'Vestes'],
        color: slot % 2 === 0 ? 'bleu' : 'rouge',
        inStock: slot % 3 !== 0,
        url: `/fr/produits/veste-${slot}`,
      };
      json += utf8(JSON.stringify(record));
      arena.append(slot, record);
    }
    expect(arena.byteLength).toBe(json);
    expect(arena.storedBytes).toBeLessThan(json * 0.7);
  });
});
