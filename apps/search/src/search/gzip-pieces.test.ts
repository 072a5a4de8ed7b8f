import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflateText, gzipOf, inflateText } from './gzip-pieces.ts';

const piece = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom('', '{"results":[', ']}', ','),
);
const pieces = fc.array(fc.record({ text: piece, deflated: fc.boolean() }), { maxLength: 8 });

describe('gzip pieces', () => {
  it('combines CRC-32s as if computed over the concatenation', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2000 }),
        fc.uint8Array({ maxLength: 2000 }),
        (a, b) => {
          const whole = crc32(Buffer.concat([a, b]));
          expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(whole);
        },
      ),
    );
  });

  it('makes one gzip member that any gunzip reads back as the pieces’ text, in order', () => {
    fc.assert(
      fc.property(pieces, (parts) => {
        const mixed = parts.map(({ text, deflated }) => (deflated ? deflateText(text) : text));
        const expected = parts.map(({ text }) => text).join('');
        expect(gunzipSync(gzipOf(mixed)).toString()).toBe(expected);
        const again = mixed.map((part) => (typeof part === 'string' ? part : inflateText(part)));
        expect(again.join('')).toBe(expected);
      }),
    );
  });

  it('holds text longer than a stored block and a compressed piece of a search answer’s size', () => {
    const long = 'é'.repeat(70_000);
    const answer = JSON.stringify({
      hits: Array.from({ length: 20 }, (_, i) => ({ objectID: `p${i}`, name: `Jacket ${i}` })),
    });
    const body = gzipOf([long, deflateText(answer), '}']);
    expect(gunzipSync(body).toString()).toBe(`${long + answer}}`);
    expect(inflateText(deflateText(answer))).toBe(answer);
  });

  it('keeps a compressed piece in a buffer of its own size (zlib works in a larger one)', () => {
    const piece = deflateText(JSON.stringify({ text: 'jacket '.repeat(500) }));
    expect(piece.bytes.buffer.byteLength).toBe(piece.bytes.length);
    expect(piece.bytes.length).toBeLessThan(1024);
  });
});
