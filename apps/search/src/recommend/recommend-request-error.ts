/**
 * A recommendations request the caller got wrong (HTTP 400). The message names the field and what was expected,
 * e.g. `requests[0].threshold must be a number between 0 and 100`; the HTTP layer renders it as
 * `new SearchApiError(400, error.message, { cause: error })`.
 *
 * @param field - the offending field's path in the request body (`requests[2].objectID`).
 * @param message - the whole message shown to the caller.
 */
export class RecommendRequestError extends Error {
  override readonly name = 'RecommendRequestError';
  readonly status = 400;
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
