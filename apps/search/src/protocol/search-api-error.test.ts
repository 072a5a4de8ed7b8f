import { describe, expect, it } from 'vitest';
import { SearchApiError } from './search-api-error.ts';

describe('SearchApiError', () => {
  it('carries the status, the message, its name and the cause', () => {
    const cause = new SyntaxError('bad JSON');
    const error = new SearchApiError(422, 'Cannot process more than 1000 events in a batch', {
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SearchApiError');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Cannot process more than 1000 events in a batch');
    expect(error.cause).toBe(cause);
  });
});
