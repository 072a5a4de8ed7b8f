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

  it('gives back variants that share most values with the record before them exactly, after their base is forgotten too', () => {
    const long = fc.string({ minLength: 0, maxLength: 120 });
    const product = fc.record({
      description: long,
      descriptionFr: long,
      categories: fc.array(long, { maxLength: 4 }),
      price: fc.oneof(fc.integer(), fc.double({ noNaN: true })),
      related: fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }),
    });
    // Each variant changes some of its product's values (or none).
    const variant = fc.record(
      { description: long, color: fc.string({ maxLength: 10 }), price: fc.integer() },
      { requiredKeys: [] },
    );
    const catalogue = fc.array(
      fc.tuple(product, fc.array(variant, { minLength: 1, maxLength: 4 })),
      {
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(catalogue, fc.array(fc.nat(60), { maxLength: 10 }), (products, forgotten) => {
        const arena = new RecordArena();
        const records: SearchRecord[] = [];
        products.forEach(([values, variants], p) => {
          for (const [v, changes] of variants.entries()) {
            // Same keys in the same order for every variant (one shape), values changed in place.
            const record = { objectID: `p${p}-${v}`, color: 'blue', ...values };
            records.push({ ...record, ...changes } as SearchRecord);
          }
        });
        records.forEach((record, slot) => {
          arena.append(slot, record);
        });
        let bytes = records.reduce((sum, record) => sum + utf8(JSON.stringify(record)), 0);
        const gone = new Set(forgotten.filter((slot) => slot < records.length));
        for (const slot of gone) {
          arena.forget(slot);
          bytes -= utf8(JSON.stringify(records[slot]));
        }
        expect(arena.byteLength).toBe(bytes);
        records.forEach((record, slot) => {
          if (gone.has(slot)) return;
          const read = arena.read(slot);
          expect(JSON.stringify(read)).toBe(JSON.stringify(record));
          expect(read).toEqual(JSON.parse(JSON.stringify(record)));
        });
      }),
    );
  });

  it('stores the values a product’s variants repeat once', () => {
    const arena = new RecordArena();
    let json = 0;
    let slot = 0;
    for (let product = 0; product < 300; product++) {
      const description = `Veste ${product} en coton bio, doublure chaude, capuche amovible et poches zippées.`;
      for (const color of ['bleu', 'rouge', 'vert']) {
        const record = {
          objectID: `p${product}-${color}`,
          name: `Veste ${product}`,
          description,
          descriptionEn: `Jacket ${product} in organic cotton, warm lining, removable hood and zipped pockets.`,
          color,
          image: `/images/p${product}-${color}.jpg`,
        };
        json += utf8(JSON.stringify(record));
        arena.append(slot++, record);
      }
    }
    expect(arena.byteLength).toBe(json);
    expect(arena.storedBytes).toBeLessThan(json * 0.5);
  });
});
