/**
 * The catalogue upload's own refusals (beyond the file's contents: `@vitrine/catalogue/record-reasons`), as the
 * codes its answers carry (`{message, status, code}`), so that the console says them in the merchant's
 * language; `message` stays English for API clients and logs.
 */
export const uploadProblemCodes = [
  /** 401: the merchant session ended. */
  'console.signIn',
  /** 403: the request did not come from the console's own pages. */
  'console.crossOrigin',
  /** 503: the search service does not answer. */
  'console.unavailable',
  /** 415: the file is neither JSON nor NDJSON. */
  'upload.unsupportedType',
  /** 409: this upload's id is already in use (sent twice). */
  'upload.alreadyRunning',
  /** 503: no admin key is configured. */
  'upload.noAdminKey',
  /** The browser could not send the file (the connection dropped, the server stopped). */
  'upload.network',
  /** The server failed without saying why. */
  'upload.failed',
] as const;

export type UploadProblemCode = (typeof uploadProblemCodes)[number];

export function isUploadProblemCode(code: unknown): code is UploadProblemCode {
  return typeof code === 'string' && (uploadProblemCodes as readonly string[]).includes(code);
}
