import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeSecuredApiKey,
  isInSource,
  isSignedBy,
  parseRestrictions,
} from './secured-api-key.ts';

const sign = (parent: string, restrictions: string) =>
  Buffer.from(
    createHmac('sha256', parent).update(restrictions).digest('hex') + restrictions,
  ).toString('base64');

describe('secured API keys', () => {
  it('verifies the HMAC of the restriction string byte for byte', () => {
    const restrictions = 'filters=brand%3ALG&restrictIndices=a%2Cb&validUntil=1767225600';
    const decoded = decodeSecuredApiKey(sign('parent', restrictions));
    expect(decoded?.restrictions).toBe(restrictions);
    expect(decoded && isSignedBy(decoded, 'parent')).toBe(true);
    expect(decoded && isSignedBy(decoded, 'other')).toBe(false);
    expect(decodeSecuredApiKey('plainkey')).toBeUndefined();
  });

  it('reads spaces as + (a key put unencoded in a query string)', () => {
    // `~` is left unencoded by encodeURIComponent; three in a row put one where base64 writes it as `+`.
    const key = sign('parent', 'filters=a&userToken=~~~');
    expect(key).toContain('+');
    const decoded = decodeSecuredApiKey(key.replaceAll('+', ' '));
    expect(decoded && isSignedBy(decoded, 'parent')).toBe(true);
  });

  it('parses v5 comma lists, v4 JSON arrays and forced parameters', () => {
    expect(
      parseRestrictions('filters=brand%3ALG&restrictIndices=a%2Cb&validUntil=10&hitsPerPage=5'),
    ).toEqual({
      filters: 'brand:LG',
      restrictIndices: ['a', 'b'],
      validUntil: 10,
      restrictSources: undefined,
      userToken: undefined,
      searchParams: { hitsPerPage: '5' },
    });
    expect(
      parseRestrictions('restrictIndices=%5B%22a%22%5D&userToken=u+1').restrictIndices,
    ).toEqual(['a']);
    expect(() => parseRestrictions('')).toThrow('Invalid Application-ID or API key');
  });

  it('reads a fractional validUntil up to its whole second, and an empty userToken as none', () => {
    expect(parseRestrictions('validUntil=1767225600.75').validUntil).toBe(1767225600);
    expect(() => parseRestrictions('validUntil=soon')).toThrow('Invalid Application-ID or API key');
    expect(() => parseRestrictions('validUntil=-5')).toThrow('Invalid Application-ID or API key');
    expect(parseRestrictions('filters=&userToken=')).toMatchObject({
      filters: '',
      userToken: undefined,
    });
  });

  it('matches IPv4 sources, including IPv4-mapped IPv6 addresses', () => {
    expect(isInSource('192.168.1.20', '192.168.1.0/24')).toBe(true);
    expect(isInSource('::ffff:192.168.1.20', '192.168.1.0/24')).toBe(true);
    expect(isInSource('192.168.2.1', '192.168.1.0/24')).toBe(false);
    expect(isInSource('10.0.0.1', '10.0.0.1')).toBe(true);
    expect(isInSource('::1', '10.0.0.0/8')).toBe(false);
  });
});
