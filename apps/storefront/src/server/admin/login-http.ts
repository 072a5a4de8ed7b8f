import type { IncomingHttpHeaders } from 'node:http';
import { isLocale, type Locale } from '../../i18n/locale.ts';
import { adminPath, type LoginError } from '../../lib/admin/admin-paths.ts';
import { isSecureRequest } from '../commerce/cart-cookie.ts';
import { isCrossOrigin } from '../commerce/same-origin.ts';
import type { JsonReply } from '../http/admin-import.ts';
import type { MerchantAuth } from './merchant-auth.ts';
import { clearedSessionCookie, sessionCookie } from './merchant-session.ts';

export interface AdminFormRequest {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  /** The parsed form (Next's body parser): `{password, lang}`. */
  readonly body: unknown;
  /** Who is asking (the socket's address, or the proxy's `X-Forwarded-For` with `TRUST_PROXY=1`), for throttling. */
  readonly client: string;
}

export interface LoginDependencies {
  readonly auth: MerchantAuth;
  readonly publicOrigin: string | undefined;
  readonly now: number;
  /** Waits after a wrong password. */
  readonly delay: () => Promise<void>;
}

const noStore = { 'cache-control': 'no-store' };

const throttledMessages = {
  client: 'Too many wrong passwords from this address: wait 15 minutes',
  everyone: 'Too many wrong passwords from all addresses together: every sign-in waits 15 minutes',
} as const;

/**
 * `POST /api/admin/login` (the sign-in form: `password`, `lang`): 303 to `/admin/analytics` with the session
 * cookie, or back to `/admin/login?error=…` after a wrong password or too many failures. A post that does not
 * prove it comes from this site (`Origin` or `Sec-Fetch-Site`) is refused with a 403.
 */
export async function handleLogin(
  request: AdminFormRequest,
  dependencies: LoginDependencies,
): Promise<JsonReply> {
  const refused = refuse(request);
  if (refused) return refused;
  const { auth, now } = dependencies;
  const locale = formLocale(request.body);
  const backToLogin = (error: LoginError, message: string = error): JsonReply => ({
    status: 303,
    headers: { ...noStore, location: adminPath('login', locale, { error }) },
    body: { message },
  });
  const refusal = auth.throttle.refusal(request.client, now);
  if (refusal) return backToLogin('throttled', throttledMessages[refusal]);
  const password = formField(request.body, 'password') ?? '';
  if (!auth.checkPassword(password)) {
    auth.throttle.recordFailure(request.client, now);
    await dependencies.delay();
    return backToLogin('invalid');
  }
  auth.throttle.recordSuccess(request.client);
  const { token, maxAgeSeconds } = auth.signIn(now);
  const secure = isSecureRequest(request.headers, dependencies.publicOrigin);
  return {
    status: 303,
    headers: {
      ...noStore,
      location: adminPath('analytics', locale),
      'set-cookie': sessionCookie(token, secure, maxAgeSeconds),
    },
    body: { message: 'signed in' },
  };
}

/**
 * `POST /api/admin/logout` (`lang`): signs out (every session of the merchant, see `MerchantAuth.signOut`), clears
 * the cookie, 303 to the sign-in page.
 */
export function handleLogout(
  request: AdminFormRequest,
  dependencies: Omit<LoginDependencies, 'delay'>,
): JsonReply {
  const refused = refuse(request);
  if (refused) return refused;
  dependencies.auth.signOut(request.headers, dependencies.now);
  const secure = isSecureRequest(request.headers, dependencies.publicOrigin);
  return {
    status: 303,
    headers: {
      ...noStore,
      location: adminPath('login', formLocale(request.body), { signedOut: '1' }),
      'set-cookie': clearedSessionCookie(secure),
    },
    body: { message: 'signed out' },
  };
}

function refuse(request: AdminFormRequest): JsonReply | undefined {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: { message: 'Use POST' } };
  }
  if (!provesSameOrigin(request.headers)) {
    return {
      status: 403,
      headers: noStore,
      body: { message: 'This form must be sent from the storefront itself' },
    };
  }
  return undefined;
}

/**
 * Browsers send `Origin` (and `Sec-Fetch-Site`) with every form post; unlike the cart API, the sign-in
 * forms also refuse a post that names no origin at all, so only the storefront's own pages can use them.
 */
export function provesSameOrigin(headers: IncomingHttpHeaders): boolean {
  const named = headers.origin !== undefined || headers['sec-fetch-site'] !== undefined;
  return named && !isCrossOrigin(headers) && headers['sec-fetch-site'] !== 'none';
}

function formLocale(body: unknown): Locale {
  const lang = formField(body, 'lang');
  return isLocale(lang) ? lang : 'en';
}

function formField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
