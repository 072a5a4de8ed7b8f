import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './paginate.ts';

describe('pageWindow', () => {
  it('turns page and hitsPerPage into positions', () => {
    expect(pageWindow({ page: 2, hitsPerPage: 20, limit: 1000 })).toEqual({
      start: 40,
      end: 60,
      page: 2,
      pageSize: 20,
      beyondLimit: false,
    });
  });

  it('prefers offset/length when both are given', () => {
    expect(
      pageWindow({ page: 3, hitsPerPage: 20, offset: 5, length: 10, limit: 1000 }),
    ).toMatchObject({
      start: 5,
      end: 15,
      pageSize: 10,
    });
  });

  it('caps at paginationLimitedTo and flags pages past it', () => {
    expect(pageWindow({ page: 1, hitsPerPage: 15, limit: 20 })).toMatchObject({
      start: 15,
      end: 20,
    });
    expect(pageWindow({ page: 2, hitsPerPage: 10, limit: 20 }).beyondLimit).toBe(true);
    expect(pageWindow({ page: 0, hitsPerPage: 0, limit: 20 })).toMatchObject({
      start: 0,
      end: 0,
      beyondLimit: false,
    });
  });

  it('counts pages within the limit', () => {
    expect(pageCount(57, 20, 1000)).toBe(3);
    expect(pageCount(5000, 20, 1000)).toBe(50);
    expect(pageCount(57, 0, 1000)).toBe(0);
  });
});
