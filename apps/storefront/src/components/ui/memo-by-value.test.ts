import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { sameValue } from './memo-by-value.ts';

describe('sameValue', () => {
  it('compares plain data member by member, at any depth', () => {
    const items = () => [
      { label: 'Black', count: 3, isRefined: false, tags: ['a'] },
      { label: 'Blue', count: 1, isRefined: true, tags: [] },
    ];
    expect(sameValue({ items: items(), limit: 10 }, { items: items(), limit: 10 })).toBe(true);
    expect(sameValue(items(), [...items().slice(0, 1), { ...items()[1], count: 2 }])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });

  it('compares functions, React elements and class instances by identity only', () => {
    const onClick = () => undefined;
    expect(sameValue({ onClick }, { onClick })).toBe(true);
    expect(sameValue({ onClick }, { onClick: () => undefined })).toBe(false);
    expect(sameValue(createElement('b', null, 'x'), createElement('b', null, 'x'))).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
  });
});
