import type { GetServerSidePropsContext } from 'next';
import { afterEach, describe, expect, it } from 'vitest';
import { installAdminRuntime } from '../server/admin/admin-runtime.ts';
import { createMerchantAuth } from '../server/admin/merchant-auth.ts';
import { analyticsServerSideProps, loginServerSideProps } from './admin-server-side-props.ts';

const auth = createMerchantAuth({
  password: 'open sesame',
  sessionSecret: 'a-session-secret-of-at-least-32-characters',
});

function context(query: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = {};
  return {
    headers,
    context: {
      req: { headers: cookie ? { cookie } : {} },
      res: {
        setHeader: (name: string, value: string) => {
          headers[name] = value;
        },
      },
      query,
    } as unknown as GetServerSidePropsContext,
  };
}

const signedIn = () => `vitrine_merchant=${auth.signIn(Date.now()).token}`;

afterEach(() => installAdminRuntime(undefined));

const noConsole = () => {
  throw new Error('these pages never reach the console’s search access');
};

describe('the analytics page on the server', () => {
  it('sends a visitor without a session to the sign-in page, in their language, and caches nothing', async () => {
    installAdminRuntime({
      auth,
      analyticsAccess: () => {
        throw new Error('no analytics may be read without a session');
      },
      consoleAccess: noConsole,
      failedLoginDelayMs: 0,
    });
    const { context: fr, headers } = context({ lang: 'fr', days: '30' });
    expect(await analyticsServerSideProps(fr)).toEqual({
      redirect: { destination: '/admin/login?lang=fr', permanent: false },
    });
    expect(headers['cache-control']).toBe('private, no-store');
    const forged = context(
      {},
      'vitrine_merchant=1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(await analyticsServerSideProps(forged.context)).toMatchObject({
      redirect: { destination: '/admin/login' },
    });
  });

  it('shows the error state, with the period, when the Analytics API does not answer', async () => {
    installAdminRuntime({
      auth,
      analyticsAccess: () => ({ url: 'http://127.0.0.1:9', appId: 'vitrine', apiKey: 'key' }),
      consoleAccess: noConsole,
      failedLoginDelayMs: 0,
    });
    const result = await analyticsServerSideProps(
      context({ from: '2026-11-01', to: '2026-11-02' }, signedIn()).context,
    );
    expect(result).toEqual({
      props: {
        locale: 'en',
        range: { from: '2026-11-01', to: '2026-11-02', preset: null },
        rangeProblem: null,
        status: 'error',
        failure: 'unreachable',
      },
    });
  });
});

describe('the sign-in page on the server', () => {
  it('shows the form with the error the address names, and sends a signed-in merchant on', async () => {
    installAdminRuntime({
      auth,
      analyticsAccess: () => ({ url: 'http://127.0.0.1:9', appId: 'vitrine', apiKey: 'key' }),
      consoleAccess: noConsole,
      failedLoginDelayMs: 0,
    });
    expect(await loginServerSideProps(context({ error: 'invalid', lang: 'fr' }).context)).toEqual({
      props: { locale: 'fr', error: 'invalid', signedOut: false },
    });
    expect(await loginServerSideProps(context({ error: '<script>' }).context)).toEqual({
      props: { locale: 'en', error: null, signedOut: false },
    });
    expect(await loginServerSideProps(context({}, signedIn()).context)).toEqual({
      redirect: { destination: '/admin/analytics', permanent: false },
    });
  });
});
