import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const sessionCookieName = 'vitrine_merchant';
/** A merchant session lasts a working day; signing in again is cheap. */
export const sessionLifetimeMs = 8 * 60 * 60 * 1000;

const tokenPattern = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface MerchantSession {
  /** 128 random bits naming this session. */
  readonly id: string;
  readonly expiresAt: number;
}

/**
 * The key that signs session cookies. It is derived from the password and the session generation too, so
 * changing the password, or signing out (which bumps the generation), signs every session out.
 */
export function sessionKey(sessionSecret: string, password: string, generation = 0): Buffer {
  // Generation 0 keeps the original derivation, so sessions opened before generations existed stay valid.
  const scope = generation === 0 ? '' : `generation-${generation}:`;
  return createHmac('sha256', sessionSecret)
    .update(`merchant-session:${scope}${password}`)
    .digest();
}

/** A new session token: `<expiry, base 36>.<id>.<HMAC-SHA256 of both>`, opaque to the browser. */
export function issueSessionToken(
  key: Buffer,
  now: number,
): { token: string; session: MerchantSession } {
  const session = { id: randomBytes(16).toString('base64url'), expiresAt: now + sessionLifetimeMs };
  const payload = `${session.expiresAt.toString(36)}.${session.id}`;
  return { token: `${payload}.${sign(key, payload)}`, session };
}

/** The session a token names, if its signature holds and it has not expired. */
export function verifySessionToken(
  key: Buffer,
  token: string,
  now: number,
): MerchantSession | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const [, expiry = '', id = '', signature = ''] = match;
  const expected = Buffer.from(sign(key, `${expiry}.${id}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const expiresAt = Number.parseInt(expiry, 36);
  return expiresAt > now ? { id, expiresAt } : undefined;
}

/** The session token the request's cookie carries, if any. */
export function sessionTokenFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  for (const part of (headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === sessionCookieName) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/** `Set-Cookie` for a session: HttpOnly, SameSite=Strict (never sent from another site), Secure over HTTPS. */
export function sessionCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName}=${token}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', secure, 0);
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
