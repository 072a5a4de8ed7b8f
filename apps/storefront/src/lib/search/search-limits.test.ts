import { describe, expect, it } from 'vitest';
import { fitQuery, maxQueryLength } from './search-limits.ts';

describe('query limits', () => {
  it('keeps short queries and cuts long ones to 512 bytes without splitting a character', () => {
    expect(fitQuery('veste légère')).toBe('veste légère');
    expect(fitQuery('a'.repeat(600))).toHaveLength(maxQueryLength);
    const accents = fitQuery('é'.repeat(400));
    expect(new TextEncoder().encode(accents).length).toBe(512);
    expect(accents).toBe('é'.repeat(256));
  });
});
