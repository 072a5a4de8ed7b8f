import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './catalogue-version.ts';

/** The definition the stored content hashes were made with: any change of text would change every hash. */
function sortingReplacer(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}

describe('canonicalJson', () => {
  it('writes every sample product, and its scaled copies, as the stored hashes were made', () => {
    const products = [...loadLumaSample(), ...scaledCatalogue(loadLumaSample(), 400)];
    for (const product of products) expect(canonicalJson(product)).toBe(sortingReplacer(product));
  });

  it('orders keys as objects enumerate them, and leaves out what JSON leaves out', () => {
    const odd = {
      b: [1, undefined, () => 1, { z: null, a: -0 }],
      a: { 10: 'ten', 9: 'nine', '09': 'zero nine', 4294967295: 'not an index', é: 1, Z: 2 },
      gone: undefined,
      when: new Date('2024-03-01T10:00:00.000Z'),
      nested: { toJSON: () => ({ y: 1, x: 2 }) },
      text: 'quote " and \u2028',
      numbers: [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 0.1],
    };
    expect(canonicalJson(odd)).toBe(sortingReplacer(odd));
    expect(canonicalJson(odd)).toContain('"a":{"9":"nine","10":"ten","09":"zero nine"');
    for (const value of [null, 'text', 3, true, [], {}, [[{}]]]) {
      expect(canonicalJson(value)).toBe(sortingReplacer(value));
    }
  });
});
