import { describe, expect, it } from 'vitest';
import { cartCookie, cartIdFromHeaders, isSecureRequest, newCartId } from './cart-cookie.ts';
import { isCrossOrigin } from './same-origin.ts';

describe('the cart cookie', () => {
  it('carries 128 random bits and reads back only ids of that shape', () => {
    const id = newCartId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 1000 }, newCartId)).size).toBe(1000);
    expect(cartIdFromHeaders({ cookie: `a=b; vitrine_cart=${id}; c=d` })).toBe(id);
    expect(cartIdFromHeaders({ cookie: 'vitrine_cart=../../etc' })).toBeUndefined();
    expect(cartIdFromHeaders({})).toBeUndefined();
  });

  it('is HttpOnly and SameSite=Lax, and Secure over HTTPS', () => {
    expect(cartCookie('x', false)).toContain('HttpOnly; SameSite=Lax');
    expect(cartCookie('x', true)).toMatch(/; Secure$/);
    expect(isSecureRequest({ 'x-forwarded-proto': 'https' }, undefined)).toBe(true);
    expect(isSecureRequest({}, 'https://shop.example')).toBe(true);
    expect(isSecureRequest({}, undefined)).toBe(false);
  });
});

describe('the same-origin check', () => {
  it.each([
    [{ host: 'shop.test', origin: 'http://shop.test' }, false],
    [{ host: 'shop.test' }, false],
    [{ host: 'shop.test', 'sec-fetch-site': 'same-origin' }, false],
    [{ host: 'shop.test', origin: 'https://evil.test' }, true],
    [{ host: 'shop.test', origin: 'null' }, true],
    [{ host: 'shop.test', 'sec-fetch-site': 'same-site' }, true],
    [{ host: 'shop.test', 'sec-fetch-site': 'cross-site' }, true],
  ])('%j → cross-origin %s', (headers, expected) => {
    expect(isCrossOrigin(headers)).toBe(expected);
  });
});
