/**
 * The one error class of the search service: anything the caller got wrong. The HTTP error handler renders it
 * as Algolia's `{ "message", "status" }` body with the same HTTP status.
 *
 * `new SearchApiError(400, 'hitsPerPage must be an integer between 0 and 1000')`
 * → HTTP 400 `{ "message": "hitsPerPage must be an integer between 0 and 1000", "status": 400 }`.
 *
 * @param status - the HTTP status to answer with.
 * @param message - names the parameter and what was expected; shown to the caller as is.
 * @param options - `{ cause }` when wrapping another error.
 */
export class SearchApiError extends Error {
  override readonly name = 'SearchApiError';
  readonly status: 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503;
  constructor(status: SearchApiError['status'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}
