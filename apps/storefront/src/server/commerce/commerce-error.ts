/** Why the cart or checkout refused a request; `http/` turns it into a 4xx with a localized message. */
export type CommerceErrorCode =
  | 'invalid-request'
  | 'unknown-variant'
  | 'invalid-quantity'
  | 'invalid-query-id'
  | 'not-enough-stock'
  | 'cross-origin'
  | 'out-of-stock'
  | 'unavailable'
  | 'empty-cart'
  | 'key-reused'
  | 'missing-key'
  | 'invalid-details'
  | 'unknown-payment';

const statuses: Readonly<Record<CommerceErrorCode, 400 | 403 | 404 | 409 | 422>> = {
  'invalid-request': 400,
  'unknown-variant': 404,
  'invalid-quantity': 400,
  'invalid-query-id': 400,
  'not-enough-stock': 409,
  'cross-origin': 403,
  'out-of-stock': 409,
  unavailable: 409,
  'empty-cart': 409,
  'key-reused': 422,
  'missing-key': 400,
  'invalid-details': 400,
  'unknown-payment': 400,
};

/** A request the shopper (or a script) got wrong; nothing was changed. */
export class CommerceError extends Error {
  override readonly name = 'CommerceError';
  readonly code: CommerceErrorCode;
  readonly status: 400 | 403 | 404 | 409 | 422;
  /** Stock left (`not-enough-stock`), product name (`out-of-stock`, `unavailable`), field errors (`invalid-details`). */
  readonly detail: { readonly stock?: number; readonly name?: string; readonly fields?: unknown };
  constructor(code: CommerceErrorCode, detail: CommerceError['detail'] = {}) {
    super(`Commerce request refused: ${code}`);
    this.code = code;
    this.status = statuses[code];
    this.detail = detail;
  }
}
