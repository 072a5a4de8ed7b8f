import { describe, expect, it } from 'vitest';
import { type AdminFormRequest, handleLogin, handleLogout } from './login-http.ts';
import { maxFailures, maxGlobalFailures } from './login-throttle.ts';
import { createMerchantAuth } from './merchant-auth.ts';

const now = Date.UTC(2026, 10, 21, 9);
const sameOrigin = {
  host: 'shop.test',
  origin: 'http://shop.test',
  'sec-fetch-site': 'same-origin',
};

function setUp() {
  const auth = createMerchantAuth({
    password: 'open sesame',
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
  });
  let delays = 0;
  const dependencies = {
    auth,
    publicOrigin: undefined,
    now,
    delay: async () => {
      delays += 1;
    },
  };
  const login = (body: unknown, headers: AdminFormRequest['headers'] = sameOrigin) =>
    handleLogin({ method: 'POST', headers, body, client: '10.0.0.1' }, dependencies);
  return { auth, dependencies, login, delays: () => delays };
}

const cookieFrom = (setCookie: string | undefined) => ({ cookie: setCookie?.split(';')[0] ?? '' });

describe('POST /api/admin/login', () => {
  it('signs in with the right password: an HttpOnly SameSite=Strict session, then the analytics page', async () => {
    const { auth, login } = setUp();
    const reply = await login({ password: 'open sesame', lang: 'fr' });
    expect(reply.status).toBe(303);
    expect(reply.headers?.['location']).toBe('/admin/analytics?lang=fr');
    const setCookie = reply.headers?.['set-cookie'];
    expect(setCookie).toMatch(
      /^vitrine_merchant=[0-9a-z]+\.[\w-]{22}\.[\w-]{43}; Path=\/; Max-Age=28800; HttpOnly; SameSite=Strict$/,
    );
    expect(auth.sessionOf(cookieFrom(setCookie), now)).toBeDefined();
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const { login } = setUp();
    const reply = await login(
      { password: 'open sesame' },
      { ...sameOrigin, 'x-forwarded-proto': 'https' },
    );
    expect(reply.headers?.['set-cookie']).toMatch(/; Secure$/);
  });

  it('sends a wrong password back to the sign-in page, after a delay and without a cookie', async () => {
    const { login, delays } = setUp();
    const reply = await login({ password: 'open sesame!', lang: 'en' });
    expect(reply.status).toBe(303);
    expect(reply.headers?.['location']).toBe('/admin/login?error=invalid');
    expect(reply.headers?.['set-cookie']).toBeUndefined();
    expect(delays()).toBe(1);
    expect((await login({})).headers?.['location']).toBe('/admin/login?error=invalid');
  });

  it(`refuses even the right password after ${maxFailures} wrong ones`, async () => {
    const { login } = setUp();
    for (let attempt = 0; attempt < maxFailures; attempt += 1) await login({ password: 'guess' });
    const reply = await login({ password: 'open sesame', lang: 'fr' });
    expect(reply.headers?.['location']).toBe('/admin/login?lang=fr&error=throttled');
    expect(reply.headers?.['set-cookie']).toBeUndefined();
  });

  it(`refuses everyone, with a message that says so, after ${maxGlobalFailures} wrong passwords from all addresses`, async () => {
    const { dependencies } = setUp();
    const from = (client: string, password: string) =>
      handleLogin(
        { method: 'POST', headers: sameOrigin, body: { password }, client },
        dependencies,
      );
    for (let attempt = 0; attempt < maxGlobalFailures; attempt += 1)
      await from(`198.51.100.${attempt}`, 'guess');
    const reply = await from('192.0.2.1', 'open sesame');
    expect(reply.headers?.['location']).toBe('/admin/login?error=throttled');
    expect(reply.headers?.['set-cookie']).toBeUndefined();
    expect(reply.body).toEqual({
      message:
        'Too many wrong passwords from all addresses together: every sign-in waits 15 minutes',
    });
  });

  it.each([
    ['no Origin nor Sec-Fetch-Site', { host: 'shop.test' }],
    ['another origin', { host: 'shop.test', origin: 'https://evil.test' }],
    ['a cross-site fetch', { host: 'shop.test', 'sec-fetch-site': 'cross-site' }],
    ['Origin: null', { host: 'shop.test', origin: 'null' }],
  ])('refuses a post from %s with a 403, even with the right password', async (_case, headers) => {
    const { login } = setUp();
    const reply = await login({ password: 'open sesame' }, headers);
    expect(reply.status).toBe(403);
    expect(reply.headers?.['set-cookie']).toBeUndefined();
    expect(reply.body).toEqual({ message: 'This form must be sent from the storefront itself' });
  });

  it('answers 405 to anything but POST', async () => {
    const { dependencies } = setUp();
    const reply = await handleLogin(
      { method: 'GET', headers: sameOrigin, body: undefined, client: '10.0.0.1' },
      dependencies,
    );
    expect(reply).toMatchObject({ status: 405, headers: { allow: 'POST' } });
  });
});

describe('POST /api/admin/logout', () => {
  it('signs out, clears the cookie and returns to the sign-in page', async () => {
    const { auth, login, dependencies } = setUp();
    const session = cookieFrom((await login({ password: 'open sesame' })).headers?.['set-cookie']);
    const reply = handleLogout(
      { method: 'POST', headers: { ...sameOrigin, ...session }, body: { lang: 'fr' }, client: 'x' },
      dependencies,
    );
    expect(reply.status).toBe(303);
    expect(reply.headers?.['location']).toBe('/admin/login?lang=fr&signedOut=1');
    expect(reply.headers?.['set-cookie']).toMatch(
      /^vitrine_merchant=; Path=\/; Max-Age=0; HttpOnly/,
    );
    expect(auth.sessionOf(session, now)).toBeUndefined();
  });

  it('refuses a cross-site sign-out', () => {
    const { auth, dependencies } = setUp();
    const session = { cookie: `vitrine_merchant=${auth.signIn(now).token}` };
    const reply = handleLogout(
      {
        method: 'POST',
        headers: { host: 'shop.test', origin: 'https://evil.test', ...session },
        body: {},
        client: 'x',
      },
      dependencies,
    );
    expect(reply.status).toBe(403);
    expect(auth.sessionOf(session, now)).toBeDefined();
  });
});
