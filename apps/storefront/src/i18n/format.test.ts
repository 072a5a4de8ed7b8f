import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrice, formatRating } from './format.ts';

describe('number formatting', () => {
  it('formats euro prices held in cents the way each language writes them', () => {
    expect(formatPrice(5200, 'en')).toBe('€52.00');
    expect(formatPrice(5200, 'fr')).toBe('52,00\u00a0€');
    expect(formatPrice(123_456, 'fr')).toBe('1\u202f234,56\u00a0€');
  });

  it('groups digits per language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
  });

  it('writes an average rating with one decimal, whole ones too', () => {
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(4.3, 'en')).toBe('4.3');
    expect(formatRating(3, 'fr')).toBe('3,0');
    expect(formatRating(4.25, 'fr')).toBe('4,3');
  });
});

/** What the storefront wrote before it formatted numbers itself: Intl, per language. */
function intlText(value: number, locale: 'en' | 'fr', options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-IE', options).format(value);
}

describe('number formatting matches Intl.NumberFormat', () => {
  const locale = fc.constantFrom('en' as const, 'fr' as const);
  const cents = fc.oneof(
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
    fc.integer({ min: -1000, max: 100_000 }),
  );
  const numbers = fc.oneof(
    fc.integer({ min: -10_000_000, max: 10_000_000 }),
    fc.double({ min: -1e9, max: 1e9, noNaN: true }),
    fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
    fc.constantFrom(
      0,
      -0,
      1.005,
      2.675,
      0.995,
      9.995,
      999.995,
      1e21,
      1e-7,
      Number.NaN,
      Infinity,
      -Infinity,
    ),
  );

  it('on prices in cents', () => {
    fc.assert(
      fc.property(cents, locale, (value, language) => {
        expect(formatPrice(value, language)).toBe(
          intlText(value / 100, language, { style: 'currency', currency: 'EUR' }),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('on counts and measures', () => {
    fc.assert(
      fc.property(numbers, locale, (value, language) => {
        expect(formatNumber(value, language)).toBe(
          intlText(value, language, { maximumFractionDigits: 2 }),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('on ratings', () => {
    const ratings = fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), numbers);
    fc.assert(
      fc.property(ratings, locale, (value, language) => {
        expect(formatRating(value, language)).toBe(
          intlText(value, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        );
      }),
      { numRuns: 5000 },
    );
  });
});
