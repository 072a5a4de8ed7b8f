import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import {
  issueSessionToken,
  type MerchantSession,
  sessionKey,
  sessionLifetimeMs,
  sessionTokenFromHeaders,
  verifySessionToken,
} from './merchant-session.ts';

/** The merchant's sign-in: one password, signed session cookies, throttled failures. */
export interface MerchantAuth {
  /** Compares in constant time (both sides hashed first, so the length does not leak either). */
  checkPassword(given: string): boolean;
  /** A new session: the cookie value and its lifetime in seconds. */
  signIn(now: number): { token: string; maxAgeSeconds: number };
  /** The signed-in session of a request, if any (signature, expiry and sign-out checked). */
  sessionOf(headers: IncomingHttpHeaders, now: number): MerchantSession | undefined;
  /**
   * Signs out, when the request carries a valid session: bumps the session generation, which is part of the
   * signing key, so that cookie (even replayed, even after a restart) and every other open session stop
   * working. One merchant, one password: signing out everywhere is the price of a revocation that survives
   * restarts without a session table.
   */
  signOut(headers: IncomingHttpHeaders, now: number): void;
  readonly throttle: LoginThrottle;
}

/** Where the session generation is kept (`merchant-login.json`; in memory when not given). */
export interface SessionGenerations {
  current(): number;
  /** Stores and returns the next generation. */
  bump(): number;
}

export function createMerchantAuth(options: {
  readonly password: string;
  readonly sessionSecret: string;
  readonly generations?: SessionGenerations;
}): MerchantAuth {
  const generations = options.generations ?? inMemoryGenerations();
  const keys = new Map<number, Buffer>();
  const currentKey = () => {
    const generation = generations.current();
    let key = keys.get(generation);
    if (!key) {
      key = sessionKey(options.sessionSecret, options.password, generation);
      keys.clear();
      keys.set(generation, key);
    }
    return key;
  };
  const expected = digest(options.password);
  const verify = (headers: IncomingHttpHeaders, now: number) => {
    const token = sessionTokenFromHeaders(headers);
    return token === undefined ? undefined : verifySessionToken(currentKey(), token, now);
  };
  return {
    checkPassword: (given) => timingSafeEqual(digest(given), expected),
    signIn: (now) => ({
      token: issueSessionToken(currentKey(), now).token,
      maxAgeSeconds: Math.floor(sessionLifetimeMs / 1000),
    }),
    sessionOf: verify,
    signOut: (headers, now) => {
      if (verify(headers, now)) generations.bump();
    },
    throttle: createLoginThrottle(),
  };
}

function inMemoryGenerations(): SessionGenerations {
  let generation = 0;
  return {
    current: () => generation,
    bump: () => {
      generation += 1;
      return generation;
    },
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
