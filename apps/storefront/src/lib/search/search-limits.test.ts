import { describe, expect, it } from 'vitest';
import { fitQuery, maxQueryLength } from './search-limits.ts';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('query limits', () => {
  it('keeps short queries and cuts long ones to 512 bytes without splitting a character', () => {
    expect(fitQuery('veste légère')).toBe('veste légère');
    expect(fitQuery('a'.repeat(600))).toHaveLength(maxQueryLength);
    const accents = fitQuery('é'.repeat(400));
    expect(bytes(accents)).toBe(512);
    expect(accents).toBe('é'.repeat(256));
  });

  it('keeps a query of exactly 512 bytes, and cuts one byte more before the character it splits', () => {
    expect(fitQuery('é'.repeat(256))).toBe('é'.repeat(256));
    expect(fitQuery(`${'é'.repeat(255)}ab`)).toBe(`${'é'.repeat(255)}ab`);
    expect(fitQuery(`${'é'.repeat(255)}a€`)).toBe(`${'é'.repeat(255)}a`);
  });

  it('never splits a character written with two UTF-16 units (emoji) or three bytes (CJK)', () => {
    const emoji = fitQuery('👟'.repeat(200));
    expect(emoji).toBe('👟'.repeat(128));
    expect(bytes(emoji)).toBe(512);
    const cjk = fitQuery('靴'.repeat(200));
    expect(cjk).toBe('靴'.repeat(170));
    expect(bytes(cjk)).toBe(510);
    expect(fitQuery(`a${'👟'.repeat(128)}`)).toBe(`a${'👟'.repeat(127)}`);
  });

  it('answers the same for a query just under the quick path and just over it', () => {
    const under = 'é'.repeat(170);
    expect(fitQuery(under)).toBe(under);
    expect(fitQuery(`${under}é`)).toBe(`${under}é`);
  });
});
