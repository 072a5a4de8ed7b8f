import { describe, expect, it } from 'vitest';
import { addToCartEvent, type PurchasedLine, purchaseEvents } from './conversion-events.ts';

const searchA = '0123456789abcdef0123456789abcdef';
const searchB = 'fedcba9876543210fedcba9876543210';

describe('addToCartEvent', () => {
  const added = {
    index: 'products',
    productId: 'MJ01',
    color: 'Black',
    unitPriceCents: 7950,
    quantity: 2,
    currency: 'EUR',
  };

  it('is addedToCartObjectIDsAfterSearch with the queryID, price and quantity when the product came from a search', () => {
    expect(addToCartEvent({ ...added, queryID: searchA })).toEqual({
      method: 'addedToCartObjectIDsAfterSearch',
      payload: {
        eventName: 'Product Added To Cart',
        index: 'products',
        queryID: searchA,
        objectIDs: ['MJ01-Black'],
        objectData: [{ queryID: searchA, price: 79.5, quantity: 2 }],
        value: 159,
        currency: 'EUR',
      },
    });
  });

  it('is addedToCartObjectIDs without a search', () => {
    expect(addToCartEvent({ ...added, color: null, queryID: undefined })).toEqual({
      method: 'addedToCartObjectIDs',
      payload: {
        eventName: 'Product Added To Cart',
        index: 'products',
        objectIDs: ['MJ01'],
        objectData: [{ price: 79.5, quantity: 2 }],
        value: 159,
        currency: 'EUR',
      },
    });
  });
});

describe('purchaseEvents', () => {
  const line = (overrides: Partial<PurchasedLine>): PurchasedLine => ({
    productId: 'MJ01',
    color: 'Black',
    unitPriceCents: 7900,
    quantity: 1,
    queryId: searchA,
    ...overrides,
  });

  it('is ONE purchasedObjectIDsAfterSearch naming every item with its own queryID, price and quantity', () => {
    const events = purchaseEvents(
      {
        currency: 'EUR',
        lines: [
          line({ quantity: 2 }),
          line({ productId: 'MJ02', color: 'Red', unitPriceCents: 4550, queryId: searchB }),
          line({ productId: 'UG01', color: null, unitPriceCents: 1000, queryId: null }),
        ],
      },
      'products',
    );
    expect(events).toEqual([
      {
        method: 'purchasedObjectIDsAfterSearch',
        payload: {
          eventName: 'Order Completed',
          index: 'products',
          objectIDs: ['MJ01-Black', 'MJ02-Red', 'UG01'],
          objectData: [
            { queryID: searchA, price: 79, quantity: 2 },
            { queryID: searchB, price: 45.5, quantity: 1 },
            { price: 10, quantity: 1 },
          ],
          value: 213.5,
          currency: 'EUR',
        },
      },
    ]);
  });

  it('merges the sizes of one colour bought at one price from one search, adding their quantities', () => {
    const [event] = purchaseEvents(
      {
        currency: 'EUR',
        lines: [
          line({ quantity: 1 }),
          line({ quantity: 3 }),
          line({ quantity: 1, unitPriceCents: 8900 }),
        ],
      },
      'products',
    );
    expect(event?.payload.objectIDs).toEqual(['MJ01-Black', 'MJ01-Black']);
    expect(event?.payload.objectData).toEqual([
      { queryID: searchA, price: 79, quantity: 4 },
      { queryID: searchA, price: 89, quantity: 1 },
    ]);
    expect(event?.payload.value).toBe(405);
  });

  it('is purchasedObjectIDs when no item came from a search', () => {
    const events = purchaseEvents(
      { currency: 'EUR', lines: [line({ queryId: null })] },
      'products',
    );
    expect(events.map((event) => event.method)).toEqual(['purchasedObjectIDs']);
    expect(events[0]?.payload.objectData).toEqual([{ price: 79, quantity: 1 }]);
  });

  it('splits an order of more than 20 records into events of 20 whose values add up to the total', () => {
    const lines = Array.from({ length: 25 }, (_, at) =>
      line({ productId: `P${at}`, unitPriceCents: 1001 + at }),
    );
    const events = purchaseEvents({ currency: 'EUR', lines }, 'products');
    expect(events.map((event) => event.payload.objectIDs.length)).toEqual([20, 5]);
    const total = events.reduce((sum, event) => sum + Math.round(event.payload.value * 100), 0);
    expect(total).toBe(lines.reduce((sum, item) => sum + item.unitPriceCents, 0));
    expect(events.every((event) => event.method === 'purchasedObjectIDsAfterSearch')).toBe(true);
  });
});
