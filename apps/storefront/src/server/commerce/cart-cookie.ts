import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const cartCookieName = 'vitrine_cart';
const cartIdPattern = /^[A-Za-z0-9_-]{22}$/;
/** A cart outlives a browser session: 30 days. */
const maxAgeSeconds = 30 * 24 * 60 * 60;

/** 128 random bits (base64url): the cart id is the only key to the cart, so it must not be guessable. */
export function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cart id the cookie carries, if it has the shape of one we issued. */
export function cartIdFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === cartCookieName && value && cartIdPattern.test(value)) return value;
  }
  return undefined;
}

/** `Set-Cookie` for the cart: HttpOnly (no script reads it), SameSite=Lax, Secure over HTTPS. */
export function cartCookie(cartId: string, secure: boolean): string {
  return [
    `${cartCookieName}=${cartId}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function isSecureRequest(headers: IncomingHttpHeaders, publicOrigin: string | undefined) {
  if (publicOrigin) return publicOrigin.startsWith('https:');
  const forwarded = headers['x-forwarded-proto'];
  return (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() === 'https';
}
