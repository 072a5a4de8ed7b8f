import { expect } from 'vitest';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches an `ApiError` thrown by the official v5 client for a `{message, status}` body: the client appends
 * ` (Correlation-ID: …)` to the server's message when the response carries that header.
 */
export function apiError(status: number, message: string | RegExp) {
  const text = typeof message === 'string' ? escapeRegExp(message) : message.source;
  return {
    status,
    message: expect.stringMatching(new RegExp(`^${text}( \\(Correlation-ID: [^)]*\\))?$`)),
  };
}
