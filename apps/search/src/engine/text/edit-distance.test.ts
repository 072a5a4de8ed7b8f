import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance.ts';

describe('boundedEditDistance', () => {
  it('counts substitutions, insertions, deletions and transpositions as one typo', () => {
    expect(boundedEditDistance('samsung', 'samsong', 2, false)).toBe(1);
    expect(boundedEditDistance('samsung', 'samsungs', 2, false)).toBe(1);
    expect(boundedEditDistance('samsung', 'samung', 2, false)).toBe(1);
    expect(boundedEditDistance('samsung', 'smasung', 2, false)).toBe(1);
    expect(boundedEditDistance('chocolat', 'chcoolat', 2, false)).toBe(1);
  });

  it('stops at the bound', () => {
    expect(boundedEditDistance('abcdef', 'uvwxyz', 2, false)).toBe(3);
    expect(boundedEditDistance('abc', 'abcdef', 1, false)).toBe(2);
  });

  it('measures against the closest prefix in prefix mode', () => {
    expect(boundedEditDistance('tele', 'television', 1, true)).toBe(0);
    expect(boundedEditDistance('tlev', 'television', 1, true)).toBe(1);
    expect(boundedEditDistance('xyz', 'television', 1, true)).toBe(2);
  });
});
