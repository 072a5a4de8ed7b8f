import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  failureWindowMs,
  maxFailures,
  maxGlobalFailures,
} from './login-throttle.ts';
import { createMerchantAuth } from './merchant-auth.ts';
import {
  issueSessionToken,
  sessionCookie,
  sessionKey,
  sessionLifetimeMs,
  sessionTokenFromHeaders,
  verifySessionToken,
} from './merchant-session.ts';

const secret = 'a-session-secret-of-at-least-32-characters';
const now = Date.UTC(2026, 10, 21, 9);
const cookieOf = (token: string) => ({ cookie: `vitrine_cart=abc; vitrine_merchant=${token}` });

describe('merchant sessions', () => {
  const key = sessionKey(secret, 'correct horse');

  it('accepts its own token until it expires', () => {
    const { token, session } = issueSessionToken(key, now);
    expect(session.expiresAt).toBe(now + sessionLifetimeMs);
    expect(verifySessionToken(key, token, now + sessionLifetimeMs - 1)).toEqual(session);
    expect(verifySessionToken(key, token, now + sessionLifetimeMs)).toBeUndefined();
  });

  it('refuses a token whose expiry, id or signature was changed, or signed with another password', () => {
    const { token } = issueSessionToken(key, now);
    const [expiry = '', id = '', signature = ''] = token.split('.');
    const later = (Number.parseInt(expiry, 36) + 1e9).toString(36);
    expect(verifySessionToken(key, `${later}.${id}.${signature}`, now)).toBeUndefined();
    expect(
      verifySessionToken(key, `${expiry}.${'A'.repeat(22)}.${signature}`, now),
    ).toBeUndefined();
    expect(verifySessionToken(key, `${expiry}.${id}.${'A'.repeat(43)}`, now)).toBeUndefined();
    expect(verifySessionToken(sessionKey(secret, 'new password'), token, now)).toBeUndefined();
    expect(verifySessionToken(key, 'garbage', now)).toBeUndefined();
  });

  it('reads its cookie among others and sets it HttpOnly and SameSite=Strict', () => {
    expect(sessionTokenFromHeaders(cookieOf('x.y.z'))).toBe('x.y.z');
    expect(sessionTokenFromHeaders({})).toBeUndefined();
    expect(sessionCookie('t', false, 60)).toBe(
      'vitrine_merchant=t; Path=/; Max-Age=60; HttpOnly; SameSite=Strict',
    );
    expect(sessionCookie('t', true, 60)).toMatch(/; Secure$/);
  });
});

describe('the merchant sign-in', () => {
  const auth = createMerchantAuth({ password: 'correct horse', sessionSecret: secret });

  it('checks the password exactly', () => {
    expect(auth.checkPassword('correct horse')).toBe(true);
    expect(auth.checkPassword('correct horse ')).toBe(false);
    expect(auth.checkPassword('')).toBe(false);
  });

  it('opens a session that sign-out revokes with every other one, even if the cookie is replayed', () => {
    const auth = createMerchantAuth({ password: 'correct horse', sessionSecret: secret });
    const { token, maxAgeSeconds } = auth.signIn(now);
    expect(maxAgeSeconds).toBe(sessionLifetimeMs / 1000);
    expect(auth.sessionOf(cookieOf(token), now + 1000)).toBeDefined();
    const other = auth.signIn(now).token;
    auth.signOut(cookieOf(token), now + 2000);
    expect(auth.sessionOf(cookieOf(token), now + 3000)).toBeUndefined();
    expect(auth.sessionOf(cookieOf(other), now + 3000)).toBeUndefined();
    expect(auth.sessionOf(cookieOf(auth.signIn(now).token), now + 3000)).toBeDefined();
  });

  it('ignores a sign-out without a valid session (it cannot sign the merchant out)', () => {
    const auth = createMerchantAuth({ password: 'correct horse', sessionSecret: secret });
    const { token } = auth.signIn(now);
    auth.signOut(cookieOf('1.forged.token'), now);
    auth.signOut({}, now);
    expect(auth.sessionOf(cookieOf(token), now)).toBeDefined();
  });

  it('keeps sessions across a restart with the same secret and password', () => {
    const { token } = auth.signIn(now);
    const restarted = createMerchantAuth({ password: 'correct horse', sessionSecret: secret });
    expect(restarted.sessionOf(cookieOf(token), now)).toBeDefined();
    const changed = createMerchantAuth({ password: 'new one', sessionSecret: secret });
    expect(changed.sessionOf(cookieOf(token), now)).toBeUndefined();
  });
});

describe('the sign-in throttle', () => {
  it(`refuses a client after ${maxFailures} failures until the window passes, others unaffected`, () => {
    const throttle = createLoginThrottle();
    for (let attempt = 0; attempt < maxFailures; attempt += 1) {
      expect(throttle.refusal('10.0.0.1', now + attempt)).toBeUndefined();
      throttle.recordFailure('10.0.0.1', now + attempt);
    }
    expect(throttle.refusal('10.0.0.1', now + maxFailures)).toBe('client');
    expect(throttle.refusal('10.0.0.2', now + maxFailures)).toBeUndefined();
    expect(throttle.refusal('10.0.0.1', now + failureWindowMs + maxFailures)).toBeUndefined();
  });

  it('forgets failures after a success', () => {
    const throttle = createLoginThrottle();
    for (let attempt = 0; attempt < maxFailures - 1; attempt += 1)
      throttle.recordFailure('10.0.0.1', now);
    throttle.recordSuccess('10.0.0.1');
    throttle.recordFailure('10.0.0.1', now);
    expect(throttle.refusal('10.0.0.1', now)).toBeUndefined();
  });

  it('counts an IPv6 client by its /64, so hopping addresses within it does not help', () => {
    const throttle = createLoginThrottle();
    for (let attempt = 0; attempt < maxFailures; attempt += 1)
      throttle.recordFailure(`2001:db8:0:1::${attempt + 1}`, now);
    expect(throttle.refusal('2001:db8:0:1:ffff::9', now)).toBe('client');
    expect(throttle.refusal('2001:db8:0:2::1', now)).toBeUndefined();
  });

  it(`refuses everyone after ${maxGlobalFailures} failures from all addresses, until the window passes`, () => {
    const throttle = createLoginThrottle();
    for (let attempt = 0; attempt < maxGlobalFailures; attempt += 1) {
      const client = `198.51.100.${attempt}`;
      expect(throttle.refusal(client, now + attempt)).toBeUndefined();
      throttle.recordFailure(client, now + attempt);
    }
    expect(throttle.refusal('192.0.2.1', now + maxGlobalFailures)).toBe('everyone');
    throttle.recordSuccess('198.51.100.0');
    expect(throttle.refusal('192.0.2.1', now + maxGlobalFailures)).toBe('everyone');
    // The first failures leave the window one by one.
    expect(throttle.refusal('192.0.2.1', now + failureWindowMs)).toBeUndefined();
  });
});
