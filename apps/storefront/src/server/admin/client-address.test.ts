import { describe, expect, it } from 'vitest';
import { clientAddress, throttleKey } from './client-address.ts';

describe('the client of a sign-in', () => {
  const forwarded = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' };

  it('is the socket address unless TRUST_PROXY is set, so a forged X-Forwarded-For changes nothing', () => {
    expect(clientAddress('10.0.0.1', forwarded, false)).toBe('10.0.0.1');
    expect(clientAddress(undefined, {}, false)).toBe('unknown');
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry (the one the proxy appended)', () => {
    expect(clientAddress('10.0.0.1', forwarded, true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', { 'x-forwarded-for': ['1.1.1.1', '2001:db8::1'] }, true)).toBe(
      '2001:db8::1',
    );
    expect(clientAddress('10.0.0.1', {}, true)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', { 'x-forwarded-for': 'not-an-ip' }, true)).toBe('10.0.0.1');
  });
});

describe('the throttle key', () => {
  it('keeps an IPv4 address, and unwraps an IPv4-mapped IPv6 one', () => {
    expect(throttleKey('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by their /64, whatever the spelling', () => {
    const key = '2001:db8:0:1::/64';
    expect(throttleKey('2001:db8:0:1::1')).toBe(key);
    expect(throttleKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(throttleKey('[2001:db8:0:1:a:b:c:d]')).toBe(key);
    expect(throttleKey('2001:db8:0:1::1%eth0')).toBe(key);
    expect(throttleKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(throttleKey('::1')).toBe('0:0:0:0::/64');
    expect(throttleKey('unknown')).toBe('unknown');
  });
});
