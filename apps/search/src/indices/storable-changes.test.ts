import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertStorable } from '../protocol/assert-storable.ts';
import type { StoreChange } from '../store/search-store.ts';
import { assertStorableChanges } from './storable-changes.ts';

/** Characters that make a string unstorable, look like one in JSON (`\`, `u`), or are stored as they are. */
const tricky = fc.constantFrom(
  'a',
  'u',
  '\\',
  '"',
  '\u0000',
  '\u0001',
  '\ud800',
  '\udc00',
  '😀',
  'é',
);
const text = fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join(''));
const value = fc.letrec((tie) => ({
  json: fc.oneof(
    text,
    fc.integer(),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(text, tie('json'), { maxKeys: 3 }),
  ),
})).json;

const records = (body: Record<string, unknown>, json?: string): StoreChange[] => [
  {
    kind: 'putEntries',
    entries: 'records',
    index: 'items',
    values: [{ objectID: 'a', body, ...(json === undefined ? {} : { json }) }],
  },
];

const storable = (check: () => void): boolean => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

describe('a write is refused exactly when a value cannot be stored, whether its JSON text is given or not', () => {
  it('decides from a record JSON text as the walk over the record does', () => {
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 4 }), (fields) => {
        const body = { ...fields, objectID: 'a' };
        const walked = storable(() => assertStorable(body, 'The request'));
        expect(
          storable(() => assertStorableChanges(records(body, JSON.stringify(body)), 'x')),
        ).toBe(walked);
        expect(storable(() => assertStorableChanges(records(body), 'x'))).toBe(walked);
      }),
      { numRuns: 2000 },
    );
  });

  it('stores a backslash followed by u and paired surrogates; refuses NUL and lone surrogates with a 400', () => {
    for (const fine of ['\\u0000', 'a\\ud800', '😀', 'é\u0001']) {
      const body = { objectID: 'a', text: fine };
      expect(() => assertStorableChanges(records(body, JSON.stringify(body)), 'x')).not.toThrow();
    }
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00']) {
      const body = { objectID: 'a', [bad]: 1 };
      expect(() =>
        assertStorableChanges(records(body, JSON.stringify(body)), 'requests[0]'),
      ).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringContaining('NUL character') }),
      );
    }
  });
});
