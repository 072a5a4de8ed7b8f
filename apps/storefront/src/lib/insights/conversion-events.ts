import { searchObjectID } from './search-object-id.ts';

/** The protocol's limit on `objectIDs` / `objectData` entries per event. */
export const maxObjectsPerEvent = 20;

export interface ObjectData {
  readonly queryID?: string;
  /** Unit price in the currency's units (`79` for 79.00 €). */
  readonly price: number;
  readonly quantity: number;
}

/** A conversion event, ready for the search-insights method it names. */
export type ConversionEvent =
  | {
      readonly method: 'addedToCartObjectIDsAfterSearch';
      readonly payload: ConversionPayload & { readonly queryID: string };
    }
  | {
      readonly method:
        | 'addedToCartObjectIDs'
        | 'purchasedObjectIDsAfterSearch'
        | 'purchasedObjectIDs';
      readonly payload: ConversionPayload;
    };

export interface ConversionPayload {
  readonly eventName: string;
  readonly index: string;
  readonly objectIDs: string[];
  readonly objectData: ObjectData[];
  readonly value: number;
  readonly currency: string;
}

export interface AddedToCart {
  readonly index: string;
  readonly productId: string;
  readonly color: string | null;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly currency: string;
  /** The search that led to the product, when it was reached from one. */
  readonly queryID: string | undefined;
}

/**
 * "Add to cart": `addedToCartObjectIDsAfterSearch` (conversion, subtype addToCart) with the queryID at the top
 * and in `objectData` when the product came from a search, `addedToCartObjectIDs` otherwise.
 */
export function addToCartEvent(added: AddedToCart): ConversionEvent {
  const price = added.unitPriceCents / 100;
  const base = {
    eventName: 'Product Added To Cart',
    index: added.index,
    objectIDs: [searchObjectID(added.productId, added.color)],
    value: (added.unitPriceCents * added.quantity) / 100,
    currency: added.currency,
  };
  if (added.queryID === undefined) {
    return {
      method: 'addedToCartObjectIDs',
      payload: { ...base, objectData: [{ price, quantity: added.quantity }] },
    };
  }
  return {
    method: 'addedToCartObjectIDsAfterSearch',
    payload: {
      ...base,
      queryID: added.queryID,
      objectData: [{ queryID: added.queryID, price, quantity: added.quantity }],
    },
  };
}

export interface PurchasedLine {
  readonly productId: string;
  readonly color: string | null;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly queryId: string | null;
}

export interface PurchasedOrder {
  readonly currency: string;
  readonly lines: readonly PurchasedLine[];
}

/**
 * The purchase of an order: ONE `purchasedObjectIDsAfterSearch` (conversion, subtype purchase) naming every
 * item, each with its own `objectData` (queryID when it came from a search, unit price, quantity), and the
 * order's value and currency; `purchasedObjectIDs` when no item came from a search. Lines of one record
 * bought at one price from one search (two sizes of a colour) are merged, adding their quantities. An order
 * of more than 20 records is split into events of 20 (the protocol's limit), each with its own value.
 */
export function purchaseEvents(order: PurchasedOrder, index: string): ConversionEvent[] {
  const items: { objectID: string; data: ObjectData }[] = [];
  for (const line of order.lines) {
    const objectID = searchObjectID(line.productId, line.color);
    const price = line.unitPriceCents / 100;
    const same = items.find(
      (item) =>
        item.objectID === objectID &&
        item.data.price === price &&
        item.data.queryID === (line.queryId ?? undefined),
    );
    if (same) {
      same.data = { ...same.data, quantity: same.data.quantity + line.quantity };
    } else {
      const data = line.queryId
        ? { queryID: line.queryId, price, quantity: line.quantity }
        : { price, quantity: line.quantity };
      items.push({ objectID, data });
    }
  }
  const afterSearch = items.some((item) => item.data.queryID !== undefined);
  const events: ConversionEvent[] = [];
  for (let start = 0; start < items.length; start += maxObjectsPerEvent) {
    const chunk = items.slice(start, start + maxObjectsPerEvent);
    const cents = chunk.reduce(
      (sum, item) => sum + Math.round(item.data.price * 100) * item.data.quantity,
      0,
    );
    events.push({
      method: afterSearch ? 'purchasedObjectIDsAfterSearch' : 'purchasedObjectIDs',
      payload: {
        eventName: 'Order Completed',
        index,
        objectIDs: chunk.map((item) => item.objectID),
        objectData: chunk.map((item) => item.data),
        value: cents / 100,
        currency: order.currency,
      },
    });
  }
  return events;
}
