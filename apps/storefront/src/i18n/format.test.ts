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
