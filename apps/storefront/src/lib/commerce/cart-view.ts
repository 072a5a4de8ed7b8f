/** The cart as the browser sees it: every amount computed by the server from the catalogue. */
export interface CartView {
  readonly lines: readonly CartLineView[];
  /** Sum of the quantities. */
  readonly itemCount: number;
  readonly subtotalCents: number;
}

export interface CartLineView {
  /** False when the shop no longer sells the product (unpublished): shown to be removed, not ordered. */
  readonly available: boolean;
  readonly sku: string;
  readonly slug: string;
  readonly name: string;
  readonly color: string | null;
  readonly size: string | null;
  readonly imageUrl: string | null;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly lineTotalCents: number;
  /** Most this line can hold: the stock, capped at `maxLineQuantity`. */
  readonly maxQuantity: number;
}

export const emptyCart: CartView = { lines: [], itemCount: 0, subtotalCents: 0 };

/** Largest quantity of one variant a cart line accepts. */
export const maxLineQuantity = 99;

/** An error the cart and checkout APIs answer: a code for programs, a localized message for people. */
export interface CommerceErrorBody {
  readonly code: string;
  readonly message: string;
  /** Checkout only: field name → localized message. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
}
