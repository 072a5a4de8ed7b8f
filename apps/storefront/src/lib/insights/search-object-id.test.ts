import { toSearchRecords } from '@vitrine/catalogue/search-record';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { searchObjectID } from './search-object-id.ts';

describe('searchObjectID', () => {
  it('names the same records as the search index, with and without colours', () => {
    const colours = makeProduct('MJ01', {
      variants: [
        { sku: 'MJ01-M-Black', color: 'Black', size: 'M', priceCents: 7900, stock: 1 },
        { sku: 'MJ01-M-Red', color: 'Red', size: 'M', priceCents: 7900, stock: 1 },
      ],
    });
    const plain = makeProduct('UG01', {
      variants: [{ sku: 'UG01', color: null, size: null, priceCents: 2900, stock: 1 }],
    });
    expect(toSearchRecords(colours).map((record) => record.objectID)).toEqual([
      searchObjectID('MJ01', 'Black'),
      searchObjectID('MJ01', 'Red'),
    ]);
    expect(toSearchRecords(plain).map((record) => record.objectID)).toEqual([
      searchObjectID('UG01', null),
    ]);
  });
});
